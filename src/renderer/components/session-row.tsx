import { useContentMatch } from './use-content-search'
import { useEffect, useId, useRef, useState, type KeyboardEvent, type RefObject } from 'react'
import type { SessionSummary } from '../../shared'
import { LIMITS } from '../../shared/limits'
import { useActions, useChat } from '../state/chat-context'
import { sessionWait } from '../state/session-order'
import { useShell } from '../shell/shell-context'
import { shortPath } from './short-path'
import { formatAgo } from '../../shared/format-time'
import { useMinuteClock } from '../../ui-common/minute-clock'

/**
 * One session in the sidebar: title, its ACP agent (if any), workspace, when it last changed, and — when it waits for the
 * person — what waits and how many. Rename and Delete name the session; Escape closes either and
 * puts focus back on the button that opened it.
 */
export function SessionRow({ session, tabStop }: { session: SessionSummary; tabStop: boolean }) {
  const actions = useActions()
  const shell = useShell()
  const active = useChat((s) => s.activeSessionId === session.id)
  const waitWhat = useChat((s) => sessionWait(s, session)?.what ?? null)
  const waitCount = useChat((s) => sessionWait(s, session)?.count ?? 0)
  const waiting = waitWhat !== null && !active
  // A failed last turn is marked while nothing newer is going on (a wait or a running turn).
  const failed = useChat((s) => s.failedTurns[session.id] === true) && !waiting && !session.running
  const now = useMinuteClock()
  const match = useContentMatch(session.id)
  const [editing, setEditing] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const [title, setTitle] = useState(session.title)
  const linkRef = useRef<HTMLAnchorElement>(null)
  const renameRef = useRef<HTMLButtonElement>(null)
  const deleteRef = useRef<HTMLButtonElement>(null)
  const keepRef = useRef<HTMLButtonElement>(null)
  const damagedId = useId()
  // Which control opened Rename or Delete: focus goes back to it when they close.
  const opener = useRef<'link' | 'rename' | 'delete'>('link')
  const refocus = useRef(false)

  useEffect(() => {
    if (confirming) keepRef.current?.focus()
  }, [confirming])
  // Once the row's own controls are back on screen.
  useEffect(() => {
    if (!refocus.current || editing || confirming) return
    refocus.current = false
    const target = { link: linkRef, rename: renameRef, delete: deleteRef }[opener.current]
    target.current?.focus()
  }, [editing, confirming])

  const close = (to: 'link' | 'opener') => {
    if (to === 'link') opener.current = 'link'
    setEditing(false)
    setConfirming(false)
    refocus.current = true
  }
  const open = () => {
    shell.setInboxOpen(false)
    void actions.selectSession(session.id).then(() => shell.focusComposer())
    if (window.matchMedia?.('(max-width: 760px)').matches) shell.setSidebarOpen(false)
  }
  // A link without href (the URL fragment holds the access token), so keys are wired by hand.
  const onLinkKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault()
      open()
    } else if (event.key === 'F2') {
      event.preventDefault()
      startRename('link')
    } else if (event.key === 'Delete') {
      event.preventDefault()
      opener.current = 'link'
      setConfirming(true)
    }
  }
  const startRename = (from: 'link' | 'rename') => {
    opener.current = from
    cancelled.current = false
    setTitle(session.title)
    setEditing(true)
  }
  // Escape cancels; a blur that follows must not save the text after all.
  const cancelled = useRef(false)
  const commit = () => {
    if (!editing || cancelled.current) return
    if (title.trim() && title.trim() !== session.title) {
      void actions.renameSession(session.id, title)
    }
    close('link')
  }

  return (
    <li className={`session-row${active ? ' is-active' : ''}${waiting ? ' is-waiting' : ''}`}>
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
              e.preventDefault()
              cancelled.current = true
              close('opener')
            }
          }}
        />
      ) : (
        <a
          ref={linkRef}
          role="link"
          tabIndex={tabStop ? 0 : -1}
          className="session-link"
          aria-current={active ? 'page' : undefined}
          aria-describedby={session.damaged ? damagedId : undefined}
          data-session-link={session.id}
          data-row-stop=""
          onClick={open}
          onKeyDown={onLinkKeyDown}
        >
          <span className="session-title">
            {waiting && <span className="session-dot" aria-hidden="true" />}
            {failed && (
              <span className="session-failed" title="Last turn failed">
                <span className="visually-hidden">Last turn failed: </span>
              </span>
            )}
            {session.title}
          </span>
          {match !== undefined && (
            <span className="session-match">
              <span className="visually-hidden">Found: </span>
              {match}
            </span>
          )}
          <SessionRowDetails
            session={session}
            active={active}
            waiting={waiting}
            waitWhat={waitWhat}
            waitCount={waitCount}
            now={now}
          />
          {session.damaged && (
            <span id={damagedId} className="visually-hidden">
              {session.damaged}
            </span>
          )}
        </a>
      )}
      {!editing && (
        <SessionRowActions
          title={session.title}
          confirming={confirming}
          renameRef={renameRef}
          deleteRef={deleteRef}
          keepRef={keepRef}
          onRename={() => startRename('rename')}
          onDelete={() => {
            opener.current = 'delete'
            setConfirming(true)
          }}
          onConfirmDelete={() => void actions.removeSession(session.id)}
          onKeep={() => close('opener')}
        />
      )}
    </li>
  )
}

/**
 * The row's second line and badges: where and when (or, waiting, what waits and how many), its
 * agent, "Working…", "Damaged".
 */
function SessionRowDetails({
  session,
  active,
  waiting,
  waitWhat,
  waitCount,
  now,
}: {
  session: SessionSummary
  active: boolean
  waiting: boolean
  waitWhat: string | null
  waitCount: number
  now: number
}) {
  return (
    <>
      <span className="session-meta">
        {waiting ? (
          // Waiting, the row says what waits in place of where and when (the group names
          // the folder): two lines however narrow the sidebar.
          <span className="session-waits">
            <span className="needs-input">Needs input</span>
            <span className="session-sep" aria-hidden="true">
              ·
            </span>
            {waitWhat}
            {waitCount > 1 ? ` · ${waitCount} waiting` : ''}
          </span>
        ) : (
          <>
            <span className="session-workspace" title={session.workspace}>
              {shortPath(session.workspace)}
            </span>
            <span className="session-sep" aria-hidden="true">
              ·
            </span>
            <time dateTime={new Date(session.updatedAt).toISOString()}>
              {formatAgo(session.updatedAt, now)}
            </time>
          </>
        )}
      </span>
      {((waitWhat && active) ||
        (!waitWhat && session.running) ||
        session.damaged ||
        session.agent) && (
        <span className="session-badges">
          {session.agent && (
            <span className="session-agent">
              <span className="visually-hidden">Agent: </span>
              {session.agent.name}
            </span>
          )}
          {/* The session on screen shows its tray: flagged for screen readers only, so
              the sidebar never repeats what the tray says (nor counts it differently). */}
          {waitWhat && active && <span className="visually-hidden">Needs input</span>}
          {!waitWhat && session.running && <span className="session-status">Working…</span>}
          {session.damaged && (
            <span className="session-status is-damaged" title={session.damaged}>
              Damaged
            </span>
          )}
        </span>
      )}
    </>
  )
}

/** Rename and Delete (Delete asks again, in place: Delete / Keep), shown over the title line. */
function SessionRowActions({
  title,
  confirming,
  renameRef,
  deleteRef,
  keepRef,
  onRename,
  onDelete,
  onConfirmDelete,
  onKeep,
}: {
  title: string
  confirming: boolean
  renameRef: RefObject<HTMLButtonElement | null>
  deleteRef: RefObject<HTMLButtonElement | null>
  keepRef: RefObject<HTMLButtonElement | null>
  onRename: () => void
  onDelete: () => void
  onConfirmDelete: () => void
  onKeep: () => void
}) {
  return (
    <span className="session-actions">
      {confirming ? (
        <span
          role="group"
          aria-label={`Delete “${title}”?`}
          className="session-confirm"
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.preventDefault()
              e.stopPropagation()
              onKeep()
            }
          }}
        >
          <button type="button" className="button-danger small" onClick={onConfirmDelete}>
            Delete
          </button>
          <button
            ref={keepRef}
            type="button"
            className="button-quiet small"
            onClick={() => onKeep()}
          >
            Keep
          </button>
        </span>
      ) : (
        <>
          <button
            ref={renameRef}
            type="button"
            className="icon-button"
            tabIndex={-1}
            data-row-stop=""
            aria-label={`Rename “${title}”`}
            title="Rename"
            onClick={onRename}
          >
            ✎
          </button>
          <button
            ref={deleteRef}
            type="button"
            className="icon-button"
            tabIndex={-1}
            data-row-stop=""
            aria-label={`Delete “${title}”`}
            title="Delete"
            onClick={onDelete}
          >
            ×
          </button>
        </>
      )}
    </span>
  )
}
