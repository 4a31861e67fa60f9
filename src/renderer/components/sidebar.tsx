import { useState, type KeyboardEvent } from 'react'
import { LIMITS, type SessionSummary } from '../../shared'
import { needsInput } from '../state/app-state'
import { useActions, useChat } from '../state/chat-context'
import { shortPath } from './short-path'

/** Sessions, newest first, with new / switch / rename / delete. */
export function Sidebar({ onOpenSettings }: { onOpenSettings: () => void }) {
  const actions = useActions()
  const sessions = useChat((s) => s.sessions)
  return (
    <nav className="sidebar" aria-label="Sessions">
      <div className="sidebar-top">
        <span className="brand">Parley</span>
        <button
          type="button"
          className="button-secondary new-session"
          onClick={() => void actions.createSession()}
        >
          New session
        </button>
      </div>
      <ul className="session-list">
        {sessions.map((session) => (
          <SessionRow key={session.id} session={session} />
        ))}
      </ul>
      {sessions.length === 0 && <p className="sidebar-empty">No sessions yet.</p>}
      <div className="sidebar-bottom">
        <button type="button" className="button-quiet" onClick={onOpenSettings}>
          Settings
        </button>
      </div>
    </nav>
  )
}

function SessionRow({ session }: { session: SessionSummary }) {
  const actions = useActions()
  const active = useChat((s) => s.activeSessionId === session.id)
  const waiting = useChat((s) => needsInput(s, session))
  const [editing, setEditing] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const [title, setTitle] = useState(session.title)

  const open = () => void actions.selectSession(session.id)
  // A link without href (the URL fragment holds the access token), so keys are wired by hand.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault()
      open()
    }
  }
  const commit = () => {
    setEditing(false)
    if (title.trim() && title.trim() !== session.title) {
      void actions.renameSession(session.id, title)
    }
  }

  return (
    <li className={`session-row${active ? ' is-active' : ''}`}>
      {editing ? (
        <input
          className="rename-input"
          aria-label="Session title"
          value={title}
          maxLength={LIMITS.sessionTitle}
          autoFocus
          onChange={(e) => setTitle(e.target.value)}
          onBlur={commit}
          onKeyDown={(e) => {
            if (e.key === 'Enter') commit()
            if (e.key === 'Escape') {
              setTitle(session.title)
              setEditing(false)
            }
          }}
        />
      ) : (
        <a
          role="link"
          tabIndex={0}
          className="session-link"
          aria-current={active ? 'page' : undefined}
          onClick={open}
          onKeyDown={onKeyDown}
        >
          <span className="session-title">{session.title}</span>
          <span className="session-workspace" title={session.workspace}>
            {shortPath(session.workspace)}
          </span>
          {session.damaged !== undefined && (
            // Never silently gone: a log that cannot be read is listed, and says so.
            <span className="session-status is-damaged" title={session.damaged}>
              Damaged
            </span>
          )}
          {(waiting || session.running) && (
            <span className={`session-status${waiting ? ' needs-input' : ''}`}>
              {waiting ? 'Needs input' : 'Working…'}
            </span>
          )}
        </a>
      )}
      {!editing && (
        <span className="session-actions">
          {confirming ? (
            <>
              <button
                type="button"
                className="button-danger small"
                onClick={() => void actions.removeSession(session.id)}
              >
                Delete
              </button>
              <button
                type="button"
                className="button-quiet small"
                onClick={() => setConfirming(false)}
              >
                Keep
              </button>
            </>
          ) : (
            <>
              <button
                type="button"
                className="icon-button"
                aria-label="Rename"
                title="Rename"
                onClick={() => {
                  setTitle(session.title)
                  setEditing(true)
                }}
              >
                ✎
              </button>
              <button
                type="button"
                className="icon-button"
                aria-label="Delete"
                title="Delete"
                onClick={() => setConfirming(true)}
              >
                ×
              </button>
            </>
          )}
        </span>
      )}
    </li>
  )
}
