import { useEffect, type RefObject } from 'react'

/** Where a digit is being typed, or chosen with, by something other than the tray. */
export function takesKeys(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  if (target.isContentEditable || target instanceof HTMLTextAreaElement) return true
  if (target instanceof HTMLSelectElement) return true
  if (target instanceof HTMLInputElement)
    return !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(target.type)
  return target.closest('[role="menu"], [role="listbox"], [role="dialog"]') !== null
}

/**
 * While a tray is at the head of the queue, its number keys work wherever focus has wandered
 * (Tab past Stop to the page, the session list), not only inside it: a digit typed outside any
 * field is handed to the tray, which gets focus, as if it had been typed there. Typing in another
 * field, a menu or a dialog keeps its digits; so does a page with a modal open. Only once the
 * tray is armed, so type-ahead never reaches it.
 */
export function useNumberKeysFromAnywhere(
  regionRef: RefObject<HTMLElement | null>,
  armed: boolean,
): void {
  useEffect(() => {
    if (!armed) return
    const onKeyDown = (event: KeyboardEvent) => {
      const region = regionRef.current
      if (region === null || event.defaultPrevented || !/^[0-9]$/.test(event.key)) return
      if (event.altKey || event.ctrlKey || event.metaKey || event.isComposing) return
      if (event.target instanceof Node && region.contains(event.target)) return
      if (takesKeys(event.target)) return
      if (document.querySelector('[aria-modal="true"]') !== null) return
      event.preventDefault()
      region.focus({ preventScroll: true })
      region.dispatchEvent(new KeyboardEvent('keydown', { key: event.key, bubbles: true }))
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [regionRef, armed])
}
