import { composerDraftChanged, draftKey, errorShown, messageQueueOf } from './app-state'
import type { ChatActions } from './chat-actions'
import {
  attachmentAdded,
  attachmentRemoved,
  attachmentsMoved,
  attachmentsSent,
  composerAttachmentsOf,
} from './composer-attachments'
import { createQueuedSender, isWaitReason } from './queued-sender'
import type { StoreKit } from './store-kit'

/** Why a message with attachments is not queued while the agent works. */
const ATTACHMENTS_WAIT =
  'A message with attachments is sent when the agent is done: send it then, or stop the agent.'

/** The composer: its draft and attachments, `@` and search look-ups, sending and queued messages. */
export type ComposerActions = Pick<
  ChatActions,
  | 'send'
  | 'editQueuedMessage'
  | 'cancelQueuedMessage'
  | 'setComposerDraft'
  | 'addAttachment'
  | 'removeAttachment'
  | 'searchWorkspaceFiles'
  | 'searchSessions'
  | 'readAttachment'
>

export function composerActions(
  kit: StoreKit,
  createSession: ChatActions['createSession'],
): ComposerActions {
  const { bridge, state, update, fail, refuse } = kit
  const queued = createQueuedSender({ state, update, bridge, refuse })

  /** The draft typed before its session existed moves to the session just created for it. */
  const moveDraft = (key: string, id: string, text: string) =>
    update((s) =>
      attachmentsMoved(composerDraftChanged(composerDraftChanged(s, key, ''), id, text), key, id),
    )

  return {
    async send() {
      try {
        let sessionId = state.getState().activeSessionId
        const key = draftKey(sessionId)
        const text = state.getState().composerDrafts[key] ?? ''
        const attachments = composerAttachmentsOf(state.getState(), key)
        if (text.trim() === '') return false
        if (!sessionId) {
          sessionId = await createSession()
          if (!sessionId) return false
          moveDraft(key, sessionId, text)
        }
        const session = state.getState().sessions.find((x) => x.id === sessionId)
        const busy = session?.running || messageQueueOf(state.getState(), sessionId).length > 0
        // Queued messages are text: one with attachments waits in the box until the turn ends.
        if (busy && attachments.length > 0) {
          refuse('busy', ATTACHMENTS_WAIT)
          return false
        }
        // While a turn runs (or messages already wait), it waits its turn in the queue.
        if (busy) {
          queued.queue(sessionId, text)
          return true
        }
        const result = await bridge.send({
          sessionId,
          text,
          ...(attachments.length > 0 ? { attachments: [...attachments] } : {}),
        })
        if (!result.ok && isWaitReason(result.reason) && attachments.length > 0) {
          refuse(result.reason, ATTACHMENTS_WAIT)
          return false
        }
        if (!result.ok && isWaitReason(result.reason)) {
          // The runtime knew of a turn this view had not seen yet: the message waits for it.
          queued.queue(sessionId, text)
          return true
        }
        if (!result.ok) {
          refuse(result.reason, result.message)
          return false
        }
        const id = sessionId
        // Only clear what was sent: text typed meanwhile stays.
        update((s) =>
          attachmentsSent(
            s.composerDrafts[id] === text ? composerDraftChanged(errorShown(s, null), id, '') : s,
            id,
            attachments,
          ),
        )
        return true
      } catch (error) {
        fail(error)
        return false
      }
    },

    editQueuedMessage(sessionId, id, text) {
      queued.edit(sessionId, id, text)
    },

    cancelQueuedMessage(sessionId, id) {
      queued.cancel(sessionId, id)
    },

    setComposerDraft(sessionId, text) {
      update((s) => composerDraftChanged(s, sessionId, text))
    },

    addAttachment(key, attachment) {
      const before = state.getState()
      update((s) => attachmentAdded(s, key, attachment))
      return state.getState() !== before
    },

    removeAttachment(key, index) {
      update((s) => attachmentRemoved(s, key, index))
    },

    async searchWorkspaceFiles(sessionId, query) {
      try {
        const found = await bridge.searchWorkspaceFiles({ sessionId, query })
        return found.ok ? found.paths : []
      } catch {
        return []
      }
    },

    async searchSessions(query) {
      try {
        const found = await bridge.searchSessions({ query })
        return new Map(found.matches.map((m) => [m.sessionId, m.snippet]))
      } catch {
        return new Map()
      }
    },

    async readAttachment(sessionId, sha256) {
      try {
        const read = await bridge.readAttachment({ sessionId, sha256 })
        return read.ok ? `data:${read.mediaType};base64,${read.data}` : null
      } catch {
        return null
      }
    },
  }
}
