import { useEffect, useState } from 'react'

/**
 * False for `delayMs` after the component mounts (the prompt appeared), then true. Keys typed
 * while the agent worked (type-ahead) must never answer a prompt that showed up mid-typing, so a
 * prompt's keys act only once it is armed. Clicks are always deliberate and work at once. One
 * hook for both UIs: the web trays and the terminal prompts.
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
