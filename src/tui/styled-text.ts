import stringWidth from 'string-width'
import type { InvisibleMode } from '../shared/reveal-invisibles'
import { visibleSegments } from './visible-text'

/**
 * Terminal text as rows the client wraps itself. Everything the terminal client shows is turned
 * into `StyledLine`s of a known width before ink sees it, so the height of every part of the
 * screen is known before it is drawn (a frame taller than the terminal copies itself into the
 * scrollback on every redraw), wide characters are counted the way the terminal draws them, and
 * wrapping never leaves a stray space at the start of a row.
 */

/** How a run of text is drawn. */
export interface SpanStyle {
  readonly color?: string
  readonly bold?: boolean
  readonly italic?: boolean
  readonly underline?: boolean
  readonly strikethrough?: boolean
  readonly dim?: boolean
  readonly inverse?: boolean
  /** The text is a link to this target (a `linkTarget`): a hyperlink where the terminal has them. */
  readonly link?: string
}

/** A run of text without line breaks, drawn in one style. */
export interface Span {
  readonly text: string
  readonly style?: SpanStyle | undefined
}

/** One terminal row. */
export type StyledLine = readonly Span[]

/** How a hidden character's visible escape is drawn. */
export const HIDDEN_STYLE: SpanStyle = { inverse: true, color: 'red' }

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' })

/** Columns the text takes in a terminal (wide characters count two, combining marks zero). */
export function textWidth(text: string): number {
  // Most of a reply is printable ASCII: its width is its length (string-width segments it all).
  return /^[\x20-\x7e]*$/.test(text) ? text.length : stringWidth(text)
}

/** Columns a row takes. */
export function lineWidth(line: StyledLine): number {
  return line.reduce((sum, span) => sum + textWidth(span.text), 0)
}

/** The row's text without styles (tests, copy-paste checks). */
export function lineText(line: StyledLine): string {
  return line.map((span) => span.text).join('')
}

/**
 * Text from a model, a tool or a log as spans: hidden characters (escape sequences, bidi
 * overrides, zero-width spaces) become highlighted visible escapes; line breaks are kept. `code`
 * (commands, paths, tool text) reveals every one; `prose` (what an agent says or asks) lets emoji
 * sequences through as the emoji they draw (see `reveal-invisibles.ts`).
 */
export function safeSpans(text: string, style?: SpanStyle, mode: InvisibleMode = 'code'): Span[] {
  return visibleSegments(text, mode).map((segment) =>
    segment.hidden
      ? { text: segment.text, style: { ...style, ...HIDDEN_STYLE } }
      : { text: segment.text, style },
  )
}

/** Splits spans at their line breaks: one entry per logical line. */
export function splitLines(spans: readonly Span[]): Span[][] {
  const lines: Span[][] = [[]]
  for (const span of spans) {
    const parts = span.text.split('\n')
    parts.forEach((part, i) => {
      if (i > 0) lines.push([])
      if (part !== '') lines.at(-1)?.push({ text: part, style: span.style })
    })
  }
  return lines
}

interface Cell {
  text: string
  width: number
  style: SpanStyle | undefined
}

/** Printable ASCII: one character, one grapheme, one column, so it skips segmenting. */
const ASCII = /^[\x20-\x7e]*$/

function cellsOf(line: readonly Span[]): Cell[] {
  const cells: Cell[] = []
  for (const span of line) {
    if (ASCII.test(span.text))
      for (let i = 0; i < span.text.length; i++)
        cells.push({ text: span.text.charAt(i), width: 1, style: span.style })
    else
      for (const { segment } of graphemes.segment(span.text))
        cells.push({ text: segment, width: stringWidth(segment), style: span.style })
  }
  return cells
}

/** Joins neighbouring cells of the same style back into spans. */
function spansOf(cells: readonly Cell[]): Span[] {
  const spans: Span[] = []
  let text = ''
  let style: SpanStyle | undefined
  cells.forEach((cell, i) => {
    if (i > 0 && cell.style !== style) {
      spans.push({ text, style })
      text = ''
    }
    style = cell.style
    text += cell.text
  })
  if (text !== '') spans.push({ text, style })
  return spans
}

const widthOf = (cells: readonly Cell[]): number => cells.reduce((sum, c) => sum + c.width, 0)

/**
 * A space where a row may break. An inverse space is a cursor on a space: it stays visible, so it
 * is never dropped at a break.
 */
const isBreakSpace = (cell: Cell): boolean => cell.text === ' ' && !cell.style?.inverse

/** How continuation rows of a wrapped line start. */
export interface WrapOptions {
  /**
   * `word` breaks at spaces and drops the spaces at the break (prose); `verbatim` breaks at spaces
   * too but keeps every space, at the end of the row (code, commands, diffs: what is shown is
   * exactly what is there); `char` breaks anywhere and keeps every character. A word longer than
   * a row is broken in every mode, and so is a run of wide (CJK) characters, between them.
   */
  readonly mode?: 'word' | 'verbatim' | 'char'
  /**
   * Prefix of every continuation row: spans (a list item's hanging indent), or `auto` for the
   * line's own leading spaces, so an indented line stays indented when it wraps.
   */
  readonly indent?: StyledLine | 'auto'
  /**
   * A link longer than a row gets a row of its own, whole, wider than `width`: printed once into
   * the scrollback, the terminal wraps it softly, so it copies as one. Only for rows printed so.
   */
  readonly wholeLinks?: boolean
}

/** Wraps one logical line (no line breaks in it) into rows of at most `width` columns. */
export function wrapLine(line: StyledLine, width: number, options: WrapOptions = {}): StyledLine[] {
  const max = Math.max(1, width)
  // Most rows are plain ASCII that fits: nothing to measure or break.
  if (line.every((span) => ASCII.test(span.text))) {
    const length = line.reduce((sum, span) => sum + span.text.length, 0)
    if (length <= max) return [line.filter((span) => span.text !== '')]
  }
  const cells = cellsOf(line)
  if (widthOf(cells) <= max) return [spansOf(cells)]

  let indent: Cell[]
  if (options.indent === 'auto') {
    const leading = cells.findIndex((c) => c.text !== ' ')
    indent = cells.slice(0, Math.min(leading === -1 ? 0 : leading, Math.floor(max / 2)))
  } else {
    indent = cellsOf(options.indent ?? [])
    if (widthOf(indent) >= max) indent = []
  }
  const indentWidth = widthOf(indent)

  const rows: Cell[][] = []
  let row: Cell[] = []
  let rowWidth = 0
  /** Width of the row's continuation indent: a row holds something once it is wider. */
  let rowBase = 0
  /** Cells of the row that are its continuation indent. */
  let rowIndentCells = 0
  const hasContent = () => rowWidth > rowBase
  const newRow = () => {
    rows.push(row)
    row = [...indent]
    rowWidth = indentWidth
    rowBase = indentWidth
    rowIndentCells = indent.length
  }
  const put = (cell: Cell) => {
    if (hasContent() && rowWidth + cell.width > max) newRow()
    row.push(cell)
    rowWidth += cell.width
  }

  if (options.mode === 'char') {
    for (const cell of cells) put(cell)
    rows.push(row)
    return rows.map(spansOf)
  }

  // Word mode: runs of breakable spaces and words; a wide character is a word of its own, since
  // CJK text breaks between characters.
  const verbatim = options.mode === 'verbatim'
  const runs: Array<{ space: boolean; cells: Cell[] }> = []
  for (const cell of cells) {
    const space = isBreakSpace(cell)
    const last = runs.at(-1)
    if (
      last &&
      last.space === space &&
      (space || (cell.width < 2 && (last.cells.at(-1)?.width ?? 0) < 2))
    )
      last.cells.push(cell)
    else runs.push({ space, cells: [cell] })
  }
  let pending: Cell[] = []
  let brokeAfterLink = false
  runs.forEach((run, i) => {
    if (run.space && i > 0) {
      pending = run.cells
      return
    }
    if (run.space) {
      // The line's own indentation: verbatim text keeps all of it (wrapping if it must); prose
      // keeps it as far as it fits.
      if (verbatim) {
        for (const cell of run.cells) put(cell)
        return
      }
      for (const cell of run.cells)
        if (rowWidth + cell.width < max) {
          row.push(cell)
          rowWidth += cell.width
        }
      return
    }
    const runWidth = widthOf(run.cells)
    const pendingWidth = widthOf(pending)
    const link = run.cells[0]?.style?.link
    if (
      options.wholeLinks &&
      link !== undefined &&
      runWidth > max - indentWidth &&
      run.cells.every((cell) => cell.style?.link === link)
    ) {
      if (hasContent()) newRow()
      row.push(...run.cells)
      rowWidth += runWidth
      newRow()
      pending = []
      brokeAfterLink = true
      return
    }
    // The spaces after a whole link are where its row broke: prose drops them.
    if (brokeAfterLink && !verbatim) pending = []
    brokeAfterLink = false
    if (rowWidth + pendingWidth + runWidth <= max) {
      row.push(...pending, ...run.cells)
      rowWidth += pendingWidth + runWidth
    } else {
      // Prose drops the spaces at the break, so no row starts with a stray space; verbatim text
      // keeps them at the end of the row (those that do not fit start the next one).
      if (verbatim) for (const cell of pending) put(cell)
      // Spaces that did not fit at the end of the full row start the next one; the word goes on
      // after them there (a row of nothing but those spaces would show as a blank row).
      const spacesOnly = row.slice(rowIndentCells).every(isBreakSpace)
      if (hasContent() && !(verbatim && spacesOnly)) newRow()
      if (rowWidth + runWidth <= max) {
        row.push(...run.cells)
        rowWidth += runWidth
      } else for (const cell of run.cells) put(cell)
    }
    pending = []
  })
  // Trailing spaces stay when they fit (a cursor may sit after them); verbatim keeps them all.
  for (const cell of pending) {
    if (verbatim) put(cell)
    else if (rowWidth + cell.width <= max) {
      row.push(cell)
      rowWidth += cell.width
    }
  }
  // A whole link that ended the line leaves nothing for a row after it.
  if (!(options.wholeLinks && !hasContent() && rows.length > 0)) rows.push(row)
  return rows.map(spansOf)
}

/** Wraps text that may hold line breaks: each logical line wrapped on its own. */
export function wrapSpans(
  spans: readonly Span[],
  width: number,
  options: WrapOptions = {},
): StyledLine[] {
  return splitLines(spans).flatMap((line) => wrapLine(line, width, options))
}

/** Cuts a row to `width` columns, ending it with `…` when something was cut. */
export function truncateLine(line: StyledLine, width: number): StyledLine {
  const cells = cellsOf(line)
  if (widthOf(cells) <= width) return line
  const kept: Cell[] = []
  let used = 0
  for (const cell of cells) {
    if (used + cell.width > width - 1) break
    kept.push(cell)
    used += cell.width
  }
  const last = kept.at(-1)?.style
  return [...spansOf(kept), { text: '…', style: last }]
}

/** Cuts a row from the left to `width` columns, starting it with `…` (paths: the end matters). */
export function truncateLineStart(line: StyledLine, width: number): StyledLine {
  const cells = cellsOf(line)
  if (widthOf(cells) <= width) return line
  const kept: Cell[] = []
  let used = 0
  for (const cell of cells.reverse()) {
    if (used + cell.width > width - 1) break
    kept.unshift(cell)
    used += cell.width
  }
  return [{ text: '…', style: kept[0]?.style }, ...spansOf(kept)]
}

/**
 * Lays out short items (hints, header facts) as rows joined by `separator`; an item never breaks
 * in the middle. At most `maxLines` rows: items that do not fit are left out, last ones first.
 */
export function flowItems(
  items: readonly StyledLine[],
  width: number,
  options: { separator?: Span; maxLines?: number } = {},
): StyledLine[] {
  const separator = options.separator ?? { text: ' · ', style: { dim: true } }
  const separatorWidth = textWidth(separator.text)
  const rows: Span[][] = []
  let row: Span[] = []
  let rowWidth = 0
  for (const item of items) {
    const itemWidth = lineWidth(item)
    if (row.length > 0 && rowWidth + separatorWidth + itemWidth <= width) {
      row.push(separator, ...item)
      rowWidth += separatorWidth + itemWidth
      continue
    }
    if (row.length > 0) rows.push(row)
    if (rows.length === (options.maxLines ?? Infinity)) return rows
    row = [...truncateLine(item, width)]
    rowWidth = Math.min(itemWidth, width)
  }
  if (row.length > 0) rows.push(row)
  return rows.slice(0, options.maxLines ?? rows.length)
}

/** Puts `prefix` before the first row and `rest` (same width) before every other row. */
export function prefixLines(
  lines: readonly StyledLine[],
  prefix: StyledLine,
  rest: StyledLine = [{ text: ' '.repeat(lineWidth(prefix)) }],
): StyledLine[] {
  return lines.map((line, i) => [...(i === 0 ? prefix : rest), ...line])
}
