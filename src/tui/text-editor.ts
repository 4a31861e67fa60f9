import type { InvisibleMode } from '../shared/reveal-invisibles'
import { showHidden } from './visible-text'
import { textWidth, wrapLine, type Span, type StyledLine } from './styled-text'

/**
 * A multi-line text field as pure functions over `{ text, cursor }`: the message composer, the
 * "Other" answer of a question, the note sent with a denial. The cursor is a UTF-16 offset that
 * always sits on a code point boundary, so surrogate pairs (emoji) move and delete as one
 * character. Every function returns the same object when nothing changed.
 */
export interface TextEditorState {
  readonly text: string
  readonly cursor: number
}

export const EMPTY_EDITOR: TextEditorState = { text: '', cursor: 0 }

/** A field holding `text`, the cursor at its end. */
export function editorWith(text: string): TextEditorState {
  const normalized = text.replace(/\r\n?/g, '\n')
  return { text: normalized, cursor: normalized.length }
}

const lineStartOf = (text: string, cursor: number): number => text.lastIndexOf('\n', cursor - 1) + 1

const lineEndOf = (text: string, cursor: number): number => {
  const end = text.indexOf('\n', cursor)
  return end === -1 ? text.length : end
}

/** Length in UTF-16 units of the code point just before `cursor`. */
const previousLength = (text: string, cursor: number): number => {
  const low = text.charCodeAt(cursor - 1)
  const high = text.charCodeAt(cursor - 2)
  return low >= 0xdc00 && low <= 0xdfff && high >= 0xd800 && high <= 0xdbff ? 2 : 1
}

const nextLength = (text: string, cursor: number): number =>
  (text.codePointAt(cursor) ?? 0) > 0xffff ? 2 : 1

const withCursor = (state: TextEditorState, cursor: number): TextEditorState =>
  cursor === state.cursor ? state : { text: state.text, cursor }

/** Inserts typed or pasted text at the cursor; CR and CRLF line ends become `\n`. */
export function insertText(state: TextEditorState, input: string): TextEditorState {
  const text = input.replace(/\r\n?/g, '\n')
  if (text === '') return state
  return {
    text: state.text.slice(0, state.cursor) + text + state.text.slice(state.cursor),
    cursor: state.cursor + text.length,
  }
}

export function deleteBackward(state: TextEditorState): TextEditorState {
  if (state.cursor === 0) return state
  const from = state.cursor - previousLength(state.text, state.cursor)
  return { text: state.text.slice(0, from) + state.text.slice(state.cursor), cursor: from }
}

export function deleteForward(state: TextEditorState): TextEditorState {
  if (state.cursor >= state.text.length) return state
  const to = state.cursor + nextLength(state.text, state.cursor)
  return { text: state.text.slice(0, state.cursor) + state.text.slice(to), cursor: state.cursor }
}

/** Deletes the word before the cursor (and the spaces after it), like Ctrl+W in a shell. */
export function deleteWordBackward(state: TextEditorState): TextEditorState {
  const before = state.text.slice(0, state.cursor)
  const from = before.replace(/\S+\s*$|\s+$/u, '').length
  if (from === state.cursor) return state
  return { text: state.text.slice(0, from) + state.text.slice(state.cursor), cursor: from }
}

/** Deletes from the cursor to the end of the current line (Ctrl+K). */
export function deleteToLineEnd(state: TextEditorState): TextEditorState {
  const to = lineEndOf(state.text, state.cursor)
  if (to === state.cursor) return state
  return { text: state.text.slice(0, state.cursor) + state.text.slice(to), cursor: state.cursor }
}

/** Moves to the start of the previous word (Alt+B, Ctrl+←). */
export function moveWordLeft(state: TextEditorState): TextEditorState {
  const before = state.text.slice(0, state.cursor)
  return withCursor(state, before.replace(/\S+\s*$|\s+$/u, '').length)
}

/** Moves past the end of the next word (Alt+F, Ctrl+→). */
export function moveWordRight(state: TextEditorState): TextEditorState {
  const match = /^\s*\S+/u.exec(state.text.slice(state.cursor))
  return withCursor(
    state,
    state.cursor + (match ? match[0].length : state.text.length - state.cursor),
  )
}

/** Deletes from the start of the current line to the cursor (Ctrl+U). */
export function deleteToLineStart(state: TextEditorState): TextEditorState {
  const from = lineStartOf(state.text, state.cursor)
  if (from === state.cursor) return state
  return { text: state.text.slice(0, from) + state.text.slice(state.cursor), cursor: from }
}

export function moveLeft(state: TextEditorState): TextEditorState {
  return state.cursor === 0
    ? state
    : withCursor(state, state.cursor - previousLength(state.text, state.cursor))
}

export function moveRight(state: TextEditorState): TextEditorState {
  return state.cursor >= state.text.length
    ? state
    : withCursor(state, state.cursor + nextLength(state.text, state.cursor))
}

export function moveLineStart(state: TextEditorState): TextEditorState {
  return withCursor(state, lineStartOf(state.text, state.cursor))
}

export function moveLineEnd(state: TextEditorState): TextEditorState {
  return withCursor(state, lineEndOf(state.text, state.cursor))
}

/** Moves to the same column of the line above (or below), clamped to that line's length. */
export function moveVertical(state: TextEditorState, direction: -1 | 1): TextEditorState {
  const start = lineStartOf(state.text, state.cursor)
  const column = state.cursor - start
  if (direction === -1) {
    if (start === 0) return withCursor(state, 0)
    const prevStart = lineStartOf(state.text, start - 1)
    return withCursor(state, Math.min(prevStart + column, start - 1))
  }
  const end = lineEndOf(state.text, state.cursor)
  if (end === state.text.length) return withCursor(state, end)
  const nextEnd = lineEndOf(state.text, end + 1)
  return withCursor(state, Math.min(end + 1 + column, nextEnd))
}

/** The logical lines of the text, with the cursor's line and column (UTF-16 units). */
export function editorLines(state: TextEditorState): {
  lines: string[]
  line: number
  column: number
} {
  const lines = state.text.split('\n')
  const before = state.text.slice(0, state.cursor).split('\n')
  return { lines, line: before.length - 1, column: (before.at(-1) ?? '').length }
}

/** The cursor is on the text's first (or last) logical line: ↑ (or ↓) has nowhere to go. */
export function cursorOnEdge(state: TextEditorState, edge: 'first' | 'last'): boolean {
  return edge === 'first'
    ? !state.text.slice(0, state.cursor).includes('\n')
    : !state.text.slice(state.cursor).includes('\n')
}

const CURSOR = { inverse: true } as const
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' })

/** How an editor is drawn. */
export interface EditorRowsOptions {
  /** Rows the field may take; it scrolls to keep the cursor in view. */
  readonly maxRows: number
  /** Before the first row, and (as spaces of the same width) before every other row. */
  readonly prefix?: Span
  /** Shown dimmed, after the cursor, while the text is empty. */
  readonly placeholder?: string
  /** Draw the cursor (false while the field is not focused). */
  readonly cursor?: boolean
  /**
   * How hidden characters are revealed (`reveal-invisibles.ts`): `prose` for what the person
   * typed themselves (an emoji joined with U+200D stays the emoji), `code` (the default) else.
   */
  readonly reveal?: InvisibleMode
}

/**
 * The field as terminal rows: each logical line wrapped at word boundaries, a wrapped row
 * indented like the line it continues, the cursor as an inverse cell, hidden characters shown
 * as escapes. At most `maxRows` rows, scrolled so the cursor is visible; `total` is how many
 * rows the whole text takes and `first` the first one shown.
 */
export function editorRows(
  state: TextEditorState,
  width: number,
  options: EditorRowsOptions,
): { lines: StyledLine[]; first: number; total: number } {
  const prefix = options.prefix ?? { text: '' }
  const prefixWidth = textWidth(prefix.text)
  const pad: Span = { text: ' '.repeat(prefixWidth) }
  const inner = Math.max(1, width - prefixWidth)
  const showCursor = options.cursor ?? true
  const reveal = options.reveal ?? 'code'
  const shown = (text: string) => showHidden(text, reveal)
  const { lines, line: cursorLine, column } = editorLines(state)
  const rows: StyledLine[] = []
  let cursorRow = 0
  lines.forEach((text, index) => {
    let spans: Span[]
    if (index === cursorLine && showCursor) {
      const after = text.slice(column)
      const [next] = graphemes.segment(after)
      const under = next?.segment ?? ''
      spans = [
        { text: shown(text.slice(0, column)) },
        { text: under === '' ? ' ' : shown(under), style: CURSOR },
        { text: shown(after.slice(under.length)) },
      ]
      if (state.text === '' && options.placeholder)
        spans.push({ text: options.placeholder, style: { dim: true } })
    } else spans = [{ text: shown(text) }]
    const wrapped = wrapLine(
      spans.filter((s) => s.text !== ''),
      inner,
      { indent: 'auto' },
    )
    if (index === cursorLine) {
      const within = wrapped.findIndex((row) => row.some((s) => s.style === CURSOR))
      cursorRow = rows.length + Math.max(0, within)
    }
    rows.push(...wrapped)
  })
  const maxRows = Math.max(1, options.maxRows)
  const first = Math.max(0, Math.min(cursorRow - maxRows + 1, rows.length - maxRows))
  const visible = rows.slice(first, first + maxRows)
  return {
    lines: visible.map((row, i) => [first + i === 0 ? prefix : pad, ...row]),
    first,
    total: rows.length,
  }
}
