import { useEffect, useId, useRef, useState } from 'react'
import type { PermissionInteraction } from '../../shared'
import { useActions } from '../state/chat-context'
import { RevealedText } from './revealed-text'
import { TrayHeader } from './tray-header'

const RISK_TEXT = { low: 'Low risk', medium: 'Medium risk', high: 'High risk' } as const

/**
 * Asks whether a tool may act. Summary and risk up front; the full command or diff behind
 * "Details", shown whole (never truncated) in a capped scroll area with invisible characters
 * made visible.
 */
export function PermissionTray({
  request,
  more,
}: {
  request: PermissionInteraction
  more: number
}) {
  const actions = useActions()
  const [remember, setRemember] = useState(false)
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  const regionRef = useRef<HTMLElement>(null)
  const detailId = useId()

  // Focus enters the tray itself, not a button: a stray Enter must not allow anything.
  useEffect(() => regionRef.current?.focus(), [])

  const settle = async (run: () => Promise<boolean>) => {
    setBusy(true)
    if (!(await run())) setBusy(false)
  }
  const respond = (decision: 'allow' | 'deny') =>
    settle(() =>
      actions.respondToPermission(request.sessionId, request.requestId, decision, remember),
    )

  return (
    <section
      ref={regionRef}
      role="region"
      aria-label="Permission request"
      className="tray tray-permission"
      tabIndex={-1}
    >
      <TrayHeader interaction={request} more={more} title="Permission">
        <span className={`risk risk-${request.risk}`}>{RISK_TEXT[request.risk]}</span>
        <code className="tray-tool">{request.tool}</code>
      </TrayHeader>
      <div className="tray-body">
        <p className="permission-summary">
          <RevealedText text={request.summary} />
        </p>
        {open && (
          <pre id={detailId} className="permission-detail" tabIndex={0} aria-label="Full details">
            <RevealedText text={request.detail} />
          </pre>
        )}
      </div>
      <footer className="tray-actions">
        <button
          type="button"
          className="button-quiet disclosure"
          aria-expanded={open}
          aria-controls={open ? detailId : undefined}
          onClick={() => setOpen((o) => !o)}
        >
          Details
        </button>
        <label className="check">
          <input
            type="checkbox"
            checked={remember}
            onChange={(e) => setRemember(e.target.checked)}
          />
          Remember for this turn
        </label>
        <span className="tray-actions-spacer" />
        {request.recovered && (
          <button
            type="button"
            className="button-quiet"
            disabled={busy}
            onClick={() =>
              void settle(() => actions.dismissInteraction(request.sessionId, request.requestId))
            }
          >
            Dismiss
          </button>
        )}
        <button
          type="button"
          className="button-quiet"
          disabled={busy}
          onClick={() => void actions.stop(request.sessionId)}
        >
          Stop
        </button>
        <button
          type="button"
          className="button-secondary"
          disabled={busy}
          onClick={() => void respond('deny')}
        >
          Deny
        </button>
        <button
          type="button"
          className="button-primary"
          disabled={busy}
          onClick={() => void respond('allow')}
        >
          Allow
        </button>
      </footer>
    </section>
  )
}
