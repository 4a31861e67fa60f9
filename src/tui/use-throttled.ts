import { useEffect, useRef, useState } from 'react'

/**
 * `value`, refreshed at most once every `ms` while `active` (the newest value is shown at the end
 * of each window, never dropped); inactive, `value` itself. A reply streams in tens of deltas a
 * second: redrawing the terminal for each costs a cursor walk over the redrawn part every time,
 * while ten frames a second read the same.
 */
export function useThrottled<T>(value: T, ms: number, active: boolean): T {
  const [shown, setShown] = useState(value)
  const shownAt = useRef(0)
  // Kept in step while inactive (set while rendering), so turning active never shows an old value.
  if (!active && shown !== value) setShown(value)
  useEffect(() => {
    if (!active || shown === value) return
    const timer = setTimeout(
      () => {
        shownAt.current = Date.now()
        setShown(value)
      },
      Math.max(0, shownAt.current + ms - Date.now()),
    )
    return () => clearTimeout(timer)
  }, [value, ms, active, shown])
  return active ? shown : value
}
