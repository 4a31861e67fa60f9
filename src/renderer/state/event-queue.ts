/** Schedules a callback for the next frame; `requestAnimationFrame` in the browser. */
export type FrameScheduler = (callback: () => void) => void

/** Collects items and hands them over in order, a batch at a time. */
export type Batcher<T> = {
  push(item: T): void
  /** Hands over what is waiting now (before something that must come after it). */
  flush(): void
}

/** What `createEventQueue` needs from the page: the next frame, and a task soon. */
export type FrameClock = {
  nextFrame(callback: () => void): void
  soon(callback: () => void): void
}

/**
 * A message to ourselves runs as a task right after the ones already queued (the rest of a burst
 * of messages), without the 4 ms clamp of nested timers. One channel for the page: opening one
 * per burst costs more than the burst's own work.
 */
function messageTask(): (callback: () => void) => void {
  let channel: MessageChannel | undefined
  const waiting: Array<() => void> = []
  return (callback) => {
    if (!channel) {
      channel = new MessageChannel()
      channel.port1.onmessage = () => waiting.shift()?.()
    }
    waiting.push(callback)
    channel.port2.postMessage(null)
  }
}

export const BROWSER_CLOCK: FrameClock = {
  nextFrame: (callback) => requestAnimationFrame(() => callback()),
  soon: messageTask(),
}

/**
 * The page's queue of live changes, applied in arrival order in one go. Text deltas come by the
 * hundred: they wait for the next frame, so a fast stream costs one render per frame. Anything
 * else (a record, a request, an answer's outcome) is handed over in a task right after the burst
 * of messages that brought it, so it renders while the page waits for the next frame anyway, and
 * the messages of one burst render once. Whichever comes first hands over everything waiting.
 */
export function createEventQueue<T>(
  onFlush: (items: readonly T[]) => void,
  clock: FrameClock,
  urgent: (item: T) => boolean,
): Batcher<T> {
  let waiting: T[] = []
  let soon = false
  let frame = false
  const flush = () => {
    if (waiting.length === 0) return
    const items = waiting
    waiting = []
    onFlush(items)
  }
  return {
    push(item) {
      waiting.push(item)
      if (urgent(item)) {
        if (soon) return
        soon = true
        clock.soon(() => {
          soon = false
          flush()
        })
      } else if (!frame) {
        frame = true
        clock.nextFrame(() => {
          frame = false
          flush()
        })
      }
    },
    flush,
  }
}
