import { useEffect, useState } from 'react'

/**
 * The current time, refreshed every `everyMs` while `active`: the clock behind a countdown, a
 * spinner's elapsed time or "5 min ago". Inactive, it stands still (nothing re-renders); when it
 * becomes active it catches up at once instead of showing a stale time until the first tick.
 */
export function useNow({ everyMs, active }: { everyMs: number; active: boolean }): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (!active) return
    const first = setTimeout(() => setNow(Date.now()), 0)
    const timer = setInterval(() => setNow(Date.now()), everyMs)
    return () => {
      clearTimeout(first)
      clearInterval(timer)
    }
  }, [everyMs, active])
  return now
}
