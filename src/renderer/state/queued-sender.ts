import type { StoreApi } from 'zustand/vanilla'
import type { ParleyBridge } from '../../shared'
import {
  cancelQueuedMessage,
  editQueuedMessage,
  queueMessage,
  takeNextQueued,
} from '../../shared/queued-messages'
import { composerDraftChanged, messageQueueChanged, type AppState } from './app-state'
import { errorMessage } from '../../shared/plain-error'

/** Why the runtime would not start a turn now, where a queued message simply waits. */
const WAIT_REASONS = new Set(['busy', 'awaiting_input'])

/** Whether a refused send only means "not now": a turn runs, or a question waits. */
export function isWaitReason(reason: string): boolean {
  return WAIT_REASONS.has(reason)
}

/** How soon a message the runtime said "not now" to is offered again. */
const RETRY_MS = 500

export interface QueuedSender {
  /** Puts a message in the session's queue; it is sent when the session's turn ends. */
  queue(sessionId: string, text: string): void
  edit(sessionId: string, id: string, text: string): void
  cancel(sessionId: string, id: string): void
}

/**
 * Messages typed while a turn runs wait in the store (the shared pure model), and the oldest of
 * a session's goes as soon as that session is idle and the runtime is reachable, one per idle
 * moment. A message stays queued (and shown) until the runtime took it: a "not now" leaves it
 * for the next turn end; any other refusal puts its text back in an empty composer and says why.
 */
export function createQueuedSender({
  state,
  update,
  bridge,
  refuse,
}: {
  state: StoreApi<AppState>
  update: (fn: (s: AppState) => AppState) => void
  bridge: Pick<ParleyBridge, 'send'>
  /** Shows why a message was not taken. */
  refuse: (reason: string, message?: string) => void
}): QueuedSender {
  let made = 0
  const sending = new Set<string>()

  const sendNext = (s: AppState, sessionId: string) => {
    if (sending.has(sessionId) || s.connection !== 'open') return
    const running = s.sessions.find((x) => x.id === sessionId)?.running ?? false
    const taken = takeNextQueued(s.messageQueues[sessionId] ?? [], running)
    if (!taken) return
    const { next } = taken
    sending.add(sessionId)
    /** Taken, or refused for good: out of the queue; a refused text goes back to the composer. */
    const settle = (refused: { reason: string; message?: string | undefined } | null) => {
      sending.delete(sessionId)
      update((s) => {
        const out = messageQueueChanged(s, sessionId, (q) => cancelQueuedMessage(q, next.id))
        if (!refused || (s.composerDrafts[sessionId] ?? '') !== '') return out
        return composerDraftChanged(out, sessionId, next.text)
      })
      if (refused) refuse(refused.reason, refused.message)
    }
    bridge.send({ sessionId, text: next.text }).then(
      (result) => {
        if (result.ok) settle(null)
        else if (isWaitReason(result.reason)) {
          // Not now: tried again at the next change, or shortly if none comes.
          sending.delete(sessionId)
          setTimeout(() => sendNext(state.getState(), sessionId), RETRY_MS)
        } else settle(result)
      },
      (error: unknown) =>
        settle({
          reason: 'failed',
          message: errorMessage(error),
        }),
    )
  }

  state.subscribe((s) => {
    for (const sessionId of Object.keys(s.messageQueues)) sendNext(s, sessionId)
  })

  return {
    queue(sessionId, text) {
      made += 1
      const message = { id: `queued-${made}`, text }
      update((s) =>
        composerDraftChanged(
          messageQueueChanged(s, sessionId, (q) => queueMessage(q, message)),
          sessionId,
          '',
        ),
      )
    },
    edit(sessionId, id, text) {
      update((s) => messageQueueChanged(s, sessionId, (q) => editQueuedMessage(q, id, text)))
    },
    cancel(sessionId, id) {
      update((s) => messageQueueChanged(s, sessionId, (q) => cancelQueuedMessage(q, id)))
    },
  }
}
