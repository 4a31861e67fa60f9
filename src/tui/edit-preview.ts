import { diffLines as lineChanges } from 'diff'
import type { Json } from '../shared/session-events'
import type { TranscriptItem } from '../shared/transcript'
import { prefixLines, safeSpans, wrapSpans, type SpanStyle, type StyledLine } from './styled-text'

/** Changed lines shown under a file edit's row; Ctrl+O shows them all. */
const ROWS_SHOWN = 4

const SIGN_STYLE: Record<'+' | '-' | ' ', SpanStyle | undefined> = {
  '+': { color: 'green' },
  '-': { color: 'red' },
  ' ': { dim: true },
}

/** What a file edit changed, line by line, as the call's input says. */
export interface EditChange {
  added: number
  removed: number
  lines: Array<{ sign: '+' | '-' | ' '; text: string }>
}

const textField = (input: Json, name: string): string | undefined => {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return undefined
  const value = input[name]
  return typeof value === 'string' ? value : undefined
}

const linesOf = (text: string): string[] => text.replace(/\n$/, '').split('\n')

/**
 * The change a finished `edit_file` or `write_file` call made, from its input (the same in
 * every permission mode, asked or not): `old_text` against `new_text`, or the whole `content`
 * as added lines. Null for any other call, or one that did not go through.
 */
export function editChange(item: Extract<TranscriptItem, { kind: 'tool' }>): EditChange | null {
  if (item.origin !== 'parley' || item.status !== 'done') return null
  const { input } = item
  let lines: EditChange['lines']
  if (item.tool === 'edit_file') {
    const before = textField(input, 'old_text')
    const after = textField(input, 'new_text')
    if (before === undefined || after === undefined) return null
    lines = lineChanges(before, after).flatMap((part) =>
      part.value === ''
        ? []
        : linesOf(part.value).map((text) => ({
            sign: part.added ? ('+' as const) : part.removed ? ('-' as const) : (' ' as const),
            text,
          })),
    )
  } else if (item.tool === 'write_file') {
    const content = textField(input, 'content')
    if (content === undefined) return null
    lines = content === '' ? [] : linesOf(content).map((text) => ({ sign: '+' as const, text }))
  } else return null
  return {
    added: lines.filter((l) => l.sign === '+').length,
    removed: lines.filter((l) => l.sign === '-').length,
    lines,
  }
}

/** `+3 −1`: how many lines the change added and removed. */
export const changeCounts = (change: EditChange): string => `+${change.added} −${change.removed}`

/**
 * The change as rows, `+`/`−` marked and coloured; `maxRows` keeps the first changed lines (the
 * unchanged ones around them are left out then) and says how many more there are.
 */
export function changeLines(change: EditChange, width: number, maxRows = Infinity): StyledLine[] {
  const shown = Number.isFinite(maxRows) ? change.lines.filter((l) => l.sign !== ' ') : change.lines
  const rows = shown.flatMap(({ sign, text }) => {
    const style = SIGN_STYLE[sign]
    const wrapped = wrapSpans(safeSpans(text, style), Math.max(8, width - 2), { mode: 'verbatim' })
    return prefixLines(
      wrapped,
      [{ text: `${sign === '-' ? '−' : sign} `, style }],
      [{ text: '  ' }],
    )
  })
  if (rows.length <= maxRows) return rows
  const kept = Math.max(1, maxRows - 1)
  return [
    ...rows.slice(0, kept),
    [{ text: `… ${rows.length - kept} more rows · Ctrl+O shows the change`, style: { dim: true } }],
  ]
}

/** The rows under a finished file edit's row: its first changed lines, indented. */
export function changePreviewLines(
  item: Extract<TranscriptItem, { kind: 'tool' }>,
  width: number,
): StyledLine[] {
  const change = editChange(item)
  if (!change || change.lines.length === 0) return []
  const indent: StyledLine = [{ text: '    ' }]
  return prefixLines(changeLines(change, width - 4, ROWS_SHOWN), indent, indent)
}
