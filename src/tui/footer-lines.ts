import type { PermissionMode } from '../shared/permission'
import {
  flowItems,
  lineWidth,
  truncateLine,
  truncateLineStart,
  type Span,
  type StyledLine,
} from './styled-text'

export const MODE_COLOR: Record<PermissionMode, string> = {
  explore: 'blue',
  ask: 'green',
  execute: 'yellow',
  bypass: 'red',
}

/**
 * Mode, model and workspace, then the keys that work right now (as many rows as they need, at
 * most two; the least important are left out first). When mode, model and workspace do not fit
 * on one row the workspace gets its own, cut from the left so its last folders stay readable.
 */
export function footerLines({
  mode,
  backendLabel,
  workspace,
  hints,
  width,
  maxHintRows = 2,
  agent,
}: {
  mode: PermissionMode
  backendLabel: string
  /** An ACP agent's session: the agent in place of the model, its own mode when it has modes. */
  agent?: { name: string; mode: string | null } | undefined
  workspace: string
  hints: readonly string[]
  width: number
  /** Rows the keys may take (a short terminal gets one). */
  maxHintRows?: number
}): StyledLine[] {
  const inner = width - 2
  const pad = (line: StyledLine): StyledLine => [{ text: ' ' }, ...line]
  const modeSpan: Span =
    agent?.mode !== undefined && agent.mode !== null
      ? { text: agent.mode, style: { color: 'cyan', bold: true } }
      : { text: mode, style: { color: MODE_COLOR[mode], bold: true } }
  const backend: Span = agent ? { text: `${agent.name} (ACP agent)` } : { text: backendLabel }
  const facts = flowItems([[modeSpan], [backend], [{ text: workspace }]], inner)
  const lines =
    facts.length === 1
      ? facts
      : [
          truncateLine([modeSpan, { text: ' · ', style: { dim: true } }, backend], inner),
          truncateLineStart([{ text: workspace }], inner),
        ]
  return [...lines.filter((l) => lineWidth(l) > 0).map(pad), ...keyLines(hints, width, maxHintRows)]
}

/** The footer's keys alone (while the session opens, before mode, model and workspace are known). */
export function keyLines(hints: readonly string[], width: number, maxRows = 2): StyledLine[] {
  const keys = flowItems(
    hints.map((h) => [{ text: h, style: { dim: true } }]),
    width - 2,
    { maxLines: maxRows, separator: { text: ' · ', style: { dim: true } } },
  )
  return keys.filter((l) => lineWidth(l) > 0).map((line) => [{ text: ' ' }, ...line])
}
