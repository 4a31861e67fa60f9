import type { RefObject } from 'react'
import type { AgentPermissionOption } from '../../shared'
import type { agentPermissionHeadline } from '../../shared/agent-permission-headline'
import type { DiffView } from '../../ui-common/diff-view'
import { PermissionDiff } from './permission-diff'
import { CommandCode, DiffStat } from './permission-what'
import { RevealedText } from './revealed-text'

/** A file the agent's call changes, with its change ready to draw. */
export type AgentDiff = { path: string; view: DiffView }

/** The main action is filled, unless it is risky: then it is outlined in the danger colour. */
const classOf = (main: boolean, high: boolean) =>
  main ? (high ? 'button-danger-outline' : 'button-primary') : 'button-secondary'

/** Only the first nine options get a number key. */
const keyOf = (index: number) => (index < 9 ? String(index + 1) : undefined)

/** What the call does: the command as code (its title as a caption), the files it touches. */
export function AgentPermissionWhat({
  headline,
  diffs,
  otherFiles,
}: {
  headline: ReturnType<typeof agentPermissionHeadline>
  diffs: readonly AgentDiff[]
  /** Files it touches whose change is not shown above. */
  otherFiles: readonly string[]
}) {
  return (
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
  )
}

/** Details, open: every change as a diff, then everything else the agent said. */
export function AgentPermissionDetail({
  id,
  diffs,
  detail,
}: {
  id: string
  diffs: readonly AgentDiff[]
  detail: string
}) {
  return (
    <div
      id={id}
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
      {detail.trim() !== '' && (
        <pre className="detail-text">
          <RevealedText text={detail} />
        </pre>
      )}
    </div>
  )
}

/**
 * One button per option, named exactly as the agent names it, in its order, as a list that wraps;
 * the first nine carry their number key.
 */
export function AgentOptions({
  options,
  primary,
  high,
  busy,
  buttons,
  onChoose,
}: {
  options: readonly AgentPermissionOption[]
  /** The option styled as the main action. */
  primary: string | undefined
  high: boolean
  busy: boolean
  /** The buttons in order, for the number keys to move to. */
  buttons: RefObject<Array<HTMLButtonElement | null>>
  onChoose: (option: AgentPermissionOption) => void
}) {
  return (
    <ul className="agent-options" aria-label="Options">
      {options.map((option, i) => (
        <li key={option.optionId}>
          <button
            ref={(el) => {
              buttons.current[i] = el
            }}
            type="button"
            className={classOf(option.optionId === primary, high)}
            disabled={busy}
            aria-keyshortcuts={keyOf(i)}
            onClick={() => onChoose(option)}
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
  )
}
