import { useEffect } from 'react'
import { activeSession } from '../state/app-state'
import { useChat } from '../state/chat-context'

const CONNECTION_TEXT = {
  connecting: 'Connecting…',
  reconnecting: 'Connection lost — reconnecting…',
  open: '',
} as const

/** The open session's title and workspace, and the link state when it is not up. */
export function ChatHeader() {
  const session = useChat(activeSession)
  const connection = useChat((s) => s.connection)
  const title = session?.title
  useEffect(() => {
    document.title = title ? `${title} · Parley` : 'Parley'
  }, [title])
  return (
    <header className="chat-header">
      <div className="chat-heading">
        <h1 className="chat-title">{session?.title ?? 'Parley'}</h1>
        {session && <span className="chat-workspace">{session.workspace}</span>}
      </div>
      {connection !== 'open' && (
        <span className="connection" role="status">
          {CONNECTION_TEXT[connection]}
        </span>
      )}
    </header>
  )
}
