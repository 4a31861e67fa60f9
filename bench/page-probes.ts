/**
 * Instruments the page before the app loads (an init script, plain JavaScript): when WebSocket
 * messages arrive, when something appears on screen (the first frame painted after the DOM got
 * it: a frame callback, then a task after that frame), long tasks, and frame times.
 *
 * Read from the benchmark with `page.evaluate('…')` strings; the e2e/bench code is type-checked
 * without DOM typings.
 */
export const PAGE_PROBES = String.raw`
(() => {
  /** Set while the app's frame callbacks run and until the next task (see afterPaint). */
  let inFrame = false
  const probe = {
    longTasks: [],
    messages: {},
    painted: {},
    frames: null,
  }
  window.__probe = probe
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) probe.longTasks.push({ start: entry.startTime, duration: entry.duration })
  }).observe({ type: 'longtask', buffered: true })

  // First arrival of a WebSocket message containing a marker, before the app handles it.
  const watchedMessages = new Map()
  probe.watchMessage = (name, marker) => {
    delete probe.messages[name]
    watchedMessages.set(name, marker)
  }
  probe.lastMessageAt = 0
  probe.lastDeltaAt = 0
  const Native = window.WebSocket
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args)
      this.addEventListener('message', (event) => {
        inFrame = false
        const now = performance.now()
        probe.lastMessageAt = now
        const data = String(event.data)
        if (data.includes('"text_delta"')) probe.lastDeltaAt = now
        if (watchedMessages.size === 0) return
        for (const [name, marker] of watchedMessages) {
          if (data.includes(marker)) {
            probe.messages[name] = now
            watchedMessages.delete(name)
          }
        }
      })
    }
  }

  // The app applies its updates in frame callbacks: a DOM change made there (or in the microtasks
  // right after one) is painted at the end of that same frame, and a task queued then runs after
  // that paint. A change made in a task (a message, a click, a reply) is painted in the next
  // frame. Frame callbacks set the flag; the tasks that can change the DOM clear it.
  const nativeFrame = window.requestAnimationFrame.bind(window)
  window.requestAnimationFrame = (callback) =>
    nativeFrame((t) => {
      inFrame = true
      callback(t)
    })
  window.addEventListener('click', () => (inFrame = false), true)
  window.addEventListener('keydown', () => (inFrame = false), true)
  const afterTask = (done) =>
    setTimeout(() => {
      inFrame = false
      done(performance.now())
    }, 0)
  const afterPaint = (done) => (inFrame ? afterTask(done) : nativeFrame(() => afterTask(done)))

  // Whether the conversation's scroller shows its end (read after a frame, when layout is done).
  const atEnd = () => {
    const el = document.querySelector('[role=log][aria-label="Conversation"]')
    return !el || el.scrollTop + el.clientHeight >= el.scrollHeight - 2
  }
  // After a paint: the first one where the conversation is at its end, if that is asked for.
  const paintAtEnd = (wantEnd, done) =>
    afterPaint((t) => (!wantEnd || atEnd() ? done(t) : paintAtEnd(true, done)))

  // The time the page first shows an element matching a selector, or text containing a marker
  // (with atEnd: and the conversation scrolled to its end, as a person opening it sees it).
  probe.watchPaint = (name, what) => {
    delete probe.painted[name]
    const found = () => {
      if (what.selector) return document.querySelector(what.selector) !== null
      return false
    }
    const hasText = (node) => node && node.textContent && node.textContent.includes(what.text)
    const observer = new MutationObserver((records) => {
      let hit = what.selector ? found() : false
      if (!hit && what.text) {
        for (const record of records) {
          if (record.type === 'characterData' && hasText(record.target)) hit = true
          for (const node of record.addedNodes) if (hasText(node)) hit = true
          if (hit) break
        }
      }
      if (!hit) return
      observer.disconnect()
      paintAtEnd(what.atEnd === true, (t) => (probe.painted[name] = t))
    })
    observer.observe(document, {
      subtree: true,
      childList: true,
      characterData: true,
    })
  }
  // The composer's first frame, watched from before the app's scripts run.
  probe.watchPaint('composer', { selector: 'textarea[aria-label="Message"]' })

  // Clicks are stamped when dispatched, before the app sees them.
  probe.lastClickAt = 0
  window.addEventListener('click', () => (probe.lastClickAt = performance.now()), true)

  // Frame times between start and stop.
  probe.startFrames = () => {
    const frames = { times: [], running: true }
    probe.frames = frames
    const tick = (t) => {
      frames.times.push(t)
      if (frames.running) requestAnimationFrame(tick)
    }
    requestAnimationFrame(tick)
  }
  probe.stopFrames = () => {
    if (!probe.frames) return []
    probe.frames.running = false
    const t = probe.frames.times
    return t.slice(1).map((x, i) => x - t[i])
  }
  probe.now = () => performance.now()
  probe.epoch = (t) => performance.timeOrigin + t
})()
`
