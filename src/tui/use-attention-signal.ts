import { useEffect, useRef } from 'react'
import type { PendingInteraction } from '../shared/interactions'
import {
  attentionBytes,
  whatIsAsked,
  type NotifyChoice,
  type TerminalEnv,
} from './attention-signal'

/** Where the signal goes: the terminal ink draws on (a pipe has no `isTTY`, and gets nothing). */
export interface AttentionOut {
  readonly isTTY?: boolean
  write(bytes: string): unknown
}

/**
 * Rings the bell (and, where the terminal shows them, sends a desktop notification) when a
 * prompt arrives in the session on screen: once per burst of new requests, never for the ones
 * that were already waiting when the session opened (the person is looking at them).
 */
export function useAttentionSignal(options: {
  sessionId: string | undefined
  sessionTitle: string
  ready: boolean
  queue: readonly PendingInteraction[]
  choice: NotifyChoice
  env: TerminalEnv
  out: AttentionOut
}): void {
  const { sessionId, sessionTitle, ready, queue, choice, env, out } = options
  const known = useRef<{ sessionId: string | undefined; ids: Set<string> } | null>(null)
  useEffect(() => {
    const ids = queue.map((item) => item.requestId)
    const before = known.current
    if (!ready || !before || before.sessionId !== sessionId) {
      known.current = ready ? { sessionId, ids: new Set(ids) } : null
      return
    }
    const fresh = queue.filter((item) => !before.ids.has(item.requestId))
    for (const id of ids) before.ids.add(id)
    const first = fresh[0]
    if (!first) return
    const bytes = attentionBytes({
      choice,
      env,
      isTTY: out.isTTY === true,
      title: `${sessionTitle} needs your input`,
      body: fresh.length > 1 ? `${fresh.length} requests waiting` : whatIsAsked(first),
    })
    if (bytes !== '') out.write(bytes)
  }, [sessionId, sessionTitle, ready, queue, choice, env, out])
}
