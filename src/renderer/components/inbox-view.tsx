import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { inboxGroups, inboxOrder, stepThrough, successor } from '../../shared/inbox-groups'
import { useNow } from '../../ui-common/use-now'
import { useActions, useChat } from '../state/chat-context'
import { useShell } from '../shell/shell-context'
import { TrayFor } from './composer-slot'
import { InboxList } from './inbox-list'
import { InboxTimedOut } from './inbox-timed-out'
import { InboxHeader } from './inbox-header'
import { useInboxKeys } from './use-inbox-keys'
import { useWide } from './use-wide'

const MINUTE = 60_000

/** From this width the list and the open request sit side by side; below it, one at a time. */
const SIDE_BY_SIDE_PX = 720

/** What the inbox says once the open request has left it. */
const SENT = 'Sent — the agent carries on'
const GONE = 'That request is no longer waiting'

/**
 * Everything waiting for the person, across sessions and askers, grouped by session. Selecting a
 * line shows that request's own tray (the same one the session shows), so it is answered in
 * place; "Open session" jumps to the session instead. On a wide window the list and the open
 * request sit side by side and an answered one gives its place to the next; on a narrow one (a
 * phone) the request fills the view, Back returns to the list, and answering comes back to it
 * with a word that it was sent. The open request is in the URL (`?request=ID`); j and k move.
 */
export function InboxView() {
  const inbox = useChat((s) => s.inbox)
  const ready = useChat((s) => s.ready)
  const actions = useActions()
  const shell = useShell()
  const now = useNow({ everyMs: MINUTE, active: inbox.length > 0 })
  const groups = useMemo(() => inboxGroups(inbox), [inbox])
  const order = useMemo(() => inboxOrder(groups), [groups])
  const selectedId = shell.inboxRequest
  const go = shell.setInboxRequest
  const selected = inbox.find((item) => item.interaction.requestId === selectedId)
  const mainRef = useRef<HTMLElement>(null)
  const wide = useWide(mainRef, SIDE_BY_SIDE_PX)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const [confirmation, setConfirmation] = useState<string | null>(null)
  // Whether the person pressed something in the open tray, so its leaving means they answered.
  const actedHere = useRef(false)
  const hadTray = useRef(false)
  const shownOrder = useRef(order)

  // The open request left the inbox (answered here or anywhere else): say so, and show the next
  // one (side by side) or the list (one at a time). A link to one that no longer waits, too.
  useEffect(() => {
    const before = shownOrder.current
    shownOrder.current = order
    if (selected) {
      hadTray.current = true
      return
    }
    if (selectedId === null) {
      hadTray.current = false
      return
    }
    if (!hadTray.current && !ready) return
    setConfirmation(hadTray.current && actedHere.current ? SENT : GONE)
    hadTray.current = false
    actedHere.current = false
    const next = wide ? successor(before, order, selectedId) : null
    if (next !== null) go(next, 'replace')
    else {
      go(null, 'list')
      headingRef.current?.focus()
    }
  }, [selected, selectedId, order, wide, ready, go])

  const open = useCallback(
    (requestId: string | null, move: 'open' | 'replace' = 'open') => {
      setConfirmation(null)
      actedHere.current = false
      go(requestId, requestId === null ? 'list' : move)
    },
    [go],
  )
  useInboxKeys(
    useCallback(
      (step: 1 | -1) => {
        const next = stepThrough(order, selectedId, step)
        if (next !== null && next !== selectedId)
          open(next, selectedId === null ? 'open' : 'replace')
      },
      [order, selectedId, open],
    ),
  )

  const jump = (sessionId: string) => {
    shell.setInboxOpen(false)
    void actions.selectSession(sessionId)
  }

  const layout = wide ? 'inbox-wide' : 'inbox-narrow'
  return (
    <main
      ref={mainRef}
      className={`inbox ${layout}${selected ? ' inbox-answering' : ''}`}
      aria-labelledby="inbox-heading"
    >
      <InboxHeader headingRef={headingRef} />
      <p className="inbox-confirmation" role="status">
        {confirmation}
      </p>
      <div className="inbox-panes">
        <div className="inbox-list-pane">
          {inbox.length === 0 ? (
            <p className="inbox-empty">Nothing is waiting for you.</p>
          ) : (
            <InboxList
              groups={groups}
              selectedId={selected ? selectedId : null}
              now={now}
              onOpen={(requestId) => open(requestId === selectedId && !wide ? null : requestId)}
            />
          )}
          <InboxTimedOut onOpenSession={jump} />
        </div>
        {selected ? (
          <div
            className="inbox-tray"
            onClickCapture={() => (actedHere.current = true)}
            onKeyDownCapture={(event) => {
              if (event.key !== 'j' && event.key !== 'k') actedHere.current = true
            }}
          >
            <div className="inbox-tray-head">
              <button type="button" className="button-quiet inbox-back" onClick={() => open(null)}>
                Back to the list
              </button>
              <p className="inbox-tray-session">{selected.sessionTitle}</p>
              <button
                type="button"
                className="button-quiet inbox-jump"
                onClick={() => jump(selected.sessionId)}
              >
                Open session
              </button>
            </div>
            <TrayFor
              key={selected.interaction.requestId}
              head={selected.interaction}
              waiting={[]}
            />
          </div>
        ) : (
          wide &&
          inbox.length > 0 && (
            <p className="inbox-tray inbox-none-open">
              Choose a request to answer it here; <kbd>j</kbd> and <kbd>k</kbd> move through the
              list.
            </p>
          )
        )}
      </div>
    </main>
  )
}
