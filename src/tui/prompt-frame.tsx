import { Box } from 'ink'
import { useContext } from 'react'
import { ColorsContext } from './colors'
import { StyledLines } from './styled-lines'
import type { StyledLine } from './styled-text'

/** Columns a prompt's border and padding take: the body is this much narrower than the frame. */
export const FRAME_COLUMNS = 4
/** Rows the border takes. */
export const FRAME_ROWS = 2

/** What a prompt says while it still ignores keys (it arms with the shared `useArmed`). */
export const ARMING_HINT = 'Just a moment: typed keys are ignored'

/** The parts of a prompt, as rows at the frame's inner width. */
export interface FrameParts {
  /** Never scrolls: what is asked, by whom, its risk and countdown, "Question n / N". */
  readonly header: readonly StyledLine[]
  /** Scrolls inside the frame when the whole does not fit: the command, the diff, the options. */
  readonly body: readonly StyledLine[]
  /** Never scrolls: the choices and the keys. */
  readonly footer: readonly StyledLine[]
  /**
   * Shorter header and footer for a terminal too small for the full ones next to a few rows of
   * the body (one header row; the current choice and one row of keys): what is asked is never
   * pushed off screen by the chrome around it.
   */
  readonly compact?: {
    readonly header: readonly StyledLine[]
    readonly footer: readonly StyledLine[]
  }
}

/** Which part of the body is shown. */
export interface FrameLayout {
  /** The rows inside the border, at most `maxRows - FRAME_ROWS`. */
  readonly lines: StyledLine[]
  /** First row of the scrolling window. */
  readonly top: number
  /** The largest `top` there is (0 when the body fits). */
  readonly maxTop: number
  /** Body rows shown at once (pinned rows and markers included). */
  readonly bodyRows: number
  /** The body rows on screen, as `[start, end)` ranges in order. */
  readonly shown: ReadonlyArray<readonly [number, number]>
  /** How far PgUp/PgDn move `top`: the scrolling window's rows (less one for overlap when it is tall), so no row is skipped. */
  readonly page: number
}

/** Body rows below which the full header and footer give way to the compact ones. */
const MIN_BODY_ROWS = 3

/** Sorted, merged `[start, end)` ranges of the rows in `ranges` (empty ones dropped). */
function mergeRanges(ranges: ReadonlyArray<readonly [number, number]>): Array<[number, number]> {
  const sorted = ranges.filter(([a, b]) => b > a).sort((x, y) => x[0] - y[0])
  const out: Array<[number, number]> = []
  for (const [a, b] of sorted) {
    const last = out.at(-1)
    if (last && a <= last[1]) last[1] = Math.max(last[1], b)
    else out.push([a, b])
  }
  return out
}

/** Rows the ranges take on screen: their rows, and one "⋮" row for each gap between two. */
function rowsTaken(ranges: ReadonlyArray<readonly [number, number]>): number {
  return ranges.reduce((rows, [a, b], i) => rows + (b - a) + (i > 0 ? 1 : 0), 0)
}

const rangeText = ([a, b]: readonly [number, number]) =>
  b - a === 1 ? `${a + 1}` : `${a + 1}–${b}`

/**
 * Fits a prompt into `maxRows` terminal rows (border included). The header and footer always
 * show (their compact forms when the full ones would leave the body fewer than a few rows); the
 * body gets the rows that are left and scrolls: from `top` (PgUp/PgDn), moved as little as needed
 * to keep the `focus` rows (the highlighted option, the cursor) in view, with its first `pinHead`
 * rows (the question, the command's summary) and last `pinTail` rows (a command's tail) kept in
 * view wherever it is. Rows left out are marked "⋮ N more rows", and a row says which are shown.
 */
export function layoutFrame(
  parts: FrameParts,
  maxRows: number,
  scroll: {
    top?: number
    focus?: readonly [number, number]
    /** The body's first rows that stay in view whatever the scroll (what is asked). */
    pinHead?: number
    /** The body's last rows that stay in view whatever the scroll (a command's tail). */
    pinTail?: number
    /** The keys that scroll, for the indicator row. */
    keys?: string
  } = {},
): FrameLayout {
  const inner = Math.max(1, maxRows - FRAME_ROWS)
  const { body } = parts
  const total = body.length
  if (parts.header.length + total + parts.footer.length <= inner)
    return {
      lines: [...parts.header, ...body, ...parts.footer],
      top: 0,
      maxTop: 0,
      bodyRows: total,
      shown: total > 0 ? [[0, total]] : [],
      page: 1,
    }
  const roomWith = (header: readonly StyledLine[], footer: readonly StyledLine[]) =>
    inner - header.length - footer.length - 1
  const full = roomWith(parts.header, parts.footer) >= Math.min(MIN_BODY_ROWS, total)
  const header = full || !parts.compact ? parts.header : parts.compact.header
  const footer = full || !parts.compact ? parts.footer : parts.compact.footer
  if (header.length + total + footer.length <= inner)
    return {
      lines: [...header, ...body, ...footer],
      top: 0,
      maxTop: 0,
      bodyRows: total,
      shown: total > 0 ? [[0, total]] : [],
      page: 1,
    }

  // One row goes to the "lines a–b of N" indicator.
  const bodyRows = Math.max(0, roomWith(header, footer))
  if (bodyRows === 0) {
    // A terminal too short for any of the body: the first header row and as many footer rows
    // (choices first) as fit.
    const lines = [...header.slice(0, 1), ...footer].slice(0, inner)
    return { lines, top: 0, maxTop: 0, bodyRows: 0, shown: [], page: 1 }
  }
  // A pinned part needs a "⋮" row of its own beside it and leaves at least one scrolling row.
  // A long head (a question of many rows) keeps at most half the rows: the rest scrolls.
  const head = Math.min(scroll.pinHead ?? 0, Math.ceil(bodyRows / 2), Math.max(0, bodyRows - 2))
  // The tail keeps at most a third of the rows: the window that scrolls stays readable.
  const tail = Math.min(
    scroll.pinTail ?? 0,
    Math.floor((bodyRows - 1) / 3),
    Math.max(0, bodyRows - 2 - (head > 0 ? head + 1 : 0)),
  )
  /** The ranges on screen for a window from `top` with as many rows as fit, and those rows. */
  const windowAt = (top: number) => {
    let best = { ranges: [[top, Math.min(total, top + 1)]] as Array<[number, number]>, rows: 1 }
    for (let rows = 1; top + rows <= total; rows++) {
      const ranges = mergeRanges([
        [0, head],
        [top, top + rows],
        [total - tail, total],
      ])
      if (rowsTaken(ranges) > bodyRows) break
      best = { ranges, rows }
    }
    return best
  }
  const windowEnd = (top: number) => top + windowAt(top).rows
  // At the bottom the window meets the tail: the last window that still ends the body.
  let maxTop = total - 1
  while (maxTop > 0 && windowEnd(maxTop - 1) >= total) maxTop -= 1
  let top = Math.min(Math.max(0, scroll.top ?? 0), maxTop)
  if (scroll.focus) {
    const [start, end] = scroll.focus
    if (start < top) top = start
    while (top < maxTop && windowEnd(top) < end) top += 1
    // Focus rows taller than the window: their first rows.
    top = Math.max(Math.min(top, start), 0)
    top = Math.min(Math.max(0, top), maxTop)
  }
  const { ranges: shown, rows: windowRows } = windowAt(top)
  const lines: StyledLine[] = [...header]
  shown.forEach(([a, b], i) => {
    const before = shown[i - 1]
    if (before) lines.push([{ text: `⋮ ${a - before[1]} more rows`, style: { dim: true } }])
    lines.push(...body.slice(a, b))
  })
  const ranges = shown.map(rangeText)
  const list =
    ranges.length > 1 ? `${ranges.slice(0, -1).join(', ')} and ${ranges.at(-1) ?? ''}` : ranges[0]
  lines.push([
    {
      text: `lines ${list ?? ''} of ${total} · ${scroll.keys ?? 'PgUp/PgDn scroll'}`,
      style: { dim: true },
    },
  ])
  lines.push(...footer)
  return { lines, top, maxTop, bodyRows, shown, page: windowRows > 4 ? windowRows - 1 : windowRows }
}

/** A prompt's rounded frame around rows laid out by `layoutFrame`. */
export function PromptFrame({
  color,
  width,
  lines,
}: {
  color: string
  width: number
  lines: readonly StyledLine[]
}) {
  const colors = useContext(ColorsContext)
  return (
    <Box
      width={width}
      flexDirection="column"
      flexShrink={0}
      borderStyle="round"
      {...(colors ? { borderColor: color } : {})}
      paddingX={1}
    >
      <StyledLines lines={lines} />
    </Box>
  )
}
