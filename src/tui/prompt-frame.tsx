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
}

/** Which part of the body is shown. */
export interface FrameLayout {
  /** The rows inside the border, at most `maxRows - FRAME_ROWS`. */
  readonly lines: StyledLine[]
  /** First body row shown. */
  readonly top: number
  /** The largest `top` there is (0 when the body fits). */
  readonly maxTop: number
  /** Body rows shown at once. */
  readonly bodyRows: number
}

/**
 * Fits a prompt into `maxRows` terminal rows (border included). The header and footer always
 * show; the body gets the rows that are left and scrolls: from `top` (PgUp/PgDn), moved as little
 * as needed to keep the `focus` rows (the highlighted option, the cursor) in view. When it
 * scrolls, a row says which lines are shown.
 */
export function layoutFrame(
  parts: FrameParts,
  maxRows: number,
  scroll: {
    top?: number
    focus?: readonly [number, number]
    /** The body's last rows that stay in view whatever the scroll (a command's tail). */
    pinTail?: number
    /** The keys that scroll, for the indicator row. */
    keys?: string
  } = {},
): FrameLayout {
  const inner = Math.max(1, maxRows - FRAME_ROWS)
  const { header, body, footer } = parts
  if (header.length + body.length + footer.length <= inner)
    return { lines: [...header, ...body, ...footer], top: 0, maxTop: 0, bodyRows: body.length }

  // One row goes to the "lines a–b of N" indicator.
  const bodyRows = Math.max(0, inner - header.length - footer.length - 1)
  if (bodyRows === 0) {
    // A terminal too short for any of the body: the first header row and as many footer rows
    // (choices first) as fit.
    const lines = [...header.slice(0, 1), ...footer].slice(0, inner)
    return { lines, top: 0, maxTop: 0, bodyRows: 0 }
  }
  // A pinned tail needs a "⋮" row of its own above it and at least one scrolling row.
  const pin = Math.min(scroll.pinTail ?? 0, Math.max(0, bodyRows - 2))
  const windowRows = pin > 0 ? bodyRows - pin - 1 : bodyRows
  const maxTop = body.length - bodyRows
  let top = Math.min(Math.max(0, scroll.top ?? 0), maxTop)
  if (scroll.focus) {
    const [start, end] = scroll.focus
    top = Math.max(Math.min(top, start), end - bodyRows)
    top = Math.min(Math.max(0, top), maxTop)
  }
  // At the bottom the window and the tail meet: show the window whole.
  const pinned = pin > 0 && top < maxTop
  const range = pinned
    ? `lines ${top + 1}–${top + windowRows} and ${body.length - pin + 1}–${body.length}`
    : `lines ${top + 1}–${top + bodyRows}`
  const indicator: StyledLine = [
    {
      text: `${range} of ${body.length} · ${scroll.keys ?? 'PgUp/PgDn scroll'}`,
      style: { dim: true },
    },
  ]
  const shown = pinned
    ? [
        ...body.slice(top, top + windowRows),
        [{ text: `⋮ ${body.length - pin - top - windowRows} more rows`, style: { dim: true } }],
        ...body.slice(body.length - pin),
      ]
    : body.slice(top, top + bodyRows)
  return { lines: [...header, ...shown, indicator, ...footer], top, maxTop, bodyRows }
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
