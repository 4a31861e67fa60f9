import { useLayoutEffect, type RefObject } from 'react'

/**
 * Holds a tray's height across the steps of one request: it may grow (a longer question, an
 * error under a field) but never shrinks back (a hint gone, a shorter question), so its top edge
 * does not jump while the person works through it. The tallest height seen is kept as the CSS
 * variable `--tray-held`, which the stylesheet turns into a min-height capped by the tray's own
 * max-height (so a window made smaller still fits it). The tray is keyed by request, so the next
 * request starts from its own height.
 */
export function useHeldHeight(ref: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const element = ref.current
    if (element === null || typeof ResizeObserver === 'undefined') return
    let held = 0
    const hold = () => {
      const height = element.getBoundingClientRect().height
      if (height <= held) return
      held = height
      element.style.setProperty('--tray-held', `${Math.ceil(held)}px`)
    }
    hold()
    const observer = new ResizeObserver(hold)
    observer.observe(element)
    return () => observer.disconnect()
  }, [ref])
}
