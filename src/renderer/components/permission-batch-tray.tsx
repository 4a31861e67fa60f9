import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import type { PermissionInteraction } from '../../shared'
import { toolCategory } from '../../shared/pinned-tools'
import { diffView } from '../../ui-common/diff-view'
import { useActions } from '../state/chat-context'
import { permissionHeadline } from '../tray/command-view'
import { PermissionDiff } from './permission-diff'
import { PermissionWhat, RISK_TEXT } from './permission-what'
import { RunsInLine } from './runs-in-line'
import { TrayStop } from './tray-stop'

/** One request of the list, in full (its command or its diff, where it runs), with its answer. */
function BatchItem({
  request,
  position,
  onAnswer,
}: {
  request: PermissionInteraction
  position: number
  /** Called as the answer goes: the list moves focus once the request has left it. */
  onAnswer: () => void
}) {
  const actions = useActions()
  const [busy, setBusy] = useState(false)
  const labelId = useId()
  const diff = useMemo(
    () => (toolCategory(request.tool) === 'edit' ? diffView(request.detail) : null),
    [request.tool, request.detail],
  )
  const headline = permissionHeadline(request)
  const respond = async (decision: 'allow' | 'deny') => {
    setBusy(true)
    onAnswer()
    const ok = await actions.respondToPermission({
      sessionId: request.sessionId,
      requestId: request.requestId,
      decision,
      remember: false,
    })
    if (!ok) setBusy(false)
  }
  return (
    <li className="batch-item" aria-labelledby={labelId} tabIndex={-1}>
      <p id={labelId} className="batch-item-label">
        Request {position} · <code className="tray-tool">{request.tool}</code>
      </p>
      {/* Everything it will do is on screen: the whole command, the whole diff. */}
      <PermissionWhat request={request} diff={diff} expanded />
      {request.runsIn && <RunsInLine runsIn={request.runsIn} />}
      {diff && diff.kind !== 'text' && (
        <div className="permission-detail is-diff" tabIndex={0} role="group" aria-label="Changes">
          <PermissionDiff view={diff} path={headline.kind === 'file' ? headline.path : undefined} />
        </div>
      )}
      <div className="batch-item-actions">
        <button
          type="button"
          className={request.risk === 'high' ? 'button-danger-outline' : 'button-primary'}
          disabled={busy}
          aria-describedby={labelId}
          onClick={() => void respond('allow')}
        >
          Allow
        </button>
        <button
          type="button"
          className="button-secondary"
          disabled={busy}
          aria-describedby={labelId}
          onClick={() => void respond('deny')}
        >
          Deny
        </button>
      </div>
    </li>
  )
}

/**
 * Several permission requests of the same risk, reviewed as one list: each shown in full with
 * its own Allow and Deny, so nothing is ever approved unseen (there is no "allow all"). Answered
 * ones leave the list; when none is left, or on "One at a time" or Escape, the usual tray is back.
 */
export function PermissionBatchTray({
  requests,
  onBack,
}: {
  requests: readonly PermissionInteraction[]
  onBack: () => void
}) {
  const actions = useActions()
  const regionRef = useRef<HTMLElement>(null)
  const listRef = useRef<HTMLOListElement>(null)
  const first = requests[0]
  useEffect(() => regionRef.current?.focus({ preventScroll: true }), [])
  // An answer removes its request: focus goes to the request that took its place (never to an
  // Allow button, so a second Enter cannot approve the next one unread).
  const answered = useRef(false)
  useEffect(() => {
    if (!answered.current) return
    answered.current = false
    listRef.current?.querySelector<HTMLElement>('.batch-item')?.focus()
  }, [requests.length])
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape') return
    event.preventDefault()
    onBack()
  }
  if (!first) return null
  return (
    <section
      ref={regionRef}
      role="region"
      aria-label="Requests to review"
      className={`tray tray-permission tray-batch${first.risk === 'high' ? ' is-high-risk' : ''}`}
      tabIndex={-1}
      onKeyDown={onKeyDown}
    >
      <header className="tray-header">
        <span className="tray-title">{requests.length} permission requests</span>
        <span className={`risk risk-${first.risk}`}>{RISK_TEXT[first.risk]}</span>
        <span className="tray-header-spacer" />
        <button type="button" className="button-quiet small" onClick={onBack}>
          One at a time
        </button>
        <TrayStop onStop={() => void actions.stop(first.sessionId)} />
      </header>
      <p className="batch-hint">Each one is answered on its own: read it, then answer it.</p>
      <ol ref={listRef} className="tray-body batch-list" aria-label="Requests to review">
        {requests.map((request, i) => (
          <BatchItem
            key={request.requestId}
            request={request}
            position={i + 1}
            onAnswer={() => {
              answered.current = true
            }}
          />
        ))}
      </ol>
    </section>
  )
}
