import { useEffect, useRef, useState } from 'react'
import type { InboxItem } from '../../shared/inbox'
import { inboxKindLabel, inboxSubject } from '../../shared/inbox-words'
import { formatAgo } from '../../shared/format-time'
import { useNow } from '../../ui-common/use-now'
import { useActions, useChat } from '../state/chat-context'
import { useShell } from '../shell/shell-context'
import { TrayFor } from './composer-slot'
import { canAskForNotices } from './use-background-notice'
import { useInboxRoute } from './inbox-route'

const MINUTE = 60_000

/** How a line reads to a screen reader: the session first, so it is found by its title. */
function itemLabel(item: InboxItem, now: number): string {
  const kind = inboxKindLabel(item.interaction).toLowerCase()
  return `${item.sessionTitle}: ${kind} from ${item.asker}, waiting since ${formatAgo(item.waitingSince, now)}`
}

/**
 * Everything waiting for the person, across sessions and askers, oldest first. Selecting a line
 * shows that request's own tray (the same one the session shows), so it is answered in place;
 * "Open session" jumps to the session instead. On a phone the tray fills the screen, and
 * answering it comes back to the list.
 */
export function InboxView() {
  const inbox = useChat((s) => s.inbox)
  const actions = useActions()
  const shell = useShell()
  const now = useNow({ everyMs: MINUTE, active: inbox.length > 0 })
  const route = useInboxRoute()
  const selectedId = route.selectedId
  const selected = inbox.find((item) => item.interaction.requestId === selectedId)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const hadTray = useRef(false)
  const [askNotices, setAskNotices] = useState(canAskForNotices)
  // Whether the person pressed something in the open tray, so its leaving means they answered.
  const actedHere = useRef(false)
  const [confirmation, setConfirmation] = useState<string | null>(null)

  // Answered (here or anywhere else), the request leaves the inbox: back to the list.
  useEffect(() => {
    if (selected) hadTray.current = true
    else if (selectedId === null) hadTray.current = false
    else if (hadTray.current) {
      hadTray.current = false
      setConfirmation(
        actedHere.current ? 'Sent — the agent carries on' : 'That request is no longer waiting',
      )
      actedHere.current = false
      route.backToList()
      headingRef.current?.focus()
    }
  }, [selected, selectedId, route])

  const openRequest = (requestId: string) => {
    setConfirmation(null)
    actedHere.current = false
    if (requestId === selectedId) route.backToList()
    else route.open(requestId)
  }

  const jump = (sessionId: string) => {
    shell.setInboxOpen(false)
    void actions.selectSession(sessionId)
  }

  return (
    <main className={`inbox${selected ? ' inbox-answering' : ''}`} aria-labelledby="inbox-heading">
      <header className="inbox-header">
        <button
          type="button"
          className="icon-button sidebar-toggle"
          aria-label="Session list"
          aria-expanded={shell.sidebarOpen}
          aria-controls="sidebar"
          onClick={() => shell.setSidebarOpen(!shell.sidebarOpen)}
        >
          <span aria-hidden="true">☰</span>
        </button>
        <h1 id="inbox-heading" className="inbox-title" tabIndex={-1} ref={headingRef}>
          Waiting for you
        </h1>
        {askNotices && (
          <button
            type="button"
            className="button-quiet inbox-notices"
            onClick={() =>
              void Notification.requestPermission().finally(() => setAskNotices(canAskForNotices()))
            }
          >
            Turn on notifications
          </button>
        )}
        <button
          type="button"
          className="button-quiet inbox-to-chat"
          onClick={() => shell.setInboxOpen(false)}
        >
          Back to chat
        </button>
      </header>
      {confirmation && !selected && (
        <p className="inbox-confirmation" role="status">
          {confirmation}
        </p>
      )}
      {inbox.length === 0 ? (
        <p className="inbox-empty">Nothing is waiting for you.</p>
      ) : (
        <ul className="inbox-list" aria-label="Waiting for you">
          {inbox.map((item) => {
            const { requestId } = item.interaction
            return (
              <li
                key={requestId}
                className={`inbox-item${requestId === selectedId ? ' is-selected' : ''}`}
                aria-label={itemLabel(item, now)}
              >
                <button
                  type="button"
                  className="inbox-open-tray"
                  aria-expanded={requestId === selectedId}
                  onClick={() => openRequest(requestId)}
                >
                  <span className="inbox-session">{item.sessionTitle}</span>
                  <span className="inbox-subject">{inboxSubject(item.interaction)}</span>
                  <span className="inbox-meta">
                    {inboxKindLabel(item.interaction)} · {item.asker} · waiting since{' '}
                    {formatAgo(item.waitingSince, now)}
                  </span>
                </button>
                <button
                  type="button"
                  className="button-quiet inbox-jump"
                  onClick={() => jump(item.sessionId)}
                >
                  Open session
                </button>
              </li>
            )
          })}
        </ul>
      )}
      {selected && (
        <div
          className="inbox-tray"
          onClickCapture={() => (actedHere.current = true)}
          onKeyDownCapture={() => (actedHere.current = true)}
        >
          <button type="button" className="button-quiet inbox-back" onClick={route.backToList}>
            Back to the list
          </button>
          <p className="inbox-tray-session">{selected.sessionTitle}</p>
          <TrayFor key={selected.interaction.requestId} head={selected.interaction} waiting={[]} />
        </div>
      )}
    </main>
  )
}
