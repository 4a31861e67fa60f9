import { diffWordsWithSpace } from 'diff'
import type { DiffRow } from './diff-view'

/** A stretch of a line, changed or not, in order; together they are the whole line. */
export interface LineSegment {
  text: string
  changed: boolean
}

/** Lines longer than this are not compared word by word (cost), only shown as changed. */
const MAX_COMPARED = 2_000
/** Below this share of unchanged text, the two lines are a rewrite: nothing is marked within. */
const MIN_KEPT = 0.4

/**
 * What changed within changed lines, as Zed and GitHub show it: in each run of removed lines
 * followed by added ones, the n-th removed line is compared with the n-th added line, word by
 * word (spaces kept), and each side gets its segments with the changed words marked
 * (`port = 8080` → `port = 9090`: only `8080` and `9090`). A pair that shares too little is a
 * rewrite, and is left without marks. Returns the segments by row index; rows not in it have
 * none.
 */
export function changedWords(rows: readonly DiffRow[]): Map<number, LineSegment[]> {
  const marks = new Map<number, LineSegment[]>()
  let i = 0
  while (i < rows.length) {
    const dels: number[] = []
    while (rows[i]?.kind === 'del') dels.push(i++)
    const adds: number[] = []
    while (rows[i]?.kind === 'add') adds.push(i++)
    if (dels.length === 0 && adds.length === 0) {
      i++
      continue
    }
    for (let n = 0; n < Math.min(dels.length, adds.length); n++) {
      const oldRow = rows[dels[n] ?? -1]
      const newRow = rows[adds[n] ?? -1]
      if (oldRow?.kind !== 'del' || newRow?.kind !== 'add') continue
      const pair = comparePair(oldRow.text, newRow.text)
      if (!pair) continue
      marks.set(dels[n] ?? -1, pair.old)
      marks.set(adds[n] ?? -1, pair.new)
    }
  }
  return marks
}

function comparePair(
  before: string,
  after: string,
): { old: LineSegment[]; new: LineSegment[] } | null {
  if (before.length > MAX_COMPARED || after.length > MAX_COMPARED) return null
  const parts = diffWordsWithSpace(before, after)
  const kept = parts.filter((p) => !p.added && !p.removed).reduce((n, p) => n + p.value.length, 0)
  if (kept / Math.max(before.length, after.length, 1) < MIN_KEPT) return null
  return {
    old: parts.filter((p) => !p.added).map((p) => ({ text: p.value, changed: p.removed })),
    new: parts.filter((p) => !p.removed).map((p) => ({ text: p.value, changed: p.added })),
  }
}
