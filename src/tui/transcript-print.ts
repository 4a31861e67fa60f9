import type { Transcript, TranscriptItem } from '../shared/transcript'

/** A transcript item as the terminal printed it, keyed uniquely among everything printed. */
export interface PrintedBlock {
  readonly key: string
  readonly item: TranscriptItem
}

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
}

export const NOTHING_PRINTED: PrintedTranscript = { blocks: [], count: 0, plan: null }

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
    blocks.push({ key: item.key, item })
    if (item.kind === 'plan') plan = { index: i, item }
  }
  return blocks.length === 0 && count === printed.count
    ? printed
    : { blocks: [...printed.blocks, ...blocks], count, plan }
}
