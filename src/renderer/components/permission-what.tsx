import type { PermissionInteraction } from '../../shared'
import { clampText, commandParts, permissionHeadline } from '../tray/command-view'
import type { DiffView } from '../../ui-common/diff-view'
import { RevealedText } from './revealed-text'
import { SummaryText } from './summary-text'

const RISK_TEXT = { low: 'Low risk', medium: 'Medium risk', high: 'High risk' } as const

/** One formatter for the page: `toLocaleString()` sets one up on every call, in each render of a tray. */
const NUMBER = new Intl.NumberFormat()

const count = (n: number, one: string, many: string) =>
  `${NUMBER.format(n)} ${n === 1 ? one : many}`

/**
 * A command as a code chip, or — when long — a block whose end is always in view: the head, what
 * is left out (all of it is in Details), and the tail.
 */
export function CommandCode({ text, expanded }: { text: string; expanded: boolean }) {
  const clamped = clampText(text)
  // With Details open the whole command is right below: no need to show its ends twice.
  if (clamped.hidden && expanded) {
    return <span className="command-elided">the whole command, below</span>
  }
  if (!clamped.hidden && !clamped.head.includes('\n')) {
    return (
      <code className="chip">
        <RevealedText text={clamped.head} />
      </code>
    )
  }
  const { hidden } = clamped
  return (
    <pre className="command-block">
      <RevealedText text={clamped.head} />
      {hidden && (
        <span className="command-elided">
          {'\n'}⋯{' '}
          {hidden.lines > 0
            ? `${count(hidden.lines, 'more line', 'more lines')} (${count(hidden.chars, 'character', 'characters')})`
            : count(hidden.chars, 'more character', 'more characters')}{' '}
          in Details ⋯{'\n'}
        </span>
      )}
      <RevealedText text={clamped.tail} />
    </pre>
  )
}

/** "+8 −4" (or "No changes", "New file, 3 lines"), read out as words. */
export function DiffStat({ view }: { view: DiffView }) {
  switch (view.kind) {
    case 'changes':
      return (
        <span className="diff-stat">
          <span aria-hidden="true">
            <span className="diff-stat-add">+{view.added}</span>{' '}
            <span className="diff-stat-del">−{view.removed}</span>
          </span>
          <span className="visually-hidden">
            {count(view.added, 'line', 'lines')} added, {view.removed} removed
          </span>
        </span>
      )
    case 'no_change':
      return <span className="diff-stat">No changes</span>
    case 'new_file':
      return (
        <span className="diff-stat">New file, {count(view.lines.length, 'line', 'lines')}</span>
      )
    case 'text':
      return null
  }
}

/** Past this many parts, the list scrolls inside a box of about that height. */
const MANY_PARTS = 4

/**
 * What a permission is for, in words: the verb, then the command as code (each part of a
 * compound command on its own line, the risky one marked), or the file with its change count.
 */
export function PermissionWhat({
  request,
  diff,
  expanded,
}: {
  request: PermissionInteraction
  diff: DiffView | null
  /** Details is open: the whole command or diff is shown below. */
  expanded: boolean
}) {
  const headline = permissionHeadline(request)
  const parts = commandParts(request)
  if (parts) {
    const verb = headline.kind === 'command' ? headline.verb : 'Run'
    return (
      <div className="permission-what">
        <div className="permission-line">
          {verb} {parts.length} commands:
        </div>
        {/* Many parts scroll inside their own box (focusable, so keys scroll it too). */}
        <ol
          className={`command-parts${parts.length > MANY_PARTS ? ' is-many' : ''}`}
          {...(parts.length > MANY_PARTS
            ? { tabIndex: 0, 'aria-label': `The ${parts.length} commands` }
            : {})}
        >
          {parts.map((part, i) => (
            <li key={i} className={part.flagged ? `is-flagged risk-part-${part.risk}` : undefined}>
              <CommandCode text={part.text} expanded={false} />
              {part.flagged ? (
                <span className={`part-risk risk-${part.risk}`}>
                  {RISK_TEXT[part.risk]}
                  {part.why ? `: ${part.why}` : ''}
                </span>
              ) : (
                part.why && <span className="part-why">{part.why}</span>
              )}
            </li>
          ))}
        </ol>
      </div>
    )
  }
  switch (headline.kind) {
    case 'command':
      return (
        <div className="permission-what">
          <div className="permission-line permission-command">
            <span className="permission-verb">{headline.verb}</span>{' '}
            <CommandCode text={headline.command} expanded={expanded} />
          </div>
        </div>
      )
    case 'file':
      return (
        <div className="permission-what">
          <div className="permission-line">
            <span className="permission-verb">{headline.verb}</span>{' '}
            <code className="chip">
              <RevealedText text={headline.path} />
            </code>{' '}
            {diff && <DiffStat view={diff} />}
          </div>
        </div>
      )
    case 'summary':
      return (
        <div className="permission-what">
          <div className="permission-line">
            <SummaryText text={request.summary} />
          </div>
        </div>
      )
  }
}

export { RISK_TEXT }
