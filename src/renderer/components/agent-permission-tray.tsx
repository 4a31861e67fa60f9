import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { agentPermissionHeadline } from '../../shared/agent-permission-headline'
import {
  askerName,
  type AgentPermissionInteraction,
  type AgentPermissionOption,
  type PendingInteraction,
} from '../../shared'
import { useActions, usePromptArmingMs } from '../state/chat-context'
import { diffView } from '../../ui-common/diff-view'
import { isTrayKey, useArmed } from '../tray/use-armed'
import { PermissionDiff } from './permission-diff'
import { CommandCode, DiffStat } from './permission-what'
import { RevealedText } from './revealed-text'
import { TrayHeader } from './tray-header'
import { useHeldHeight } from '../tray/use-held-height'

const RISK_TEXT = { low: 'Low risk', medium: 'Medium risk', high: 'High risk' } as const

/**
 * The one option styled as the main action: the agent's first one-time allow. Never an
 * "always" option: allowing for good is a choice a person makes deliberately, not by default.
 */
const primaryOf = (options: readonly AgentPermissionOption[]) =>
  options.find((o) => o.kind === 'allow_once')?.optionId

/** The main action is filled, unless it is risky: then it is outlined in the danger colour. */
const classOf = (main: boolean, high: boolean) =>
  main ? (high ? 'button-danger-outline' : 'button-primary') : 'button-secondary'

/** Only the first nine options get a number key. */
const keyOf = (index: number) => (index < 9 ? String(index + 1) : undefined)

/**
 * An ACP agent's `session/request_permission`: "<agent> asks", what the call runs as code (the
 * command from its input, whatever its title says — the title then follows as a caption), the
 * files it touches and its changes as diffs ("+8 −4", the first change drawn at once), everything
 * else the agent said behind Details, and one button per option the agent offers, named exactly as the
 * agent names it, in the agent's order, as a list that wraps (real names are long: "Yes, and
 * don't ask again for commands that start with `…`"); only the one-time allow is primary; Stop
 * sits in the header. A command gets Parley's own risk label. Number keys move to an option and Enter acts on
 * the focused one. Escape never answers: it closes Details when open, and otherwise does nothing
 * (the agent's "no" is a choice the person makes by name). Keys act only once the tray is armed. When the agent is gone nothing can reach
 * it: the tray says so and offers only Dismiss.
 */
export function AgentPermissionTray({
  request,
  waiting,
}: {
  request: AgentPermissionInteraction
  waiting: readonly PendingInteraction[]
}) {
  const actions = useActions()
  const armed = useArmed(usePromptArmingMs())
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  const regionRef = useRef<HTMLElement>(null)
  const buttons = useRef<Array<HTMLButtonElement | null>>([])
  const detailId = useId()
  const asker = askerName(request.source)
  const diffs = useMemo(
    () => (request.diffs ?? []).map((d) => ({ path: d.path, view: diffView(d.patch) })),
    [request.diffs],
  )
  const hasDetails = diffs.length > 0 || request.detail.trim() !== ''
  // A file whose change is shown above is not listed twice.
  const otherFiles = request.locations.filter((path) => !diffs.some((d) => d.path === path))
  const primary = primaryOf(request.options)
  const headline = agentPermissionHeadline(request)
  // An edit's change is in view at once (its first lines; the rest scroll), as for Parley's own.
  const preview = diffs.find((d) => d.view.kind !== 'text')

  // Focus enters the tray itself, not a button: a stray Enter must not answer anything.
  // The tray sits in view at the bottom: focusing it need not scroll, so it forces no layout.
  useEffect(() => regionRef.current?.focus({ preventScroll: true }), [])
  useHeldHeight(regionRef)

  const settle = async (run: () => Promise<boolean>) => {
    setBusy(true)
    if (!(await run())) setBusy(false)
  }
  const choose = (option: AgentPermissionOption) =>
    settle(() =>
      actions.respondToAgentPermission(request.sessionId, request.requestId, option.optionId),
    )

  const onKeyDownCapture = (event: KeyboardEvent<HTMLElement>) => {
    // Until armed, the tray's keys do nothing at all (not even a focused button's Enter).
    if (!armed && isTrayKey(event.key)) {
      event.preventDefault()
      event.stopPropagation()
    }
  }
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (busy || request.orphaned || event.altKey || event.ctrlKey || event.metaKey) return
    if (event.key === 'Escape') {
      event.preventDefault()
      if (open) setOpen(false)
      return
    }
    const n = /^[1-9]$/.test(event.key) ? Number(event.key) - 1 : -1
    const target = buttons.current[n]
    if (target) {
      event.preventDefault()
      target.focus()
    }
  }

  return (
    <section
      ref={regionRef}
      role="region"
      aria-label="Permission request"
      className={`tray tray-permission tray-agent-permission${request.risk === 'high' ? ' is-high-risk' : ''}`}
      tabIndex={-1}
      data-armed={armed}
      onKeyDownCapture={onKeyDownCapture}
      onKeyDown={onKeyDown}
    >
      <TrayHeader
        interaction={request}
        waiting={waiting}
        title={`${asker} asks`}
        armed={armed}
        onStop={request.orphaned ? undefined : () => void actions.stop(request.sessionId)}
        stopDisabled={busy}
      >
        {request.toolKind && <span className="tray-kind">{request.toolKind}</span>}
        {request.risk && (
          <span className={`risk risk-${request.risk}`}>
            {RISK_TEXT[request.risk]}
            {request.riskWhy ? `: ${request.riskWhy}` : ''}
          </span>
        )}
      </TrayHeader>
      <div className="tray-body">
        {request.orphaned && (
          <p className="form-notice form-notice-warn">
            {asker} is no longer waiting for this answer (it stopped, or Parley was closed), so
            nothing you choose can reach it. Dismiss closes it; to go on, send a new message.
          </p>
        )}
        <div className="permission-what">
          <div className="permission-line permission-command">
            <CommandCode text={headline.code} expanded={false} />
          </div>
          {headline.caption !== undefined && (
            <p className="permission-caption">
              <RevealedText text={headline.caption} />
            </p>
          )}
          {diffs.map(({ path, view }, i) => (
            <div key={i} className="permission-line agent-diff-line">
              <code className="chip">
                <RevealedText text={path} />
              </code>{' '}
              <DiffStat view={view} />
            </div>
          ))}
          {otherFiles.length > 0 && (
            <ul className="agent-locations" aria-label="Files">
              {otherFiles.map((path, i) => (
                <li key={i}>
                  <code className="chip">
                    <RevealedText text={path} />
                  </code>
                </li>
              ))}
            </ul>
          )}
        </div>
        {preview && !open && (
          <div
            className="permission-detail is-diff is-preview"
            tabIndex={0}
            role="group"
            aria-label="Changes"
          >
            <PermissionDiff view={preview.view} path={preview.path} />
          </div>
        )}
        {open && (
          <div
            id={detailId}
            className="permission-detail agent-detail"
            tabIndex={0}
            role="group"
            aria-label="Full details"
          >
            {diffs.map(({ path, view }, i) => (
              <div key={i} className="agent-detail-diff">
                <p className="agent-detail-path">
                  <RevealedText text={path} />
                </p>
                <PermissionDiff view={view} />
              </div>
            ))}
            {request.detail.trim() !== '' && (
              <pre className="detail-text">
                <RevealedText text={request.detail} />
              </pre>
            )}
          </div>
        )}
      </div>
      <footer className="tray-actions">
        {hasDetails && (
          <button
            type="button"
            className="button-quiet disclosure"
            aria-expanded={open}
            aria-controls={open ? detailId : undefined}
            onClick={() => setOpen((o) => !o)}
          >
            Details
          </button>
        )}
        <span className="tray-main-actions">
          {request.orphaned ? (
            <button
              type="button"
              className="button-secondary"
              disabled={busy}
              onClick={() =>
                void settle(() => actions.dismissInteraction(request.sessionId, request.requestId))
              }
            >
              Dismiss
            </button>
          ) : (
            <ul className="agent-options" aria-label="Options">
              {request.options.map((option, i) => (
                <li key={option.optionId}>
                  <button
                    ref={(el) => {
                      buttons.current[i] = el
                    }}
                    type="button"
                    className={classOf(option.optionId === primary, request.risk === 'high')}
                    disabled={busy}
                    aria-keyshortcuts={keyOf(i)}
                    onClick={() => void choose(option)}
                  >
                    {/* Isolated: a direction override in an agent's name stays inside its button. */}
                    <bdi>{option.name}</bdi>
                    {keyOf(i) && (
                      <kbd className="key-hint" aria-hidden="true">
                        {keyOf(i)}
                      </kbd>
                    )}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </span>
      </footer>
    </section>
  )
}
