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
  target = SEGMENT_TARGET,
): ReplySegments {
  if (previous?.source === text) return previous
  const extends_ = previous !== undefined && text.startsWith(previous.source)
  const starts = extends_ ? previous.starts.slice() : [0]
  let partStart = starts.at(-1) ?? 0
  let fence: Fence | undefined
  let blankBefore = false
  let lineStart = partStart
  while (lineStart < text.length) {
    let lineEnd = text.indexOf('\n', lineStart)
    if (lineEnd < 0) lineEnd = text.length
    const line = text.slice(lineStart, lineEnd)
    const length = lineStart - partStart
    if (
      fence === undefined &&
      blankBefore &&
      length >= target &&
      /^\S/.test(line) &&
      (length >= 2 * target || !LIST_ITEM.test(line))
    ) {
      starts.push(lineStart)
      partStart = lineStart
    }
    const marks = fenceOf(line)
    if (fence === undefined) {
      if (marks) fence = marks
    } else if (
      marks &&
      marks.char === fence.char &&
      marks.length >= fence.length &&
      line.trim().length === marks.length
    ) {
      fence = undefined
    }
    blankBefore = line.trim() === ''
    lineStart = lineEnd + 1
  }
  return { source: text, starts }
}

/** The text of each part. */
export function segmentTexts(segments: ReplySegments): string[] {
  const { source, starts } = segments
  return starts.map((start, i) => source.slice(start, starts[i + 1] ?? source.length))
}
