import { activeSession } from '../state/app-state'
import { useChat } from '../state/chat-context'
import { MODE_HINT } from './pickers'

/** On an empty session: where the agent will work and how freely, before anything is sent. */
export function SessionIntro() {
  const workspace = useChat((s) => activeSession(s)?.workspace)
  const mode = useChat((s) => activeSession(s)?.mode)
  if (!workspace || !mode) return null
  return (
    <dl className="session-intro">
      <div>
        <dt>Workspace</dt>
        <dd>
          <code className="chip">{workspace}</code>
        </dd>
      </div>
      <div>
        <dt>Mode</dt>
        <dd>{MODE_HINT[mode]} (change it below the message box)</dd>
      </div>
    </dl>
  )
}
