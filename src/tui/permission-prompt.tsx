import { useState } from 'react'
import { useRefState } from './use-ref-state'
import type { PermissionInteraction } from '../shared/interactions'
import type { Risk } from '../shared/permission'
import { choiceLines, type Choice } from './choice-lines'
import { toolCategory } from '../shared/pinned-tools'
import { flaggedParts } from '../shared/risk-order'
import { detailLines } from './detail-lines'
import { formatCountdown, formatSince } from '../shared/format-time'
import { useFocusedKeys } from './key-router'
import { ARMING_HINT, FRAME_COLUMNS, PromptFrame, layoutFrame } from './prompt-frame'
import {
  flowItems,
  prefixLines,
  safeSpans,
  truncateLine,
  wrapSpans,
  type Span,
  type StyledLine,
} from './styled-text'
import { applyFieldKey, fieldHints, fieldLines, openField, type TextFieldState } from './text-field'
import type { TuiBridge } from './tui-bridge'
import { PROMPT_ARMING_MS } from '../shared/prompt-arming'
import { useArmed } from '../ui-common/use-armed'
import { useNow } from '../ui-common/use-now'
import { useSettle } from './use-settle'

export const RISK_COLOR: Record<Risk, string> = { low: 'green', medium: 'yellow', high: 'red' }

/** The choices a permission prompt offers, in order (1 Yes, 2 Yes and remember, 3 No and say). */
type PermissionChoice = 'allow' | 'remember' | 'deny'

function choicesOf(interaction: PermissionInteraction): Array<{ id: PermissionChoice } & Choice> {
  const scope = interaction.rememberScope
  return [
    { id: 'allow', label: [{ text: 'Yes' }] },
    ...(scope && scope.length > 0
      ? [
          {
            id: 'remember' as const,
            label: [
              { text: "Yes, and don't ask again this turn for " },
              ...safeSpans(scope.join(', '), { bold: true }),
            ],
          },
        ]
      : []),
    { id: 'deny', label: [{ text: 'No, and tell the agent what to do instead' }] },
  ]
}

/** Rows of the prompt's scrolling part: what the tool will do, every part of it, in full. */
function bodyLines(interaction: PermissionInteraction, width: number): StyledLine[] {
  const detail = interaction.detail.replace(/\n$/, '')
  // A summary that only repeats the command ("Run `npm test`") is not shown a second time.
  const repeats = detail !== '' && !detail.includes('\n') && interaction.summary.includes(detail)
  const lines: StyledLine[] = repeats
    ? []
    : wrapSpans(safeSpans(interaction.summary, { bold: true }), width)
  const parts = interaction.parts ?? []
  if (parts.length > 1) {
    // The same parts are flagged as in the web tray: the riskiest, when they stand out.
    const flags = flaggedParts(parts.map((p) => p.risk))
    lines.push([{ text: `${parts.length} commands, each checked on its own:` }])
    const numberWidth = String(parts.length).length
    parts.forEach((part, i) => {
      const risky = flags[i] ?? false
      const marker = `${String(i + 1).padStart(numberWidth)}. `
      const text: Span[] = [
        ...safeSpans(part.text, risky ? { color: RISK_COLOR[part.risk], bold: true } : {}),
        ...(risky
          ? [
              {
                text: `  ← ${part.risk} risk${part.why ? `: ${part.why}` : ''}`,
                style: { color: RISK_COLOR[part.risk] },
              },
            ]
          : []),
      ]
      // The risky part is shown whole; the others take a row each (the full command follows).
      const rows = wrapSpans(text, width - marker.length - 2, { mode: 'verbatim' })
      const shown = risky ? rows : [truncateLine(rows.flat(), width - marker.length - 2)]
      lines.push(...prefixLines(shown, [{ text: `  ${marker}` }]))
    })
    lines.push([])
  }
  const gutter: StyledLine = [{ text: '│ ', style: { dim: true } }]
  const kind = toolCategory(interaction.tool) === 'edit' ? 'patch' : 'text'
  lines.push(...prefixLines(detailLines(detail, width - 2, kind), gutter, gutter))
  return lines
}

/**
 * A permission prompt: what the tool will do and its risk, the full command (every part, the
 * risky one marked) or the diff with line numbers, and a numbered choice confirmed with Enter:
 * 1 Yes · 2 Yes and don't ask again for what `rememberScope` names (offered only when something
 * can be remembered) · 3 No, with a note for the agent. It ignores keys for a moment after it
 * appears, so type-ahead never answers it; no single letter allows anything. It fits in
 * `maxRows`: the header and choices stay, the details scroll (PgUp/PgDn) with the command's tail
 * always in view.
 */
export function PermissionPrompt({
  interaction,
  bridge,
  moreWaiting,
  width,
  maxRows,
}: {
  interaction: PermissionInteraction
  bridge: TuiBridge
  moreWaiting: number
  width: number
  maxRows: number
}) {
  const { requestId, expiresAt } = interaction
  const now = useNow({ everyMs: 1_000, active: expiresAt !== null })
  const armed = useArmed(PROMPT_ARMING_MS)
  const { busy, error, settle } = useSettle()
  const [cursor, setCursor, cursorRef] = useRefState(0)
  const [scroll, setScroll] = useState(0)
  const [note, setNote, noteRef] = useRefState<TextFieldState | null>(null)
  const inner = width - FRAME_COLUMNS
  const choices = choicesOf(interaction)

  const respond = (choice: PermissionChoice, text?: string) =>
    settle(() =>
      bridge.respondToPermission({
        requestId,
        decision: choice === 'deny' ? 'deny' : 'allow',
        remember: choice === 'remember',
        ...(text && text.trim() !== '' ? { note: text.trim() } : {}),
      }),
    )

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

  const footer: StyledLine[] = choiceLines(choices, cursor, inner, {
    maxRowsEach: 2,
    active: note === null,
  })
  if (note) {
    footer.push(
      ...wrapSpans(
        [{ text: 'What should the agent do instead? Enter sends it with the denial.' }],
        inner,
      ),
    )
    footer.push(...fieldLines(note, inner, 4))
  }
  if (error) footer.push(...wrapSpans([{ text: error, style: { color: 'red' } }], inner))
  const hints = !armed
    ? [ARMING_HINT]
    : busy
      ? ['Sending…']
      : note
        ? ['Enter send', ...fieldHints(note), 'Esc back']
        : [
            '↑↓ or 1–' + choices.length + ' choose',
            'Enter confirm',
            'Esc deny',
            ...(interaction.recovered ? ['x dismiss'] : []),
          ]
  footer.push(
    ...flowItems(
      hints.map((h) => [{ text: h, style: { dim: true } }]),
      inner,
      { maxLines: 2 },
    ),
  )

  const layout = layoutFrame({ header, body: bodyLines(interaction, inner), footer }, maxRows, {
    top: scroll,
    pinTail: 3,
  })

  useFocusedKeys((input, key, pasted) => {
    if (!armed) return
    if (key.pageUp || key.pageDown) {
      const page = Math.max(1, layout.bodyRows - 1)
      const by = key.pageUp ? -page : page
      setScroll((s) => Math.min(layout.maxTop, Math.max(0, Math.min(s, layout.maxTop) + by)))
      return
    }
    const typing = noteRef.current
    if (typing) {
      const result = applyFieldKey(typing, input, key, pasted)
      if (result.kind === 'edit') setNote(result.state)
      else if (result.kind === 'cancel') setNote(null)
      else if (result.kind === 'submit') respond('deny', result.text)
      return
    }
    // A paste never answers a permission prompt.
    if (pasted || key.ctrl || key.meta) return
    if (key.upArrow) setCursor((c) => Math.max(0, c - 1))
    else if (key.downArrow) setCursor((c) => Math.min(choices.length - 1, c + 1))
    else if (/^[1-9]$/.test(input) && Number(input) <= choices.length) setCursor(Number(input) - 1)
    else if (key.return) {
      const choice = choices[cursorRef.current]?.id
      if (choice === 'deny') setNote(openField())
      else if (choice) respond(choice)
    } else if (key.escape) respond('deny')
    else if (input === 'x' && interaction.recovered)
      settle(() => bridge.dismissInteraction({ requestId }))
  }, !busy)

  return <PromptFrame color="yellow" width={width} lines={layout.lines} />
}
