/** The arming hook is shared with the terminal; the web trays import it from here too. */
export { useArmed } from '../../ui-common/use-armed'

/** Keys a tray reacts to; while it arms, these are swallowed so nothing acts on them. */
export function isTrayKey(key: string): boolean {
  return key === 'Enter' || key === ' ' || key === 'Escape' || /^[0-9]$/.test(key)
}

/** Where a tray key is typing, not a command: a text box (a number field is one too). */
export function isTextEntry(target: EventTarget): boolean {
  return (
    target instanceof HTMLTextAreaElement ||
    (target instanceof HTMLInputElement && target.type === 'text')
  )
}
