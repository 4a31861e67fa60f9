import { useEffect, useState } from 'react'
import { PROMPT_ARMING_MS } from '../shared/prompt-arming'

/** What a prompt says while it still ignores keys. */
export const ARMING_HINT = 'Just a moment: typed keys are ignored'

/**
 * False for `PROMPT_ARMING_MS` after the prompt appeared, then true. Keys typed while the agent
 * worked (type-ahead) must never answer a prompt that showed up mid-typing; a prompt ignores
 * every key until it is armed, and says so.
 */
export function usePromptArming(ms = PROMPT_ARMING_MS): boolean {
  const [armed, setArmed] = useState(ms <= 0)
  useEffect(() => {
    if (ms <= 0) return
    const timer = setTimeout(() => setArmed(true), ms)
    return () => clearTimeout(timer)
  }, [ms])
  return armed
}
