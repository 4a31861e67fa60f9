import type { SLASH_COMMANDS } from './slash-commands'
import { truncateLine, type StyledLine } from './styled-text'

type SlashCommand = (typeof SLASH_COMMANDS)[number]

/** Which suggestion ↑/↓ picked, for the draft it was picked in (a new draft starts at the top). */
export interface SlashMenuPick {
  readonly draft: string
  readonly index: number
}

/** The highlighted suggestion for `draft`: the one picked for this draft, else the first. */
export function pickedIndex(pick: SlashMenuPick | null, draft: string, count: number): number {
  if (count === 0) return 0
  const index = pick?.draft === draft ? pick.index : 0
  return Math.min(Math.max(0, index), count - 1)
}

/** ↑/↓ in the menu: the neighbouring suggestion, wrapping round at either end. */
export function movePick(
  pick: SlashMenuPick | null,
  draft: string,
  count: number,
  step: 1 | -1,
): SlashMenuPick {
  const index = pickedIndex(pick, draft, count)
  return { draft, index: count === 0 ? 0 : (index + step + count) % count }
}

/**
 * The `/` commands matching the draft, one row each, under the message box. All of them when
 * they fit in `maxRows`; else a window that follows the highlighted one, with a row above saying
 * how many are hidden above and a row below saying how many are hidden below.
 */
export function slashMenuRows(
  suggestions: readonly SlashCommand[],
  selected: number,
  width: number,
  maxRows: number,
): StyledLine[] {
  if (suggestions.length === 0 || maxRows <= 0) return []
  const usage = Math.max(...suggestions.map((c) => c.usage.length))
  const row = (command: SlashCommand, picked: boolean): StyledLine =>
    truncateLine(
      [
        {
          text: `${picked ? '❯ ' : '  '}${command.usage.padEnd(usage)}  `,
          style: picked ? { color: 'cyan' } : {},
        },
        { text: command.description, style: { dim: true } },
        ...(picked ? [{ text: '  (Tab completes)', style: { dim: true } }] : []),
      ],
      width,
    )
  const window = menuWindow(suggestions.length, selected, maxRows)
  const more = (text: string): StyledLine => truncateLine([{ text, style: { dim: true } }], width)
  // Under three rows there is room for the highlighted command only.
  const marked = maxRows >= 3
  return [
    ...(marked && window.start > 0 ? [more(`  ↑ ${window.start} more`)] : []),
    ...suggestions
      .slice(window.start, window.end)
      .map((command, i) => row(command, window.start + i === selected)),
    ...(marked && window.end < suggestions.length
      ? [more(`  ↓ ${suggestions.length - window.end} more`)]
      : []),
  ]
}

/**
 * The suggestions shown, `[start, end)`: the highlighted one always, and a row kept for a marker on
 * each side that hides some. In the middle of the list the highlighted one is centred, so moving
 * either way scrolls by one row.
 */
function menuWindow(count: number, selected: number, maxRows: number) {
  if (count <= maxRows) return { start: 0, end: count }
  if (maxRows < 3) return { start: selected, end: selected + 1 }
  const edge = maxRows - 1
  if (selected < edge) return { start: 0, end: edge }
  if (selected >= count - edge) return { start: count - edge, end: count }
  const shown = maxRows - 2
  const start = Math.min(Math.max(1, selected - Math.floor(shown / 2)), count - 1 - shown)
  return { start, end: start + shown }
}
