import { useSyncExternalStore } from 'react'

const MINUTE = 60_000

/**
 * One clock for every "5 min ago" on screen: a single timer, ticking once a minute while anything
 * shows a relative time, instead of a timer (and a re-render right after mounting) per row.
 */
function createMinuteClock(clock: () => number = () => Date.now()) {
  let now = clock()
  let timer: ReturnType<typeof setInterval> | undefined
  const listeners = new Set<() => void>()
  const tick = () => {
    now = clock()
    for (const listener of listeners) listener()
  }
  return {
    subscribe(listener: () => void): () => void {
      if (listeners.size === 0) {
        // It stood still while nothing showed a time: catch up (the subscriber re-renders once).
        now = clock()
        timer = setInterval(tick, MINUTE)
      }
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
        if (listeners.size === 0) clearInterval(timer)
      }
    },
    now: () => now,
  }
}

const MINUTE_CLOCK = createMinuteClock()

/** The current time, to the minute: re-renders the caller once a minute with every other caller. */
export function useMinuteClock(): number {
  return useSyncExternalStore(MINUTE_CLOCK.subscribe, MINUTE_CLOCK.now)
}
