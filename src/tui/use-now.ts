import { useEffect, useState } from 'react'

/** The current time, refreshed every `everyMs` while `active` (a countdown's clock). */
export function useNow(everyMs: number, active: boolean): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (!active) return
    const timer = setInterval(() => setNow(Date.now()), everyMs)
    return () => clearInterval(timer)
  }, [everyMs, active])
  return now
}
