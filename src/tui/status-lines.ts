import { offerText } from './waiting-text'
import type { SessionSummary } from '../shared/bridge'
import type { PermissionMode } from '../shared/permission'
import { formatAgo, formatElapsed, secondsLeft } from '../shared/format-time'
import type { Retrying } from './session-view-state'
import { flowItems, safeSpans, type StyledLine } from './styled-text'
import { plainError } from '../shared/plain-error'

const SPINNER = '⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏'

/** What the status row above the message box can be about, most urgent first. */
export interface StatusInput {
  /** Cycling the mode reached bypass: waiting for the person to confirm it. */
  readonly confirmingBypass: boolean
  readonly mode: PermissionMode
  /** A passing message (a refused send, a command's answer). */
  readonly hint: string | null
  readonly retrying: Retrying | null
  /** A turn runs and no prompt is on screen. */
  readonly working: boolean
  readonly runningSince: number | null
  /** The last turn ended in an error and nothing has run since. */
  readonly lastTurnFailed: boolean
  /** A session to offer at start-up, while the new one is still empty. */
  readonly offer: SessionSummary | null
  readonly now: number
  readonly width: number
}

const dim = (text: string): StyledLine => [{ text, style: { dim: true } }]

function items(input: StatusInput): StyledLine[] {
  const spinner = SPINNER[Math.floor(input.now / 100) % SPINNER.length] ?? '⠋'
  if (input.confirmingBypass)
    return [
      [
        {
          text: 'Switch to bypass? Nothing will ask before it runs: commands, edits, anything.',
          style: { color: 'red', bold: true },
        },
      ],
      dim('Enter switches'),
      dim('Shift+Tab skips to explore'),
      dim(`any other key keeps ${input.mode}`),
    ]
  if (input.hint) return [safeSpans(input.hint, { color: 'yellow' })]
  if (input.retrying) {
    const { attempt, maxAttempts, at, message } = input.retrying
    const seconds = secondsLeft(at, input.now)
    return [
      [
        {
          text: `${spinner} Retrying ${attempt}/${maxAttempts} in ${seconds} s`,
          style: { color: 'yellow' },
        },
      ],
      safeSpans(plainError(message), { color: 'yellow' }),
      dim('Esc stops'),
    ]
  }
  if (input.working)
    return [
      [
        { text: `${spinner} Working… `, style: { color: 'yellow' } },
        dim(formatElapsed(input.now - (input.runningSince ?? input.now)))[0] ?? { text: '' },
      ],
      dim('Esc interrupts'),
    ]
  if (input.lastTurnFailed)
    return [
      [{ text: 'Turn failed', style: { color: 'red' } }],
      dim('/retry runs it again'),
      dim('↑ brings your message back'),
    ]
  if (input.offer)
    return [
      [
        { text: 'Last session: ' },
        ...safeSpans(`“${input.offer.title}”`, { bold: true }),
        { text: ` · ${formatAgo(input.offer.updatedAt, input.now)}`, style: { dim: true } },
      ],
      [
        {
          text: offerText(input.offer.pendingCount),
          style: { color: input.offer.pendingCount > 0 ? 'yellow' : 'cyan' },
        },
      ],
      [{ text: '/sessions lists all', style: { color: 'cyan' } }],
    ]
  return []
}

/**
 * The row (two at most) between the transcript and the message box: the bypass confirmation, a
 * passing hint, a retry with its countdown, the working spinner with its elapsed time, what to do
 * after a failed turn, or the session to resume.
 */
export function statusLines(input: StatusInput): StyledLine[] {
  return flowItems(items(input), input.width, { maxLines: 2 })
}
