import type { Key } from 'ink'
import {
  cursorOnEdge,
  deleteBackward,
  deleteForward,
  deleteToLineEnd,
  deleteToLineStart,
  deleteWordBackward,
  insertText,
  moveLeft,
  moveLineEnd,
  moveLineStart,
  moveRight,
  moveVertical,
  moveWordLeft,
  moveWordRight,
  type TextEditorState,
} from './text-editor'

/**
 * What a key press means to a text field: a new state (possibly the same one: the key was the
 * field's but changed nothing), "submit" (Enter), or not the field's key at all (Esc, Tab, ↑ on
 * the first line, Ctrl+D in an empty field…), left to the surface around it.
 */
export type EditorKeyResult =
  { kind: 'edit'; state: TextEditorState } | { kind: 'submit' } | { kind: 'unhandled' }

const UNHANDLED: EditorKeyResult = { kind: 'unhandled' }

/**
 * The keys every text field understands. Enter submits; a newline is Alt+Enter or Ctrl+J (most
 * terminals send the same byte for Shift+Enter as for Enter, so Shift+Enter cannot be told
 * apart). ←/→ (with Ctrl or Alt: by word), Home/End and Ctrl+A/E, ↑/↓ between lines, Backspace
 * and Delete (Alt+Backspace and Ctrl+W: the word before), Ctrl+U/Ctrl+K (to the line's start or
 * end), Ctrl+D (the character under the cursor, while there is text).
 */
export function applyEditorKey(state: TextEditorState, input: string, key: Key): EditorKeyResult {
  const edit = (next: TextEditorState): EditorKeyResult => ({ kind: 'edit', state: next })
  if (key.return) return key.meta || key.shift ? edit(insertText(state, '\n')) : { kind: 'submit' }
  // Ctrl+J arrives as a bare line feed, which ink reports as input "\n" with no key flag.
  if (input === '\n' && !key.ctrl && !key.meta) return edit(insertText(state, '\n'))
  if (key.backspace) return edit(key.meta ? deleteWordBackward(state) : deleteBackward(state))
  if (key.delete) return edit(deleteForward(state))
  if (key.leftArrow) return edit(key.ctrl || key.meta ? moveWordLeft(state) : moveLeft(state))
  if (key.rightArrow) return edit(key.ctrl || key.meta ? moveWordRight(state) : moveRight(state))
  if (key.upArrow) return cursorOnEdge(state, 'first') ? UNHANDLED : edit(moveVertical(state, -1))
  if (key.downArrow) return cursorOnEdge(state, 'last') ? UNHANDLED : edit(moveVertical(state, 1))
  if (key.home) return edit(moveLineStart(state))
  if (key.end) return edit(moveLineEnd(state))
  if (key.ctrl) {
    if (input === 'a') return edit(moveLineStart(state))
    if (input === 'e') return edit(moveLineEnd(state))
    if (input === 'u') return edit(deleteToLineStart(state))
    if (input === 'k') return edit(deleteToLineEnd(state))
    if (input === 'w') return edit(deleteWordBackward(state))
    if (input === 'd' && state.text !== '') return edit(deleteForward(state))
    return UNHANDLED
  }
  if (key.meta) {
    if (input === 'b') return edit(moveWordLeft(state))
    if (input === 'f') return edit(moveWordRight(state))
    return UNHANDLED
  }
  if (key.escape || key.tab || key.pageUp || key.pageDown || input === '') return UNHANDLED
  return edit(insertText(state, input))
}
