import { useEffect, useRef } from 'react'
import { takesKeys } from '../tray/number-keys-anywhere'

/**
 * `j` and `k` move through the inbox (down and up), as in a mail client, wherever focus is but a
 * field being typed in, a menu or a dialog; a modal open above the inbox keeps them too.
 */
export function useInboxKeys(onStep: (step: 1 | -1) => void): void {
  const step = useRef(onStep)
  useEffect(() => {
    step.current = onStep
  }, [onStep])
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'j' && event.key !== 'k') return
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return
      if (event.isComposing || takesKeys(event.target)) return
      if (document.querySelector('[aria-modal="true"]') !== null) return
      event.preventDefault()
      step.current(event.key === 'j' ? 1 : -1)
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [])
}
