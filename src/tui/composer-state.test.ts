import { describe, expect, test } from 'vitest'
import {
  EMPTY_COMPOSER,
  composerLines,
  deleteBackward,
  deleteWordBackward,
  insertText,
  moveLeft,
  moveVertical,
  type ComposerState,
} from './composer-state'

const typed = (text: string): ComposerState => insertText(EMPTY_COMPOSER, text)

describe('composer editing', () => {
  test('typing inserts at the cursor and pasted CRLF becomes newlines', () => {
    const state = insertText(moveLeft(typed('ac')), 'b')
    expect(state).toEqual({ text: 'abc', cursor: 2 })
    expect(typed('one\r\ntwo\rthree').text).toBe('one\ntwo\nthree')
  })

  test('backspace removes an emoji as one character', () => {
    expect(deleteBackward(typed('hi 👋'))).toEqual({ text: 'hi ', cursor: 3 })
  })

  test('Ctrl+W style deletion removes the previous word', () => {
    expect(deleteWordBackward(typed('run the tests  ')).text).toBe('run the ')
  })

  test('up and down keep the column, clamped to shorter lines', () => {
    const state = typed('abcdef\nxy\n12345')
    const up = moveVertical(state, -1)
    expect(up.cursor).toBe('abcdef\nxy'.length)
    const upAgain = moveVertical(up, -1)
    expect(upAgain.cursor).toBe(2)
    expect(composerLines(moveVertical(upAgain, 1))).toEqual({
      lines: ['abcdef', 'xy', '12345'],
      line: 1,
      column: 2,
    })
  })

  test('nothing changes when there is nothing to delete or move', () => {
    expect(deleteBackward(EMPTY_COMPOSER)).toBe(EMPTY_COMPOSER)
    expect(moveLeft(EMPTY_COMPOSER)).toBe(EMPTY_COMPOSER)
  })
})
