import { useEffect, useRef, useState } from 'react'

/** How long a hint stays in the status row. */
const HINT_MS = 4_000

/**
 * The status row's hint: it goes after HINT_MS, or after the time `hintFor` set for it ("press
 * Ctrl+C again" only as long as that is true).
 */
export function useHint() {
  const [hint, setHint] = useState<string | null>(null)
  const hintMs = useRef(HINT_MS)
  useEffect(() => {
    if (!hint) return
    const ms = hintMs.current
    hintMs.current = HINT_MS
    const timer = setTimeout(() => setHint(null), ms)
    return () => clearTimeout(timer)
  }, [hint])
  /** The next hint shown stays `ms` (then HINT_MS again). */
  const hintFor = (ms: number) => {
    hintMs.current = ms
  }
  return { hint, setHint, hintFor }
}
