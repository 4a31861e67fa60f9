import { useEffect, useState } from 'react'

/**
 * False for `delayMs` after the component mounts (the tray appeared), then true. Keys typed while
 * the agent worked must never answer a prompt that appeared mid-typing, so a tray's shortcuts
 * (Enter, Escape, number keys) act only once it is armed. Clicks are always deliberate and work
 * at once.
 */
export function useArmed(delayMs: number): boolean {
  const [armed, setArmed] = useState(delayMs <= 0)
  useEffect(() => {
    if (delayMs <= 0) return
    const timer = setTimeout(() => setArmed(true), delayMs)
    return () => clearTimeout(timer)
  }, [delayMs])
  return armed
}

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
