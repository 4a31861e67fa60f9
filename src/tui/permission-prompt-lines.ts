import type { PermissionInteraction } from '../shared/interactions'
import type { Risk } from '../shared/permission'
import { formatCountdown, formatSince } from '../shared/format-time'
import { choiceLines, type Choice } from './choice-lines'
import { flowItems, truncateLine, wrapSpans, type StyledLine } from './styled-text'
import { fieldLines, type TextFieldState } from './text-field'

export const RISK_COLOR: Record<Risk, string> = { low: 'green', medium: 'yellow', high: 'red' }

/** The header of a permission prompt: what asks, its risk, its countdown, what else waits. */
export function permissionHeader(
  interaction: PermissionInteraction,
  { now, moreWaiting, inner }: { now: number; moreWaiting: number; inner: number },
): StyledLine[] {
  const { expiresAt } = interaction
  const header = flowItems(
    [
      [{ text: 'Permission request', style: { color: 'yellow', bold: true } }],
      [{ text: interaction.tool, style: { bold: true } }],
      [
        { text: 'risk ' },
        { text: interaction.risk, style: { color: RISK_COLOR[interaction.risk], bold: true } },
      ],
      ...(expiresAt !== null
        ? [[{ text: `denied in ${formatCountdown(expiresAt, now)}`, style: { dim: true } }]]
        : []),
      ...(moreWaiting > 0
        ? [[{ text: `${moreWaiting} more waiting`, style: { color: 'yellow' } }]]
        : []),
    ],
    inner,
  )
  if (interaction.recovered)
    header.push(
      ...wrapSpans(
        [
          {
            text: `Waiting since ${formatSince(interaction.createdAt, now)} (asked before a restart)`,
            style: { color: 'yellow' },
          },
        ],
        inner,
      ),
    )
  return header
}

/** The compact header of a short terminal: one row. */
export function permissionCompactHeader(
  interaction: PermissionInteraction,
  { now, inner }: { now: number; inner: number },
): StyledLine[] {
  const { expiresAt } = interaction
  return [
    truncateLine(
      [
        { text: 'Permission: ', style: { color: 'yellow', bold: true } },
        { text: interaction.tool, style: { bold: true } },
        { text: ' · ' },
        { text: interaction.risk, style: { color: RISK_COLOR[interaction.risk], bold: true } },
        ...(expiresAt !== null
          ? [{ text: ` · ${formatCountdown(expiresAt, now)}`, style: { dim: true } }]
          : []),
      ],
      inner,
    ),
  ]
}

/** The keys row while a choice is being made. */
export const choiceHintsFor = (count: number, recovered: boolean): string[] => [
  `↑↓ or 1–${count} choose`,
  'Enter confirm',
  'Esc deny',
  ...(recovered ? ['x dismiss'] : []),
]

/** The same in a short terminal. */
export const compactChoiceHints = (count: number): string[] => [
  `1–${count} choose`,
  'Esc deny',
  'Enter confirm',
]

/** What the footer of a permission prompt shows. */
export interface PermissionFooter {
  choices: readonly Choice[]
  cursor: number
  /** The note to the agent being written (after choosing No), or null. */
  note: TextFieldState | null
  /** Why the last key did nothing, or why the answer failed. */
  problem: string | null
  inner: number
}

const problemRows = ({ problem, inner }: PermissionFooter) =>
  problem ? wrapSpans([{ text: problem, style: { color: 'red' } }], inner) : []

const hintRows = (hints: readonly string[], inner: number, maxLines: number) =>
  flowItems(
    hints.map((h) => [{ text: h, style: { dim: true } }]),
    inner,
    { maxLines },
  )

/** The footer: every choice, the note being written, a problem, and the keys. */
export function permissionFooter(footer: PermissionFooter, hints: readonly string[]): StyledLine[] {
  const { choices, cursor, note, inner } = footer
  return [
    ...choiceLines(choices, cursor, inner, { maxRowsEach: 2, active: note === null }),
    ...(note
      ? [
          ...wrapSpans(
            [{ text: 'What should the agent do instead? Enter sends it with the denial.' }],
            inner,
          ),
          ...fieldLines(note, inner, 4),
        ]
      : []),
    ...problemRows(footer),
    ...hintRows(hints, inner, 2),
  ]
}

/** The compact footer: the highlighted choice (or the note being written) and one row of keys. */
export function permissionCompactFooter(
  footer: PermissionFooter,
  hints: readonly string[],
): StyledLine[] {
  const { choices, cursor, note, inner } = footer
  return [
    ...(note
      ? fieldLines(note, inner, 1)
      : choiceLines(choices, cursor, inner, { maxRowsEach: 1 }).slice(cursor, cursor + 1)),
    ...problemRows(footer).slice(0, 1),
    ...hintRows(hints, inner, 1),
  ]
}
