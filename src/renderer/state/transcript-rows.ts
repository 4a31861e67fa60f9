import {
  SEGMENT_TARGET,
  segmentTexts,
  splitReply,
  type ReplySegments,
} from '../markdown/reply-segments'
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
  for (const line of text.split('\n')) lines += Math.max(1, Math.ceil(line.length / perLine))
  return lines
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
      const blocks = text.split(/\n\s*\n/).length
      return 12 + wrappedLines(text, width) * LINE - blocks * 11
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
