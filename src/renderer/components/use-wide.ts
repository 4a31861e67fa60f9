import { useEffect, useState, type RefObject } from 'react'

/**
 * Whether an element is at least `minWidth` px wide, followed as it resizes (the window, or the
 * sidebar opening beside it). Without ResizeObserver (jsdom) it is taken as narrow.
 */
export function useWide(ref: RefObject<HTMLElement | null>, minWidth: number): boolean {
  const [wide, setWide] = useState(false)
  useEffect(() => {
    const el = ref.current
    if (!el || typeof ResizeObserver === 'undefined') return
    const measure = () => setWide(el.clientWidth >= minWidth)
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(el)
    return () => observer.disconnect()
  }, [ref, minWidth])
  return wide
}
