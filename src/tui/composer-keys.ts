import type { Key } from 'ink'
import {
  deleteBackward,
  deleteForward,
  deleteToLineStart,
  deleteWordBackward,
  insertText,
  moveLeft,
  moveLineEnd,
  moveLineStart,
  moveRight,
  moveVertical,
  type ComposerState,
} from './composer-state'

/** What a key press in the composer means: a new draft, or "send this draft". */
export type ComposerKeyResult =
  { kind: 'edit'; state: ComposerState } | { kind: 'submit'; state: ComposerState }

/**
 * Maps one key press to an editor change. Enter sends. A newline is Alt+Enter or Ctrl+J: most
 * terminals send the same byte for Shift+Enter as for Enter, so Shift+Enter cannot be told apart.
 */
export function applyComposerKey(state: ComposerState, input: string, key: Key): ComposerKeyResult {
  const edit = (next: ComposerState): ComposerKeyResult => ({ kind: 'edit', state: next })
  if (key.return)
    return key.meta || key.shift ? edit(insertText(state, '\n')) : { kind: 'submit', state }
  // Ctrl+J arrives as a bare line feed, which ink reports as input "\n" with no key flag.
  if (input === '\n') return edit(insertText(state, '\n'))
  if (key.backspace) return edit(key.meta ? deleteWordBackward(state) : deleteBackward(state))
  if (key.delete) return edit(deleteForward(state))
  if (key.leftArrow) return edit(moveLeft(state))
  if (key.rightArrow) return edit(moveRight(state))
  if (key.upArrow) return edit(moveVertical(state, -1))
  if (key.downArrow) return edit(moveVertical(state, 1))
  if (key.home) return edit(moveLineStart(state))
  if (key.end) return edit(moveLineEnd(state))
  if (key.ctrl) {
    if (input === 'a') return edit(moveLineStart(state))
    if (input === 'e') return edit(moveLineEnd(state))
    if (input === 'u') return edit(deleteToLineStart(state))
    if (input === 'w') return edit(deleteWordBackward(state))
    if (input === 'd') return edit(deleteForward(state))
    return edit(state)
  }
  if (key.escape || key.tab || key.meta || key.pageUp || key.pageDown) return edit(state)
  return edit(insertText(state, input))
}
