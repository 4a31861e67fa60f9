/**
 * The multi-line message editor as pure functions over `{ text, cursor }`. The cursor is a UTF-16
 * offset that always sits on a code point boundary, so surrogate pairs (emoji) move and delete as
 * one character. Every function returns the same object when nothing changed.
 */
export interface ComposerState {
  readonly text: string
  readonly cursor: number
}

export const EMPTY_COMPOSER: ComposerState = { text: '', cursor: 0 }

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

const withCursor = (state: ComposerState, cursor: number): ComposerState =>
  cursor === state.cursor ? state : { text: state.text, cursor }

/** Inserts typed or pasted text at the cursor; CR and CRLF line ends become `\n`. */
export function insertText(state: ComposerState, input: string): ComposerState {
  const text = input.replace(/\r\n?/g, '\n')
  if (text === '') return state
  return {
    text: state.text.slice(0, state.cursor) + text + state.text.slice(state.cursor),
    cursor: state.cursor + text.length,
  }
}

export function deleteBackward(state: ComposerState): ComposerState {
  if (state.cursor === 0) return state
  const from = state.cursor - previousLength(state.text, state.cursor)
  return { text: state.text.slice(0, from) + state.text.slice(state.cursor), cursor: from }
}

export function deleteForward(state: ComposerState): ComposerState {
  if (state.cursor >= state.text.length) return state
  const to = state.cursor + nextLength(state.text, state.cursor)
  return { text: state.text.slice(0, state.cursor) + state.text.slice(to), cursor: state.cursor }
}

/** Deletes the word before the cursor (and the spaces after it), like Ctrl+W in a shell. */
export function deleteWordBackward(state: ComposerState): ComposerState {
  const before = state.text.slice(0, state.cursor)
  const from = before.replace(/\S+\s*$|\s+$/u, '').length
  if (from === state.cursor) return state
  return { text: state.text.slice(0, from) + state.text.slice(state.cursor), cursor: from }
}

/** Deletes from the start of the current line to the cursor (Ctrl+U). */
export function deleteToLineStart(state: ComposerState): ComposerState {
  const from = lineStartOf(state.text, state.cursor)
  if (from === state.cursor) return state
  return { text: state.text.slice(0, from) + state.text.slice(state.cursor), cursor: from }
}

export function moveLeft(state: ComposerState): ComposerState {
  return state.cursor === 0
    ? state
    : withCursor(state, state.cursor - previousLength(state.text, state.cursor))
}

export function moveRight(state: ComposerState): ComposerState {
  return state.cursor >= state.text.length
    ? state
    : withCursor(state, state.cursor + nextLength(state.text, state.cursor))
}

export function moveLineStart(state: ComposerState): ComposerState {
  return withCursor(state, lineStartOf(state.text, state.cursor))
}

export function moveLineEnd(state: ComposerState): ComposerState {
  return withCursor(state, lineEndOf(state.text, state.cursor))
}

/** Moves to the same column of the line above (or below), clamped to that line's length. */
export function moveVertical(state: ComposerState, direction: -1 | 1): ComposerState {
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

/** The lines of the draft, with the cursor's line and column, for rendering. */
export function composerLines(state: ComposerState): {
  lines: string[]
  line: number
  column: number
} {
  const lines = state.text.split('\n')
  const before = state.text.slice(0, state.cursor).split('\n')
  return { lines, line: before.length - 1, column: (before.at(-1) ?? '').length }
}
