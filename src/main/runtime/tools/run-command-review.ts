import { parseCommandLine } from './shell/command-parts'
import { highestRisk } from '../../../shared/risk-order'
import { lineFacts, reviewShellPart } from './shell/part-review'
import { linePins } from './shell/remember-scope'
import type { CallReview, ReviewContext, ReviewPart } from './tool-types'

/** The most parts a prompt lists one by one (the contract's bound); the rest are summed up. */
export const MAX_LISTED_PARTS = 200
/** A part's text in the one-line summary: its head and its tail, never only the head. */
const PART_HEAD = 50
const PART_TAIL = 25
/** A command this short, on one line and of one part, is its own summary. */
const SHORT_COMMAND = 160
/** Past this, the summary names each part by its first word only. */
const LONG_SUMMARY = 600

function flat(text: string): string {
  return text.replace(/\s+/g, ' ').trim()
}

/** Head and tail of a part: the program is at the head, a trailing `| sh` at the tail. */
function clampPart(text: string): string {
  const chars = [...flat(text)]
  return chars.length <= PART_HEAD + PART_TAIL + 3
    ? chars.join('')
    : `${chars.slice(0, PART_HEAD).join('')} … ${chars.slice(-PART_TAIL).join('')}`
}

function summaryOf(command: string, parts: readonly ReviewPart[]): string {
  if (parts.length === 1 && !command.includes('\n') && [...command].length <= SHORT_COMMAND)
    return `Run \`${command.trim()}\``
  if (parts.length === 1) return `Run \`${clampPart(command)}\` (${[...command].length} characters)`
  const listed = parts.map((p) => `\`${clampPart(p.text)}\``).join(' · ')
  const names =
    listed.length <= LONG_SUMMARY
      ? listed
      : parts.map((p) => `\`${clampPart(flat(p.text).split(' ')[0] ?? '')}\``).join(' · ')
  return `Run ${parts.length} commands: ${names}`
}

/** Folds the parts past the listing bound into one part that is never remembered. */
function bounded(parts: ReviewPart[]): ReviewPart[] {
  if (parts.length <= MAX_LISTED_PARTS) return parts
  const rest = parts.slice(MAX_LISTED_PARTS - 1)
  const risk = highestRisk(rest.map((p) => p.risk))
  return [
    ...parts.slice(0, MAX_LISTED_PARTS - 1),
    {
      text: rest.map((p) => p.text).join('\n'),
      risk,
      why: `${rest.length} more parts, listed together (never remembered)`,
      key: null,
      label: `${rest.length} more parts`,
    },
  ]
}

function review(command: string, parts: ReviewPart[]): CallReview {
  const listed = bounded(parts)
  return {
    summary: summaryOf(command, listed),
    detail: command,
    risk: highestRisk(listed.map((p) => p.risk)),
    parts: listed,
    showParts: true,
  }
}

/**
 * Where commands run without a sandbox, Remember repeats only the exact command line: every part
 * that could be remembered is keyed by the whole line, so a later call is covered only when it
 * is the same text (and each of its parts still rememberable).
 */
function exactLineOnly(command: string, parts: ReviewPart[]): ReviewPart[] {
  // A part that runs code from the workspace binds the line to that code's content too.
  const pins = linePins(parts)
  const label = `this exact command \`${command.length > 200 ? `${command.slice(0, 200)}…` : command}\`${pins.label}`
  return parts.map((p) => (p.key === null ? p : { ...p, key: `line:${command}${pins.key}`, label }))
}

/**
 * How a `run_command` call is put to the person: the command split with a real shell grammar
 * into every part it runs (list items, pipeline stages, subshells, substitutions, redirections),
 * each judged on its own; the risk is the highest of the parts; the summary names every part.
 * Remember covers a part's general form only where commands run in a sandbox (`sandboxed`).
 */
export function reviewCommand(
  command: string,
  {
    workspace,
    sandboxed = false,
    dataDir,
    platform = process.platform,
  }: ReviewContext & { platform?: NodeJS.Platform },
): CallReview {
  const whole = (risk: ReviewPart['risk'], why: string): CallReview =>
    review(command, [{ text: command, risk, why, key: null, label: command }])
  if (platform === 'win32')
    return whole(
      'medium',
      'cmd.exe runs it, which Parley cannot split into parts (never remembered)',
    )
  const line = parseCommandLine(command)
  if (line.kind === 'unparseable') return whole('high', line.reason)
  const facts = lineFacts(line.parts, { workspace, sandboxed, dataDir: dataDir ?? null })
  const parts = line.parts.flatMap((p) => reviewShellPart(p, facts) ?? [])
  if (parts.length === 0) return whole('low', 'runs nothing Parley can name (never remembered)')
  return review(command, sandboxed ? parts : exactLineOnly(command, parts))
}
