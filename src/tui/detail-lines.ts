import { parseHunks } from '../ui-common/diff-view'
import { prefixLines, safeSpans, wrapSpans, type SpanStyle, type StyledLine } from './styled-text'

const ADDED: SpanStyle = { color: 'green' }
const REMOVED: SpanStyle = { color: 'red' }
const GUTTER: SpanStyle = { dim: true }

/**
 * A diff as numbered, coloured rows: the file headers (`===`, `---`, `+++`) are left out (the
 * prompt already names the file), each row carries its line number in the file, and hunks are
 * separated by `⋮`. Null when the text is not a unified diff.
 */
export function diffLines(text: string, width: number): StyledLine[] | null {
  const hunks = parseHunks(text)
  if (hunks === null || hunks.length === 0) return null
  const last = hunks.at(-1)
  const numberWidth = String(
    Math.max(
      1,
      (last?.oldStart ?? 0) + (last?.oldLines ?? 0),
      (last?.newStart ?? 0) + (last?.newLines ?? 0),
    ),
  ).length
  const lines: StyledLine[] = []
  hunks.forEach((hunk, h) => {
    if (h > 0) lines.push([{ text: `${' '.repeat(numberWidth)} ⋮`, style: GUTTER }])
    for (const row of hunk.rows) {
      // "\ No newline at end of file" describes the line before it; it is not a line.
      if (row.kind === 'note') continue
      const number = row.kind === 'del' ? row.oldNo : row.newNo
      const style = row.kind === 'add' ? ADDED : row.kind === 'del' ? REMOVED : undefined
      const sign = row.kind === 'add' ? '+ ' : row.kind === 'del' ? '- ' : '  '
      const gutter: StyledLine = [
        { text: `${String(number).padStart(numberWidth)} `, style: GUTTER },
        { text: sign, style },
      ]
      const blank: StyledLine = [{ text: ' '.repeat(numberWidth + 3) }]
      const rows = wrapSpans(safeSpans(row.text, style), width - numberWidth - 3, {
        mode: 'verbatim',
      })
      lines.push(...prefixLines(rows, gutter, blank))
    }
  })
  return lines
}

/**
 * What a prompt's detail may hold: a patch, drawn as a diff when it parses as one (a file edit's
 * detail; an ACP agent's, which may carry one), or text that is never drawn as a diff, however
 * much it looks like one (a command, a tool's input).
 */
export type DetailKind = 'patch' | 'text'

/**
 * The full command or diff of a permission prompt, hidden characters made visible, every
 * character kept (commands wrap anywhere, never at a dropped space).
 */
export function detailLines(text: string, width: number, kind: DetailKind): StyledLine[] {
  if (text === '') return [[{ text: '(no details)', style: { dim: true } }]]
  return (
    (kind === 'text' ? null : diffLines(text, width)) ??
    wrapSpans(safeSpans(text.replace(/\n$/, '')), width, { mode: 'verbatim' })
  )
}

/** The first added or removed row of rows drawn by `diffLines`, or null when there is none. */
export function firstChangeRow(lines: readonly StyledLine[]): number | null {
  const at = lines.findIndex((line) =>
    line.some(
      (span) =>
        (span.text === '+ ' && span.style?.color === ADDED.color) ||
        (span.text === '- ' && span.style?.color === REMOVED.color),
    ),
  )
  return at === -1 ? null : at
}
