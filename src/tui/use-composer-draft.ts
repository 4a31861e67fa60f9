import { useRef, useState } from 'react'
import { EMPTY_COMPOSER, type ComposerState } from './composer-state'

/**
 * The message box's draft, with a ref key handlers read at once (keys typed together come before
 * the next render).
 */
export function useComposerDraft() {
  const [composer, setComposer] = useState<ComposerState>(EMPTY_COMPOSER)
  const composerRef = useRef(composer)
  const setDraft = (next: ComposerState) => {
    composerRef.current = next
    setComposer(next)
  }
  return { composer, composerRef, setDraft }
}
