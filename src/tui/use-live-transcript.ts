import { useMemo, useState } from 'react'
import type { InteractionQueue } from '../shared/interaction-queue'
import type { TranscriptItem } from '../shared/transcript'
import { lineWidth, truncateLine, type StyledLine } from './styled-text'
import { itemLines, waitingByCall } from './transcript-lines'
import { continuedLines, liveItems, type PrintedTranscript } from './transcript-print'
import { useThrottled } from './use-throttled'

/** How often a streaming reply is redrawn at most (ten frames a second read as smooth). */
const LIVE_FRAME_MS = 100

/**
 * The transcript split into what is printed for good and what is redrawn. What settled is
 * printed for good at once: the frame writer (render-options.ts) writes only the rows not on
 * screen already, so a print costs little, and a short redrawn part still fits the screen once a
 * narrowed terminal has reflowed it. Nothing is printed while the output is on the alternate
 * screen (`holding`: it would be lost there). While a turn streams, what is drawn of it follows
 * the deltas at most every LIVE_FRAME_MS.
 */
export function useLiveTranscript({
  items,
  printed: printedNow,
  queue,
  running,
  holding,
  sessionId,
  width,
}: {
  items: readonly TranscriptItem[]
  printed: PrintedTranscript
  queue: InteractionQueue
  running: boolean
  holding: boolean
  sessionId: string | undefined
  width: number
}) {
  const liveSource = useMemo(() => ({ items, printed: printedNow }), [items, printedNow])
  const drawn = useThrottled(liveSource, LIVE_FRAME_MS, running)
  const [held, setHeld] = useState({ sessionId, printed: drawn.printed })
  const printed = holding ? held.printed : drawn.printed
  const waiting = useMemo(() => waitingByCall(queue), [queue])
  // Redrawn on every change; a spinner's tick alone does not lay the text out again.
  const liveLines: StyledLine[] = useMemo(
    () =>
      liveItems(drawn.items, printed).flatMap(({ item, continued }) =>
        continuedLines(itemLines(item, width, waiting.get(item.key) ?? null), continued).map(
          // A link kept whole is wider than the screen: redrawn, it is cut to fit (printed for
          // good, it is whole).
          (line) => (lineWidth(line) > width ? truncateLine(line, width) : line),
        ),
      ),
    [drawn.items, printed, width, waiting],
  )
  // <Static> takes a mutable array; a new one only when something was printed.
  const printedBlocks = useMemo(() => [...printed.blocks], [printed.blocks])

  // Once the alternate screen is left, what settled meanwhile is printed.
  if (!holding && (held.printed !== drawn.printed || held.sessionId !== sessionId))
    setHeld({ sessionId, printed: drawn.printed })
  /** The last of the live rows that fit in `liveRows`. */
  const shownLive = (liveRows: number) => liveLines.slice(Math.max(0, liveLines.length - liveRows))

  return { liveLines, printedBlocks, shownLive }
}
