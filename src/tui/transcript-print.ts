import type { Transcript, TranscriptItem } from '../shared/transcript'
import { splitReply, type ReplySegments } from '../ui-common/reply-segments'
import type { StyledLine } from './styled-text'

/** A transcript item as the terminal printed it, keyed uniquely among everything printed. */
export interface PrintedBlock {
  readonly key: string
  readonly item: TranscriptItem
  /** A later piece of a reply printed in pieces while it streamed (a blank line joins it on). */
  readonly continued?: boolean
}

/**
 * The reply streaming in, printed up to `offset`: its blocks that are complete went to the
 * scrollback, so only its open tail is redrawn with each delta (not every line on screen).
 */
export interface PrintedPiece {
  readonly key: string
  readonly offset: number
  readonly segments: ReplySegments
}

/** A streaming reply's complete blocks are printed once they add up to this many characters. */
const PIECE = 100

/**
 * What the terminal has printed for good above its redrawn part (ink `<Static>`): a terminal
 * cannot rewrite its scrollback, so blocks are only ever appended. The first `count` items of
 * the transcript are printed; the rest are live (redrawn on every change).
 */
export interface PrintedTranscript {
  readonly blocks: readonly PrintedBlock[]
  readonly count: number
  /** The newest plan printed and where it is: the one an agent may still change. */
  readonly plan: { readonly index: number; readonly item: TranscriptItem } | null
  /** How much of the first live item, a reply still streaming, is printed already. */
  readonly piece: PrintedPiece | null
}

export const NOTHING_PRINTED: PrintedTranscript = { blocks: [], count: 0, plan: null, piece: null }

/** The reply `item` from `offset` on (the part not printed yet). */
function rest(item: TranscriptItem, offset: number): TranscriptItem {
  return offset > 0 && item.kind === 'assistant' ? { ...item, text: item.text.slice(offset) } : item
}

/** The live items: those after the printed ones, the first without its printed piece. */
export function liveItems(
  items: readonly TranscriptItem[],
  printed: PrintedTranscript,
): Array<{ item: TranscriptItem; continued: boolean }> {
  return items.slice(printed.count).map((item) => {
    const offset = printed.piece?.key === item.key ? printed.piece.offset : 0
    return { item: rest(item, offset), continued: offset > 0 }
  })
}

/**
 * Whether `earlier` is what was printed before `later`, in the same transcript: its blocks are the
 * first of `later`'s. Printing may be held back to an earlier state (see the terminal client's
 * layout) only then; a session opened again starts its printing over.
 */
export function printedBefore(earlier: PrintedTranscript, later: PrintedTranscript): boolean {
  const last = earlier.blocks.length - 1
  return (
    earlier.count <= later.count &&
    earlier.blocks.length <= later.blocks.length &&
    (last < 0 || earlier.blocks[last] === later.blocks[last])
  )
}

/** A later piece of a reply starts after a blank line, as its blocks do in one piece. */
export function continuedLines(lines: StyledLine[], continued: boolean): StyledLine[] {
  return continued ? [[], ...lines] : lines
}

/** The streaming reply's complete blocks not printed yet, and how much of it is printed then. */
function advancePiece(
  item: TranscriptItem | undefined,
  piece: PrintedPiece | null,
): { block: PrintedBlock | null; piece: PrintedPiece | null } {
  if (item?.kind !== 'assistant' || !item.streaming) return { block: null, piece: null }
  const mine = piece?.key === item.key ? piece : null
  const offset = mine?.offset ?? 0
  const segments = splitReply(item.text, mine?.segments, { target: PIECE, appended: true })
  // Every part but the last is complete: no later line can change how it reads.
  const cut = segments.starts.at(-1) ?? 0
  if (cut <= offset) return { block: null, piece: mine }
  return {
    block: {
      key: `${item.key}@${cut}`,
      item: { ...item, text: item.text.slice(offset, cut), streaming: false, cutOff: false },
      continued: offset > 0,
    },
    piece: { key: item.key, offset: cut, segments },
  }
}

/** Items still live at most (see `settledCount`). */
const MAX_LIVE = 20

/** An item that may still change: a call or question not done, text still streaming. */
function mayChange(item: TranscriptItem): boolean {
  switch (item.kind) {
    case 'tool':
      return item.status === 'running' || item.status === 'waiting'
    case 'question':
      return item.answers === undefined && item.closed === undefined
    case 'assistant':
      return item.streaming
    // A plan that changes after it was printed is printed again (`advancePrinted`).
    case 'plan':
    case 'user':
    case 'turn_end':
    case 'thought':
    case 'notice':
      return false
  }
}

/**
 * How many leading items are final, looking from item `from` on (those before are printed):
 * nothing before the first item that may still change, so a view can print them once and only
 * redraw the rest. At most `maxLive` items stay live: a call that never reports back must not
 * grow the redrawn area past the screen (its line is then printed as it stands).
 */
export function settledCount(
  items: readonly TranscriptItem[],
  { from = 0, maxLive = MAX_LIVE }: { from?: number; maxLive?: number } = {},
): number {
  let live = from
  while (live < items.length && !mayChange(items[live] as TranscriptItem)) live++
  return Math.max(from, live, items.length - maxLive)
}

/**
 * What is printed once `before` became `after` (items are only appended or replaced in place):
 * the newly settled items, and the newest plan again when the agent changed it after it was
 * printed (its old version stays above, as a terminal's history does). Older plans belong to
 * turns that ended; they never change.
 */
export function advancePrinted(
  printed: PrintedTranscript,
  before: Transcript,
  after: Transcript,
  maxLive = MAX_LIVE,
): PrintedTranscript {
  if (before.items === after.items) return printed
  const blocks: PrintedBlock[] = []
  let plan = printed.plan
  const changed = plan && after.items[plan.index]
  if (plan && changed && changed !== plan.item) {
    blocks.push({ key: `${changed.key}#${printed.blocks.length}`, item: changed })
    plan = { index: plan.index, item: changed }
  }
  const count = settledCount(after.items, { from: printed.count, maxLive })
  for (let i = printed.count; i < count; i++) {
    const item = after.items[i]
    if (!item) continue
    // A reply printed in pieces while it streamed: what is left of it.
    const offset = printed.piece?.key === item.key ? printed.piece.offset : 0
    blocks.push(
      offset > 0
        ? { key: item.key, item: rest(item, offset), continued: true }
        : { key: item.key, item },
    )
    if (item.kind === 'plan') plan = { index: i, item }
  }
  const next = advancePiece(after.items[count], printed.piece)
  if (next.block) blocks.push(next.block)
  return blocks.length === 0 && count === printed.count && next.piece === printed.piece
    ? printed
    : { blocks: [...printed.blocks, ...blocks], count, plan, piece: next.piece }
}
