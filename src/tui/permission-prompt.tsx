import { useState } from 'react'
import { useRefState } from './use-ref-state'
import type { PermissionInteraction } from '../shared/interactions'
import type { Choice } from './choice-lines'
import { toolCategory } from '../shared/pinned-tools'
import { flaggedParts } from '../shared/risk-order'
import { detailLines, firstChangeRow } from './detail-lines'
import { useFocusedKeys } from './key-router'
import {
  ARMING_HINT,
  FRAME_COLUMNS,
  PromptFrame,
  layoutFrame,
  type FrameLayout,
} from './prompt-frame'
import {
  prefixLines,
  safeSpans,
  truncateLine,
  wrapSpans,
  type Span,
  type StyledLine,
} from './styled-text'
import { applyFieldKey, fieldHints, openField, type TextFieldState } from './text-field'
import type { TuiBridge } from './tui-bridge'
import { PROMPT_ARMING_MS } from '../shared/prompt-arming'
import { useArmed } from '../ui-common/use-armed'
import { useNow } from '../ui-common/use-now'
import { useSettle } from './use-settle'
import {
  RISK_COLOR,
  choiceHintsFor,
  compactChoiceHints,
  permissionCompactFooter,
  permissionCompactHeader,
  permissionFooter,
  permissionHeader,
} from './permission-prompt-lines'
import { allSeen, markSeen, noRowsSeen } from './seen-rows'

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

/**
 * Rows of the prompt's scrolling part: what the tool will do, every part of it, in full; `head`
 * rows of them say what it is (kept in view), and a diff's first change is at `firstChange`.
 */
function bodyLines(
  interaction: PermissionInteraction,
  width: number,
): { lines: StyledLine[]; head: number; firstChange: number | null } {
  const detail = interaction.detail.replace(/\n$/, '')
  // A summary that only repeats the command ("Run `npm test`") is not shown a second time.
  const repeats = detail !== '' && !detail.includes('\n') && interaction.summary.includes(detail)
  const lines: StyledLine[] = repeats
    ? []
    : wrapSpans(safeSpans(interaction.summary, { bold: true }), width)
  const head = lines.length
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
  const detailRows = detailLines(detail, width - 2, kind)
  const change = kind === 'patch' ? firstChangeRow(detailRows) : null
  const firstChange = change === null ? null : lines.length + change
  lines.push(...prefixLines(detailRows, gutter, gutter))
  return { lines, head, firstChange }
}

/**
 * A permission prompt: what the tool will do and its risk, the full command (every part, the
 * risky one marked) or the diff with line numbers, and a numbered choice: a number chooses at
 * once (as in a question), or ↑↓ and Enter: 1 Yes · 2 Yes and don't ask again for what
 * `rememberScope` names (offered only when something can be remembered) · 3 No, with a note for
 * the agent (what is typed after the 3 goes into it). It ignores keys for a moment after it
 * appears, so type-ahead never answers it; no letter allows anything. It fits in `maxRows`: what
 * it is (the summary) and the highlighted choice stay, the details scroll (PgUp/PgDn) with the
 * command's tail in view, a diff opens on its first change, and a short terminal gets the compact
 * header and footer. Yes waits until every row of a command has been on screen (for a file edit,
 * its file and first change, which it opens on).
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
  const [blocked, setBlocked] = useState<string | null>(null)
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

  const header = permissionHeader(interaction, { now, moreWaiting, inner })
  const body = bodyLines(interaction, inner)
  // A file edit is judged by its file and its change (it opens on the first one); anything else
  // (a command, a tool's input) is allowed only once every row of it has been on screen.
  const edit = toolCategory(interaction.tool) === 'edit'
  const mustSee = edit ? body.head : body.lines.length
  const [scroll, setScroll] = useState(() =>
    body.firstChange === null ? 0 : Math.max(body.head, body.firstChange - 1),
  )
  const [seen, setSeen] = useState(() => noRowsSeen(inner))

  const footer = { choices, cursor, note, problem: error ?? blocked, inner }
  const choiceHints = choiceHintsFor(choices.length, interaction.recovered)
  const compactHeader = permissionCompactHeader(interaction, { now, inner })
  const layoutWith = (hints: readonly string[]) =>
    layoutFrame(
      {
        header,
        body: body.lines,
        footer: permissionFooter(footer, hints),
        compact: {
          header: compactHeader,
          footer: permissionCompactFooter(
            footer,
            hints === choiceHints ? compactChoiceHints(choices.length) : hints,
          ),
        },
      },
      maxRows,
      // A diff opens on its first change, under the file it is in; a command opens on its start
      // with its tail (the part that matters most) in view.
      edit ? { top: scroll, pinHead: body.head } : { top: scroll, pinTail: 3 },
    )
  const unseen = (shown: FrameLayout['shown']) => !allSeen(seen, inner, shown, mustSee)
  const hintsWhile = (hidden: boolean) =>
    !armed
      ? [ARMING_HINT]
      : busy
        ? ['Sending…']
        : note
          ? ['Enter send', ...fieldHints(note), 'Esc back']
          : hidden
            ? ['PgDn read it all to allow', ...choiceHints.slice(0, 1), 'Esc deny']
            : choiceHints
  // The keys row says PgDn first while part of what would be allowed is still off screen.
  const draft = layoutWith(hintsWhile(false))
  const hidden = unseen(draft.shown)
  const layout = hidden ? layoutWith(hintsWhile(true)) : draft
  const allowable = !unseen(layout.shown)
  // What is on screen now counts as read (set while rendering: it settles in one more pass).
  const seenNow = markSeen(seen, inner, layout.shown)
  if (seenNow !== seen) setSeen(seenNow)

  /** Acts on a choice; an allow waits until every row it covers has been on screen. */
  const choose = (choice: PermissionChoice) => {
    if (choice === 'deny') return setNote(openField())
    if (!allowable)
      return setBlocked(
        edit
          ? 'Part of the change is off screen: PgDn to read it, then allow.'
          : 'Part of the command is off screen: PgDn to read it all, then allow.',
      )
    respond(choice)
  }

  useFocusedKeys((input, key, pasted) => {
    if (!armed) return
    if (key.pageUp || key.pageDown) {
      const page = layout.page
      const by = key.pageUp ? -page : page
      setBlocked(null)
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
    else if (/^[1-9]/.test(input) && Number(input[0]) <= choices.length) {
      // A number chooses, as in a question: Yes allows, No opens the note, and what is typed
      // after the number (in the same burst or later) goes into it.
      const index = Number(input[0]) - 1
      setCursor(index)
      const choice = choices[index]?.id
      if (choice) choose(choice)
      const rest = input.slice(1)
      if (choice === 'deny' && rest !== '') {
        const typed = applyFieldKey(openField(), rest, key, false)
        if (typed.kind === 'edit') setNote(typed.state)
      }
    } else if (key.return) {
      const choice = choices[cursorRef.current]?.id
      if (choice) choose(choice)
    } else if (key.escape) respond('deny')
    else if (input === 'x' && interaction.recovered)
      settle(() => bridge.dismissInteraction({ requestId }))
  }, !busy)

  return <PromptFrame color="yellow" width={width} lines={layout.lines} />
}
