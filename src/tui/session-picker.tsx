import { useState } from 'react'
import { useRefState } from './use-ref-state'
import type { SessionSummary } from '../shared/bridge'
import { choiceLines } from './choice-lines'
import { formatAgo } from '../shared/format-time'
import { useFocusedKeys } from './key-router'
import { FRAME_COLUMNS, PromptFrame, layoutFrame } from './prompt-frame'
import { flowItems, safeSpans, type StyledLine } from './styled-text'

/**
 * `/sessions`: every session, newest first, as a numbered list; Enter opens the highlighted one,
 * Esc goes back to the message box.
 */
export function SessionPicker({
  sessions,
  currentId,
  width,
  maxRows,
  onPick,
  onClose,
}: {
  sessions: readonly SessionSummary[]
  currentId: string | undefined
  width: number
  maxRows: number
  onPick: (session: SessionSummary) => void
  onClose: () => void
}) {
  const [cursor, setCursor, cursorRef] = useRefState(0)
  const [now] = useState(() => Date.now())
  const inner = width - FRAME_COLUMNS
  const header = flowItems(
    [
      [{ text: 'Sessions', style: { color: 'cyan', bold: true } }],
      [{ text: `${sessions.length}, newest first`, style: { dim: true } }],
    ],
    inner,
  )
  const choices = sessions.map((s) => ({
    label: [
      ...safeSpans(s.title, { bold: true }),
      { text: ` · ${formatAgo(s.updatedAt, now)}`, style: { dim: true } },
      ...(s.pendingCount > 0 ? [{ text: ' · Needs input', style: { color: 'yellow' } }] : []),
      ...(s.damaged ? [{ text: ' · damaged', style: { color: 'red' } }] : []),
      ...(s.id === currentId ? [{ text: ' · this one', style: { dim: true } }] : []),
      ...safeSpans(` · ${s.workspace}`, { dim: true }),
    ],
  }))
  // Each session is one row, so the highlighted row is the body row to keep in view.
  const body: StyledLine[] = choiceLines(choices, cursor, inner, { maxRowsEach: 1 })
  const footer = flowItems(
    ['↑↓ move', 'Enter open', 'Esc back'].map((h) => [{ text: h, style: { dim: true } }]),
    inner,
  )
  const layout = layoutFrame({ header, body, footer }, maxRows, {
    focus: [cursor, cursor + 1],
    keys: '↑↓ scroll',
  })

  useFocusedKeys((input, key, pasted) => {
    if (pasted) return
    if (key.escape) onClose()
    else if (key.upArrow) setCursor((c) => Math.max(0, c - 1))
    else if (key.downArrow) setCursor((c) => Math.min(sessions.length - 1, c + 1))
    else if (key.pageUp) setCursor((c) => Math.max(0, c - Math.max(1, layout.bodyRows - 1)))
    else if (key.pageDown)
      setCursor((c) => Math.min(sessions.length - 1, c + Math.max(1, layout.bodyRows - 1)))
    else if (key.return) {
      const picked = sessions[cursorRef.current]
      if (picked) onPick(picked)
    }
  })

  return <PromptFrame color="cyan" width={width} lines={layout.lines} />
}
