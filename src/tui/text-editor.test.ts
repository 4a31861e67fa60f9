import { describe, expect, test } from 'vitest'
import {
  EMPTY_EDITOR,
  editorLines,
  deleteBackward,
  deleteWordBackward,
  insertText,
  moveLeft,
  moveVertical,
  editorRows,
  editorWith,
  type TextEditorState,
} from './text-editor'
import { lineText } from './styled-text'

const typed = (text: string): TextEditorState => insertText(EMPTY_EDITOR, text)

describe('text editing', () => {
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
    expect(editorLines(moveVertical(upAgain, 1))).toEqual({
      lines: ['abcdef', 'xy', '12345'],
      line: 1,
      column: 2,
    })
  })

  test('nothing changes when there is nothing to delete or move', () => {
    expect(deleteBackward(EMPTY_EDITOR)).toBe(EMPTY_EDITOR)
    expect(moveLeft(EMPTY_EDITOR)).toBe(EMPTY_EDITOR)
  })
})

describe('drawing a text field', () => {
  const rows = (state: TextEditorState, width: number, maxRows = 10) =>
    editorRows(state, width, { maxRows, prefix: { text: '› ' } }).lines.map(lineText)

  test('a wrapped line keeps its indent and no row starts with a stray space', () => {
    const state = { ...editorWith('plan:\n    step one and then step two'), cursor: 0 }
    expect(rows(state, 22)).toEqual(['› plan:', '      step one and', '      then step two'])
  })

  test('the cursor is an extra cell at the end of the text', () => {
    const drawn = editorRows(editorWith('hi'), 10, { maxRows: 3 })
    expect(drawn.lines).toEqual([
      [{ text: '' }, { text: 'hi' }, { text: ' ', style: { inverse: true } }],
    ])
  })

  test('a tall text scrolls to keep the cursor in view', () => {
    const state = editorWith(Array.from({ length: 10 }, (_, i) => `line ${i + 1}`).join('\n'))
    const drawn = editorRows(state, 20, { maxRows: 3 })
    expect(drawn.lines.map(lineText)).toEqual(['line 8', 'line 9', 'line 10 '])
    expect(drawn.total).toBe(10)
    expect(drawn.first).toBe(7)
    const top = editorRows({ ...state, cursor: 0 }, 20, { maxRows: 3 })
    expect(top.lines.map(lineText)).toEqual(['line 1', 'line 2', 'line 3'])
  })

  test('hidden characters are shown as escapes', () => {
    expect(rows(editorWith('a\u202Eb'), 20)).toEqual(['› a\\u202Eb '])
  })
})
