import { parsePatch } from 'diff'

/** One row of a diff as the tray draws it, with the line numbers of both sides. */
export type DiffRow =
  | { kind: 'add'; oldNo: null; newNo: number; text: string }
  | { kind: 'del'; oldNo: number; newNo: null; text: string }
  | { kind: 'ctx'; oldNo: number; newNo: number; text: string }
  /** "\ No newline at end of file" and the like. */
  | { kind: 'note'; text: string }

export type DiffHunk = {
  oldStart: number
  oldLines: number
  newStart: number
  newLines: number
  rows: DiffRow[]
}

/**
 * What a write or edit would do, from the unified patch the runtime sends as `detail`:
 * nothing at all, a new file (shown as its content), changes (hunks with counts), or text that
 * is not a patch (shown as it is).
 */
export type DiffView =
  | { kind: 'no_change' }
  | { kind: 'new_file'; lines: string[] }
  | { kind: 'changes'; hunks: DiffHunk[]; added: number; removed: number }
  | { kind: 'text'; text: string }

/** Above this many rows the diff is shown as plain text: still whole, but cheap to draw. */
export const MAX_DIFF_ROWS = 3_000

const HAS_HEADERS = /^--- .*\n\+\+\+ /m

function hunkRows(lines: readonly string[], oldStart: number, newStart: number): DiffRow[] {
  const rows: DiffRow[] = []
  let oldNo = oldStart
  let newNo = newStart
  for (const line of lines) {
    const text = line.slice(1)
    switch (line[0]) {
      case '+':
        rows.push({ kind: 'add', oldNo: null, newNo: newNo++, text })
        break
      case '-':
        rows.push({ kind: 'del', oldNo: oldNo++, newNo: null, text })
        break
      case '\\':
        rows.push({ kind: 'note', text: text.trim() })
        break
      default:
        rows.push({ kind: 'ctx', oldNo: oldNo++, newNo: newNo++, text })
    }
  }
  return rows
}

/**
 * The hunks of a unified patch (with its `---`/`+++` headers), each row numbered on both sides:
 * what both UIs draw a diff from. Null when the text is not such a patch or does not parse.
 */
export function parseHunks(patch: string): DiffHunk[] | null {
  if (!HAS_HEADERS.test(patch)) return null
  let parsed: ReturnType<typeof parsePatch>
  try {
    parsed = parsePatch(patch)
  } catch {
    return null
  }
  return parsed
    .flatMap((file) => file.hunks)
    .map((h) => ({
      oldStart: h.oldStart,
      oldLines: h.oldLines,
      newStart: h.newStart,
      newLines: h.newLines,
      rows: hunkRows(h.lines, h.oldStart, h.newStart),
    }))
}

export function diffView(patch: string): DiffView {
  const hunks = parseHunks(patch)
  if (hunks === null) return { kind: 'text', text: patch }
  if (hunks.length === 0) return { kind: 'no_change' }
  const rowCount = hunks.reduce((n, h) => n + h.rows.length, 0)
  if (rowCount > MAX_DIFF_ROWS) return { kind: 'text', text: patch }
  const only = hunks.length === 1 ? hunks[0] : undefined
  if (
    only &&
    only.oldLines === 0 &&
    only.rows.every((r) => r.kind === 'add' || r.kind === 'note')
  ) {
    return {
      kind: 'new_file',
      lines: only.rows.flatMap((r) => (r.kind === 'add' ? [r.text] : [])),
    }
  }
  let added = 0
  let removed = 0
  for (const hunk of hunks)
    for (const row of hunk.rows) {
      if (row.kind === 'add') added++
      if (row.kind === 'del') removed++
    }
  return { kind: 'changes', hunks, added, removed }
}

/** "+8 −4", "New file, 12 lines", "No changes": what the collapsed tray says about a diff. */
export function diffStatText(view: DiffView): string | null {
  switch (view.kind) {
    case 'no_change':
      return 'No changes'
    case 'new_file':
      return `New file, ${view.lines.length} ${view.lines.length === 1 ? 'line' : 'lines'}`
    case 'changes':
      return `+${view.added} −${view.removed}`
    case 'text':
      return null
  }
}
