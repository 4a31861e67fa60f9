import type { MessageQueue } from '../shared/queued-messages'
import { safeSpans, truncateLine, type StyledLine } from './styled-text'

/** Queued messages shown one row each; the rest are counted. */
const SHOWN = 3

/**
 * The messages typed while the turn runs, above the message box: one row each (the oldest
 * first, as they will be sent), how many more wait, and how to take one back to edit or drop.
 */
export function queuedLines(queue: MessageQueue, width: number): StyledLine[] {
  if (queue.length === 0) return []
  const rows: StyledLine[] = queue
    .slice(0, SHOWN)
    .map((message) =>
      truncateLine(
        [
          { text: '  queued ', style: { color: 'cyan' } },
          ...safeSpans(message.text.trim().replace(/\s*\n\s*/g, ' ⏎ '), { dim: true }, 'prose'),
        ],
        width,
      ),
    )
  if (queue.length > SHOWN)
    rows.push([{ text: `  +${queue.length - SHOWN} more queued`, style: { dim: true } }])
  rows.push(
    truncateLine(
      [
        {
          text: '  sent when the turn ends · ↑ takes the last one back to edit or drop',
          style: { dim: true },
        },
      ],
      width,
    ),
  )
  return rows
}
