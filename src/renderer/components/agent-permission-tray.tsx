import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { agentPermissionHeadline } from '../../shared/agent-permission-headline'
import {
  askerName,
  type AgentPermissionInteraction,
  type AgentPermissionOption,
  type PendingInteraction,
} from '../../shared'
import { useActions, usePromptArmingMs } from '../state/chat-context'
import { diffView } from '../../ui-common/diff-view'
import { useArmed } from '../tray/use-armed'
import { useSettle, useTrayRegion } from '../tray/use-tray-region'
import { AgentOptions, AgentPermissionDetail, AgentPermissionWhat } from './agent-permission-parts'
import { PermissionDiff } from './permission-diff'
import { TrayHeader } from './tray-header'

const RISK_TEXT = { low: 'Low risk', medium: 'Medium risk', high: 'High risk' } as const

/**
 * The one option styled as the main action: the agent's first one-time allow. Never an
 * "always" option: allowing for good is a choice a person makes deliberately, not by default.
 */
const primaryOf = (options: readonly AgentPermissionOption[]) =>
  options.find((o) => o.kind === 'allow_once')?.optionId

/**
 * An ACP agent's `session/request_permission`: "<agent> asks", what the call runs as code (the
 * command from its input, whatever its title says — the title then follows as a caption), the
 * files it touches and its changes as diffs ("+8 −4", the first change drawn at once), everything
 * else the agent said behind Details, and one button per option the agent offers, named exactly
 * as the agent names it, in the agent's order, as a list that wraps (real names are long: "Yes,
 * and don't ask again for commands that start with `…`"); only the one-time allow is primary;
 * Stop sits in the header. A command gets Parley's own risk label. Number keys move to an option
 * and Enter acts on the focused one. Escape never answers: it closes Details when open, and
 * otherwise does nothing (the agent's "no" is a choice the person makes by name). Keys act only
 * once the tray is armed; then, as in Parley's own trays, its number keys work wherever focus has
 * wandered, except while the person types in another field. When the agent is gone nothing can
 * reach it: the tray says so and offers only Dismiss.
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
  const { busy, settle } = useSettle()
  // Nothing can reach a gone agent: its tray has no number keys.
  const { regionRef, onKeyDownCapture } = useTrayRegion({ armed, numberKeys: !request.orphaned })
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
  // An edit's change is in view at once (its first lines; the rest scroll), as for Parley's own.
  const preview = diffs.find((d) => d.view.kind !== 'text')

  const choose = (option: AgentPermissionOption) =>
    settle(() =>
      actions.respondToAgentPermission(request.sessionId, request.requestId, option.optionId),
    )
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
        <AgentPermissionWhat
          headline={agentPermissionHeadline(request)}
          diffs={diffs}
          otherFiles={otherFiles}
        />
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
        {open && <AgentPermissionDetail id={detailId} diffs={diffs} detail={request.detail} />}
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
            <AgentOptions
              options={request.options}
              primary={primaryOf(request.options)}
              high={request.risk === 'high'}
              busy={busy}
              buttons={buttons}
              onChoose={(option) => void choose(option)}
            />
          )}
        </span>
      </footer>
    </section>
  )
}
