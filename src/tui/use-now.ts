import { useEffect, useState } from 'react'

/** The current time, refreshed every `everyMs` while `active` (a countdown's clock). */
export function useNow(everyMs: number, active: boolean): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (!active) return
    // The clock stood still while inactive: catch up at once, then tick.
    const first = setTimeout(() => setNow(Date.now()), 0)
    const timer = setInterval(() => setNow(Date.now()), everyMs)
    return () => {
      clearTimeout(first)
      clearInterval(timer)
    }
  }, [everyMs, active])
  return now
}
