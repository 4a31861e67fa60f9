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
