import { useState } from 'react'
import type { SessionTarget } from './use-session-view'

/**
 * The session to show: the one named at start (`--session ID`), else a new one, until another is
 * opened. `initial` says it is still the one the client started with: only failing to open that
 * one ends the client.
 */
export function useSessionTarget(sessionId: string | undefined) {
  const [target, setTarget] = useState<SessionTarget>(() =>
    sessionId ? { kind: 'open', sessionId } : { kind: 'create' },
  )
  const [initialTarget] = useState(target)
  return { target, setTarget, initial: target === initialTarget }
}
