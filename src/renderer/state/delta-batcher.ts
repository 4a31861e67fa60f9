/** Schedules a callback for the next frame; `requestAnimationFrame` in the browser. */
export type FrameScheduler = (callback: () => void) => void

/** Collects items and hands them over at most once per frame. */
export type Batcher<T> = {
  push(item: T): void
  /** Hands over what is waiting now (before an event that must come after it). */
  flush(): void
}

/**
 * Coalesces high-rate items (text deltas) into one flush per animation frame, so a fast stream
 * costs one store update and one render per frame however many deltas arrive.
 */
export function createBatcher<T>(
  onFlush: (items: readonly T[]) => void,
  schedule: FrameScheduler,
): Batcher<T> {
  let waiting: T[] = []
  let scheduled = false
  const flush = () => {
    scheduled = false
    if (waiting.length === 0) return
    const items = waiting
    waiting = []
    onFlush(items)
  }
  return {
    push(item) {
      waiting.push(item)
      if (!scheduled) {
        scheduled = true
        schedule(flush)
      }
    },
    flush,
  }
}

/** What `frameScheduler` needs from the page: the next frame, and a task soon. */
export type FrameClock = {
  nextFrame(callback: () => void): void
  soon(callback: () => void): void
}

export const BROWSER_CLOCK: FrameClock = {
  nextFrame: (callback) => requestAnimationFrame(() => callback()),
  soon: (callback) => {
    // A message to ourselves runs as a task right after the ones already queued (the rest of a
    // burst of messages), without the 4 ms clamp of nested timers.
    const channel = new MessageChannel()
    channel.port1.onmessage = () => {
      channel.port1.close()
      callback()
    }
    channel.port2.postMessage(null)
  },
}

/**
 * At most one flush per frame, as early as possible: the first batch of a frame is handed over in
 * a task right after the burst that brought it, so it renders while the page waits for the next
 * frame anyway; anything arriving after that in the same frame waits for the next frame. (Always
 * waiting for the next frame would make every update wait for the frame and then for its render.)
 */
export function frameScheduler(clock: FrameClock = BROWSER_CLOCK): FrameScheduler {
  let flushedThisFrame = false
  const flushed = () => {
    if (flushedThisFrame) return
    flushedThisFrame = true
    clock.nextFrame(() => {
      flushedThisFrame = false
    })
  }
  return (callback) => {
    const run = () => {
      flushed()
      callback()
    }
    if (flushedThisFrame) clock.nextFrame(run)
    else clock.soon(run)
  }
}
