import { useState } from 'react'
import { inboxKindLabel, inboxSubject } from '../../shared/inbox-words'
import { useChat } from '../state/chat-context'

/**
 * The inbox's note of requests that timed out with nobody answering (the agent went on without
 * them), so a person coming back learns what was missed; "Clear" hides them. Never "denied".
 */
export function InboxTimedOut({ onOpenSession }: { onOpenSession(sessionId: string): void }) {
  const timedOut = useChat((s) => s.timedOut)
  const [cleared, setCleared] = useState<ReadonlySet<string>>(new Set())
  const shown = timedOut.filter((item) => !cleared.has(item.interaction.requestId))
  if (shown.length === 0) return null
  return (
    <section className="inbox-timed-out" aria-label="Timed out">
      <ul className="inbox-list" aria-label="Timed out, nobody answered">
        {shown.map((item) => (
          <li
            key={item.interaction.requestId}
            className="inbox-item is-timed-out"
            aria-label={`${item.sessionTitle}: ${inboxKindLabel(item.interaction).toLowerCase()} timed out, nobody answered`}
          >
            <span className="inbox-open-tray inbox-timed-out-text">
              <span className="inbox-session">{item.sessionTitle}</span>
              <span className="inbox-subject">{inboxSubject(item.interaction)}</span>
              <span className="inbox-meta">
                {inboxKindLabel(item.interaction)} · timed out, nobody answered
              </span>
            </span>
            <button
              type="button"
              className="button-quiet inbox-jump"
              onClick={() => onOpenSession(item.sessionId)}
            >
              Open session
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="button-quiet"
        onClick={() => setCleared(new Set(timedOut.map((item) => item.interaction.requestId)))}
      >
        Clear
      </button>
    </section>
  )
}
