import { contextUsageText } from '../../shared/context-usage-words'
import { activeSession } from '../state/app-state'
import { useChat } from '../state/chat-context'
import { useShell } from '../shell/shell-context'
import type { SessionSummary } from '../../shared/bridge'

const CONNECTION_TEXT = {
  connecting: 'Connecting…',
  reconnecting: 'Offline, reconnecting…',
  refused: 'Not connected',
  open: '',
} as const

/** Context used and cost so far: short to see, whole in words for a screen reader. */
function UsageChip({ usage }: { usage: NonNullable<SessionSummary['usage']> }) {
  const text = contextUsageText(usage)
  return (
    <span className="chat-usage" title={text.spoken}>
      <span aria-hidden="true">{text.short}</span>
      <span className="visually-hidden">{text.spoken}</span>
    </span>
  )
}

/** The open session's title, its ACP agent (when it has one), the context it uses and its cost, workspace, the session-list toggle, and the link state. */
export function ChatHeader() {
  const session = useChat(activeSession)
  const connection = useChat((s) => s.connection)
  const shell = useShell()
  return (
    <header className="chat-header">
      <button
        type="button"
        className="icon-button sidebar-toggle"
        aria-label="Session list"
        aria-expanded={shell.sidebarOpen}
        aria-controls="sidebar"
        title={shell.sidebarOpen ? 'Hide the session list' : 'Show the session list'}
        onClick={() => shell.setSidebarOpen(!shell.sidebarOpen)}
      >
        <span aria-hidden="true">☰</span>
      </button>
      <div className="chat-heading">
        <h1 className="chat-title">{session?.title ?? 'Parley'}</h1>
        {session?.agent && (
          <span className="chat-agent">
            <span className="visually-hidden">Agent: </span>
            {session.agent.name}
          </span>
        )}
        {session?.usage && <UsageChip usage={session.usage} />}
        {session && (
          <span className="chat-workspace" title={session.workspace}>
            <span className="visually-hidden">Workspace: </span>
            {session.workspace}
          </span>
        )}
        {session?.instructionsFile && (
          <span
            className="chat-instructions"
            title={`Parley's agent follows ${session.instructionsFile} at the workspace root; it is read again every turn`}
          >
            <span className="visually-hidden">Project instructions: </span>
            {session.instructionsFile}
          </span>
        )}
      </div>
      {connection !== 'open' && (
        <span className="connection" role="status">
          {CONNECTION_TEXT[connection]}
        </span>
      )}
    </header>
  )
}
