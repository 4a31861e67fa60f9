import { useLayoutEffect, useRef, useState } from 'react'
import type { QueuedMessage } from '../../shared/queued-messages'
import { messageQueueOf } from '../state/app-state'
import { useActions, useChat } from '../state/chat-context'

/** One queued message: its text, or a box to change it; Edit and Cancel. */
function QueuedRow({ sessionId, message }: { sessionId: string; message: QueuedMessage }) {
  const actions = useActions()
  // The text being edited: the queue changes only when the edit is done (blank then cancels it).
  const [editing, setEditing] = useState<string | null>(null)
  const boxRef = useRef<HTMLTextAreaElement>(null)
  const editRef = useRef<HTMLButtonElement>(null)
  const isEditing = editing !== null
  useLayoutEffect(() => {
    if (isEditing) boxRef.current?.focus()
  }, [isEditing])
  const finish = () => {
    if (editing !== null) actions.editQueuedMessage(sessionId, message.id, editing)
    setEditing(null)
    // Back on the row's Edit button, once it is there again.
    requestAnimationFrame(() => editRef.current?.focus())
  }
  return (
    <li className="queued-message">
      <span className="queued-badge">Queued</span>
      {editing !== null ? (
        <textarea
          ref={boxRef}
          className="queued-edit"
          aria-label="Queued message"
          rows={2}
          value={editing}
          onChange={(e) => setEditing(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.preventDefault()
              setEditing(null)
            } else if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault()
              finish()
            }
          }}
        />
      ) : (
        <span className="queued-text">{message.text}</span>
      )}
      <span className="queued-actions">
        {editing !== null ? (
          <button type="button" className="button-secondary small" onClick={finish}>
            Done
          </button>
        ) : (
          <button
            ref={editRef}
            type="button"
            className="button-secondary small"
            aria-label={`Edit queued message: ${message.text.slice(0, 60)}`}
            onClick={() => setEditing(message.text)}
          >
            Edit
          </button>
        )}
        <button
          type="button"
          className="button-quiet small"
          aria-label={`Cancel queued message: ${message.text.slice(0, 60)}`}
          onClick={() => actions.cancelQueuedMessage(sessionId, message.id)}
        >
          Cancel
        </button>
      </span>
    </li>
  )
}

/**
 * Messages typed while the agent worked, above the composer: each shown as queued, editable and
 * cancellable until the turn ends and the oldest is sent.
 */
export function QueuedMessages() {
  const sessionId = useChat((s) => s.activeSessionId)
  const queue = useChat((s) => messageQueueOf(s, s.activeSessionId))
  if (!sessionId || queue.length === 0) return null
  return (
    <section className="queued-messages" aria-label="Queued messages">
      <p className="queued-note">Sent when the agent finishes this turn, in order.</p>
      <ol>
        {queue.map((message) => (
          <QueuedRow key={message.id} sessionId={sessionId} message={message} />
        ))}
      </ol>
    </section>
  )
}
