import { formDraftChanged, requestSettled } from './app-state'
import type { ChatActions } from './chat-actions'
import type { StoreKit } from './store-kit'

/** Answering what waits in the tray: permissions, questions, forms, and their saved drafts. */
export type AnswerActions = Pick<
  ChatActions,
  | 'respondToPermission'
  | 'respondToQuestion'
  | 'respondToAgentPermission'
  | 'respondToForm'
  | 'sendFormAsMessage'
  | 'dismissInteraction'
  | 'saveQuestionDraft'
  | 'saveFormDraft'
>

/** What every answering call returns: taken, or refused with a reason. */
type AnswerResult = { ok: true } | { ok: false; reason: string; message?: string | undefined }

export function answerActions({ bridge, update, fail, refuse, later }: StoreKit): AnswerActions {
  /**
   * Sends the person's answer to a request. "unknown_request" means it was already settled
   * (answered in another tab, stopped, timed out): the tray closes either way.
   */
  const answer = async (
    sessionId: string,
    requestId: string,
    send: () => Promise<AnswerResult>,
  ): Promise<boolean> => {
    try {
      const result = await send()
      if (!result.ok && result.reason !== 'unknown_request') {
        refuse(result.reason, result.message)
        return false
      }
      later((s) => requestSettled(s, sessionId, requestId))
      return true
    } catch (error) {
      fail(error)
      return false
    }
  }

  return {
    respondToPermission({ sessionId, requestId, decision, remember, scope, note }) {
      const trimmed = note?.trim() ?? ''
      return answer(sessionId, requestId, () =>
        bridge.respondToPermission({
          requestId,
          decision,
          remember,
          ...(remember && scope && scope !== 'turn' ? { scope } : {}),
          ...(decision === 'deny' && trimmed !== '' ? { note: trimmed } : {}),
        }),
      )
    },

    respondToQuestion(sessionId, requestId, answers) {
      return answer(sessionId, requestId, () => bridge.respondToQuestion({ requestId, answers }))
    },

    respondToAgentPermission(sessionId, requestId, optionId) {
      return answer(sessionId, requestId, () =>
        bridge.respondToAgentPermission({ requestId, optionId }),
      )
    },

    respondToForm(sessionId, requestId, response) {
      return answer(sessionId, requestId, () => bridge.respondToForm({ requestId, response }))
    },

    sendFormAsMessage(sessionId, requestId, response) {
      return answer(sessionId, requestId, () => bridge.sendFormAsMessage({ requestId, response }))
    },

    dismissInteraction(sessionId, requestId) {
      // A live request is refused (answer it or Stop): the tray stays, saying why.
      return answer(sessionId, requestId, () => bridge.dismissInteraction({ requestId }))
    },

    saveQuestionDraft(requestId, draft) {
      update((s) => formDraftChanged(s, requestId, draft))
      // Best effort: the form on screen stays right even when the save fails.
      bridge.saveQuestionDraft({ requestId, draft }).catch(() => undefined)
    },

    saveFormDraft(requestId, draft) {
      update((s) => formDraftChanged(s, requestId, draft))
      bridge.saveFormDraft({ requestId, draft }).catch(() => undefined)
    },
  }
}
