import {
  SEGMENT_TARGET,
  segmentTexts,
  splitReply,
  type ReplySegments,
} from '../../ui-common/reply-segments'
import type { TranscriptItem } from '../../shared/transcript'

type AssistantItem = Extract<TranscriptItem, { kind: 'assistant' }>

/**
 * One row of the virtualized list: a transcript item, or one part of a long reply (a reply of
 * megabytes becomes many rows, so only the parts on screen are parsed and laid out).
 */
export type TranscriptRowModel =
  | { key: string; item: TranscriptItem; part?: undefined }
  | {
      key: string
      item: AssistantItem
      part: { text: string; index: number; last: boolean }
    }

/** Cuts of long replies from the previous call, by item key, so a growing reply is cut from its end. */
export type ReplyCuts = ReadonlyMap<string, ReplySegments>

/** The rows for `items`, and the cuts to hand back next time. */
export function transcriptRows(
  items: readonly TranscriptItem[],
  previous: ReplyCuts,
): { rows: TranscriptRowModel[]; cuts: ReplyCuts } {
  const rows: TranscriptRowModel[] = []
  const cuts = new Map<string, ReplySegments>()
  for (const item of items) {
    if (item.kind !== 'assistant' || item.text.length <= SEGMENT_TARGET) {
      rows.push({ key: item.key, item })
      continue
    }
    // While streaming, a reply only grows at its end (applyTextDeltas appends).
    const segments = splitReply(item.text, previous.get(item.key), { appended: item.streaming })
    cuts.set(item.key, segments)
    const texts = segmentTexts(segments)
    texts.forEach((text, index) =>
      rows.push({
        // The first part keeps the item's key, so a reply growing past one part keeps its row.
        key: index === 0 ? item.key : `${item.key}#${index}`,
        item,
        part: { text, index, last: index === texts.length - 1 },
      }),
    )
  }
  return { rows, cuts }
}

const LINE = 21
const CHAR = 7.4

/** Lines `text` wraps to at `width` px, roughly (average character width of the UI font). */
function wrappedLines(text: string, width: number): number {
  const perLine = Math.max(20, Math.floor(width / CHAR))
  let lines = 0
  for (let start = 0; start <= text.length;) {
    let end = text.indexOf('\n', start)
    if (end < 0) end = text.length
    lines += Math.max(1, Math.ceil((end - start) / perLine))
    start = end + 1
  }
  return lines
}

const BLANK_LINE = /\n\s*\n/g

/** Top-level blocks, roughly: runs of text between blank lines. */
function blockCount(text: string): number {
  let blocks = 1
  BLANK_LINE.lastIndex = 0
  while (BLANK_LINE.exec(text)) blocks++
  return blocks
}

/**
 * A first guess of a row's height before it is measured, from its kind and text, close enough
 * that opening a long session lands where it should and the scrollbar does not jump much.
 */
export function estimateRowHeight(row: TranscriptRowModel, width: number): number {
  const { item } = row
  switch (item.kind) {
    case 'user':
      return 20 + 16 + wrappedLines(item.text, width * 0.82 - 28) * LINE
    case 'assistant': {
      const text = row.part?.text ?? item.text
      // Blank lines between blocks become margins, code lines are a little taller.
      return 12 + wrappedLines(text, width) * LINE - blockCount(text) * 11
    }
    case 'tool':
      return 48
    case 'question':
      return 40 + (item.answers?.length ?? item.questions.length) * 26
    case 'thought':
      return 14 + wrappedLines(item.text, width) * 18
    case 'plan':
      return 14 + (item.entries.length + 1) * 18
    case 'turn_end':
    case 'notice':
      return 34
  }
}

/**
 * Estimates remembered by row and text length. The virtualizer asks for the estimate of every row
 * not yet measured whenever the rows change (each frame of a streaming reply), and a long reply
 * is hundreds of parts nobody has scrolled to: each part's text is read once, not once a frame.
 * A reply only grows at its end, so a row's key and length name its text (and an estimate that
 * were off would only be a guess corrected by the next measurement).
 */
export function createRowEstimates(limit = 20_000) {
  const cache = new Map<string, { width: number; height: number }>()
  return (scope: string, row: TranscriptRowModel, width: number): number => {
    const text = row.part?.text ?? ('text' in row.item ? row.item.text : '')
    const key = `${scope}\u0000${row.key}\u0000${text.length}`
    const hit = cache.get(key)
    if (hit?.width === width) return hit.height
    const height = estimateRowHeight(row, width)
    if (cache.size >= limit) cache.clear()
    cache.set(key, { width, height })
    return height
  }
}
