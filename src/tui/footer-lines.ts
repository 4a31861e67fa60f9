import type { PermissionMode } from '../shared/permission'
import {
  flowItems,
  lineWidth,
  truncateLine,
  truncateLineStart,
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
}: {
  mode: PermissionMode
  backendLabel: string
  workspace: string
  hints: readonly string[]
  width: number
  /** Rows the keys may take (a short terminal gets one). */
  maxHintRows?: number
}): StyledLine[] {
  const inner = width - 2
  const pad = (line: StyledLine): StyledLine => [{ text: ' ' }, ...line]
  const facts = flowItems(
    [
      [{ text: mode, style: { color: MODE_COLOR[mode], bold: true } }],
      [{ text: backendLabel }],
      [{ text: workspace }],
    ],
    inner,
  )
  const lines =
    facts.length === 1
      ? facts
      : [
          truncateLine(
            [
              { text: mode, style: { color: MODE_COLOR[mode], bold: true } },
              { text: ' · ', style: { dim: true } },
              { text: backendLabel },
            ],
            inner,
          ),
          truncateLineStart([{ text: workspace }], inner),
        ]
  const keys = flowItems(
    hints.map((h) => [{ text: h, style: { dim: true } }]),
    inner,
    { maxLines: maxHintRows, separator: { text: ' · ', style: { dim: true } } },
  )
  return [...lines, ...keys].filter((l) => lineWidth(l) > 0).map(pad)
}
