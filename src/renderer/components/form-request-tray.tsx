import { useMemo } from 'react'
import type { FormResponse, PendingInteraction } from '../../shared'
import { questionAnswers } from '../../shared/form-answers'
import type { FormRequest } from '../../shared/form-buttons'
import { normalizeDraft, questionsToForm } from '../../shared/form-state'
import { useActions, useChat, usePromptArmingMs } from '../state/chat-context'
import { FormTray } from './form-tray'

/**
 * A form request in the tray, whoever asked it: the one form tray wired to the store. Every
 * change is saved as a draft (a reload or a restart brings it back where it was). A form's
 * answer, decline or cancel goes to the ACP agent or MCP server that asked; AskUserQuestion's
 * answers go back as the tool's pinned answers. When the asker is gone, the answers can go as a
 * new message to it, or the request is dismissed. Escape hands the place back to the composer
 * (`onClose`); the request keeps waiting.
 */
export function FormRequestTray({
  request,
  waiting,
  onClose,
}: {
  request: FormRequest
  waiting: readonly PendingInteraction[]
  onClose?: () => void
}) {
  const actions = useActions()
  const armingMs = usePromptArmingMs()
  const draft = useChat((s) => s.formDrafts[request.requestId] ?? null)
  const { sessionId, requestId } = request
  const questions = request.kind === 'question' ? request.questions : null
  const questionSpec = useMemo(() => questions && questionsToForm(questions), [questions])

  const respond = (response: FormResponse) => {
    if (!questions || !questionSpec) return actions.respondToForm(sessionId, requestId, response)
    // A question is only ever accepted: its answers come from the draft as it stands.
    if (response.action !== 'accept') return false
    const answered = normalizeDraft(questionSpec, draft ?? request.draft)
    return actions.respondToQuestion(sessionId, requestId, questionAnswers(questions, answered))
  }
  return (
    <FormTray
      interaction={request}
      draft={draft}
      waiting={waiting}
      armingMs={armingMs}
      onDraft={(next) =>
        request.kind === 'question'
          ? actions.saveQuestionDraft(requestId, next)
          : actions.saveFormDraft(requestId, next)
      }
      onRespond={respond}
      onSendAsMessage={(response) => actions.sendFormAsMessage(sessionId, requestId, response)}
      onDismiss={() => actions.dismissInteraction(sessionId, requestId)}
      onStop={() => void actions.stop(sessionId)}
      {...(onClose && { onClose })}
    />
  )
}
