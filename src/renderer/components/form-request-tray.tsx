import type { FormInteraction, PendingInteraction } from '../../shared'
import { useActions, useChat, usePromptArmingMs } from '../state/chat-context'
import { FormTray } from './form-tray'

/**
 * A form from an ACP agent or an MCP server, in the tray: the form tray wired to the store. Every
 * change is saved as a draft (a reload or a restart brings the form back where it was); the
 * answer, a decline or a cancel goes to the asker; when the asker is gone, the answers can go as
 * a new message to it, or the request is dismissed.
 */
export function FormRequestTray({
  request,
  waiting,
}: {
  request: FormInteraction
  waiting: readonly PendingInteraction[]
}) {
  const actions = useActions()
  const armingMs = usePromptArmingMs()
  const draft = useChat((s) => s.formDrafts[request.requestId] ?? null)
  const { sessionId, requestId } = request
  return (
    <FormTray
      interaction={request}
      draft={draft}
      waiting={waiting}
      armingMs={armingMs}
      onDraft={(next) => actions.saveFormDraft(requestId, next)}
      onRespond={(response) => actions.respondToForm(sessionId, requestId, response)}
      onSendAsMessage={(response) => actions.sendFormAsMessage(sessionId, requestId, response)}
      onDismiss={() => actions.dismissInteraction(sessionId, requestId)}
      onStop={() => void actions.stop(sessionId)}
    />
  )
}
