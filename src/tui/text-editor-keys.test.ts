import { describe, expect, test } from 'vitest'
import { makeKey as key } from './make-key'
import { EMPTY_EDITOR, editorWith, insertText, type TextEditorState } from './text-editor'
import { applyEditorKey, type EditorKeyResult } from './text-editor-keys'

const typed = (text: string): TextEditorState => insertText(EMPTY_EDITOR, text)
const edited = (result: EditorKeyResult): TextEditorState => {
  if (result.kind !== 'edit') throw new Error(`expected an edit, got ${result.kind}`)
  return result.state
}

describe('text field keys', () => {
  test('Enter submits', () => {
    expect(applyEditorKey(typed('hi'), '\r', key({ return: true }))).toEqual({ kind: 'submit' })
  })

  test('Alt+Enter and Ctrl+J insert a newline instead of submitting', () => {
    expect(edited(applyEditorKey(typed('a'), '', key({ return: true, meta: true }))).text).toBe(
      'a\n',
    )
    expect(edited(applyEditorKey(typed('a'), '\n', key())).text).toBe('a\n')
  })

  test('←/→, Home/End move; Ctrl+U, Ctrl+K and Ctrl+W delete', () => {
    const state = editorWith('one two three')
    expect(edited(applyEditorKey(state, '', key({ home: true }))).cursor).toBe(0)
    const left = edited(applyEditorKey(state, '', key({ leftArrow: true })))
    expect(left.cursor).toBe(12)
    expect(edited(applyEditorKey(left, '', key({ end: true }))).cursor).toBe(13)
    expect(edited(applyEditorKey(state, '', key({ leftArrow: true, ctrl: true }))).cursor).toBe(8)
    expect(edited(applyEditorKey(state, 'w', key({ ctrl: true }))).text).toBe('one two ')
    expect(edited(applyEditorKey(state, 'u', key({ ctrl: true }))).text).toBe('')
    const home = edited(applyEditorKey(state, 'a', key({ ctrl: true })))
    expect(edited(applyEditorKey(home, 'k', key({ ctrl: true }))).text).toBe('')
  })

  test('↑ on the first line and ↓ on the last are left to the surface (history)', () => {
    const state = editorWith('one\ntwo')
    expect(applyEditorKey(state, '', key({ downArrow: true }))).toEqual({ kind: 'unhandled' })
    const up = edited(applyEditorKey(state, '', key({ upArrow: true })))
    expect(up.cursor).toBe(3)
    expect(applyEditorKey(up, '', key({ upArrow: true }))).toEqual({ kind: 'unhandled' })
  })

  test('Ctrl+D deletes while there is text and is left to the app in an empty field', () => {
    const state = { text: 'ab', cursor: 0 }
    expect(edited(applyEditorKey(state, 'd', key({ ctrl: true }))).text).toBe('b')
    expect(applyEditorKey(EMPTY_EDITOR, 'd', key({ ctrl: true }))).toEqual({ kind: 'unhandled' })
  })

  test('control keys never insert letters; Esc and Tab are not the field’s', () => {
    expect(applyEditorKey(typed('one'), 'x', key({ ctrl: true }))).toEqual({ kind: 'unhandled' })
    expect(applyEditorKey(typed('one'), '', key({ escape: true }))).toEqual({ kind: 'unhandled' })
    expect(applyEditorKey(typed('one'), '', key({ tab: true }))).toEqual({ kind: 'unhandled' })
  })
})
