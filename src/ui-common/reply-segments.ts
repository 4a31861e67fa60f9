/**
 * A long reply cut into parts that each become one transcript row, so the list virtualizes
 * inside a reply too: opening a session whose last reply is megabytes long renders only the parts
 * on screen. `starts[i]` is where part i begins; it ends where the next one starts.
 */
export type ReplySegments = {
  readonly source: string
  readonly starts: readonly number[]
}

/** Parts are cut once they are at least this long (characters), at the next clean place. */
export const SEGMENT_TARGET = 3_000

const FENCE = /^ {0,3}(`{3,}|~{3,})/
const LIST_ITEM = /^(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)/
/** How much of a line the list-item test reads. */
const LIST_ITEM_WINDOW = 12

type Fence = { char: string; length: number }

/** The fence a line opens or closes, if it is a fence line. */
function fenceOf(line: string): Fence | undefined {
  const match = FENCE.exec(line)
  const marks = match?.[1]
  return marks ? { char: marks.charAt(0), length: marks.length } : undefined
}

/**
 * Cuts `text` at blank lines outside fenced code where the next line starts a new top-level block
 * (not an indented continuation; a list item only once a part is very long), so each part renders
 * as markdown on its own the way it reads in the whole. When `text` extends `previous.source`,
 * only the last part is scanned again: earlier cuts never move.
 */
export function splitReply(
  text: string,
  previous: ReplySegments | undefined,
  options: { target?: number; appended?: boolean } = {},
): ReplySegments {
  const target = options.target ?? SEGMENT_TARGET
  if (previous?.source === text) return previous
  const extends_ = previous !== undefined && grewFrom(text, previous, options.appended === true)
  const starts = extends_ ? previous.starts.slice() : [0]
  let partStart = starts.at(-1) ?? 0
  let fence: Fence | undefined
  let blankBefore = false
  // Index arithmetic, no slicing per line: this runs over the whole reply when one is opened.
  for (let lineStart = partStart; lineStart < text.length;) {
    let lineEnd = text.indexOf('\n', lineStart)
    if (lineEnd < 0) lineEnd = text.length
    let first = lineStart
    while (first < lineEnd && (text[first] === ' ' || text[first] === '\t')) first++
    const blank = first === lineEnd
    const length = lineStart - partStart
    // A last line still streaming in is judged only once it ends or is long enough to tell what
    // it starts ("1" may become "1. first", a list item): the cut must not depend on the pace.
    const decidable = lineEnd < text.length || lineEnd - lineStart >= LIST_ITEM_WINDOW
    if (
      decidable &&
      fence === undefined &&
      blankBefore &&
      first === lineStart &&
      !blank &&
      length >= target &&
      (length >= 2 * target || !LIST_ITEM.test(text.slice(lineStart, lineStart + LIST_ITEM_WINDOW)))
    ) {
      starts.push(lineStart)
      partStart = lineStart
    }
    const mark = text[first]
    if ((mark === '`' || mark === '~') && first - lineStart <= 3) {
      const line = text.slice(lineStart, lineEnd)
      const marks = fenceOf(line)
      if (fence === undefined) fence = marks
      else if (
        marks &&
        marks.char === fence.char &&
        marks.length >= fence.length &&
        line.trim().length === marks.length
      )
        fence = undefined
    }
    blankBefore = blank
    lineStart = lineEnd + 1
  }
  return { source: text, starts }
}

/**
 * Whether `text` is `previous.source` with more after it. A reply streaming in only grows at its
 * end (`appended`): checking its last part is enough, and keeps the work per update independent of
 * the reply's length. Otherwise (a committed text replacing the streamed one) all of it is compared.
 */
function grewFrom(text: string, previous: ReplySegments, appended: boolean): boolean {
  const old = previous.source
  if (text.length < old.length) return false
  if (!appended) return text.startsWith(old)
  const last = previous.starts.at(-1) ?? 0
  return text.startsWith(old.slice(last), last)
}

/** The text of each part. */
export function segmentTexts(segments: ReplySegments): string[] {
  const { source, starts } = segments
  return starts.map((start, i) => source.slice(start, starts[i + 1] ?? source.length))
}
