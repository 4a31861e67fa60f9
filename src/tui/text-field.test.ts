import { describe, expect, test } from 'vitest'
import { makeKey as key } from './make-key'
import { lineText } from './styled-text'
import {
  applyFieldKey,
  fieldLines,
  openField,
  type FieldKeyResult,
  type TextFieldState,
} from './text-field'

const state = (result: FieldKeyResult): TextFieldState => {
  if (result.kind !== 'edit') throw new Error(`expected an edit, got ${result.kind}`)
  return result.state
}
const type = (field: TextFieldState, text: string) =>
  state(applyFieldKey(field, text, key(), false))
const esc = (field: TextFieldState) => applyFieldKey(field, '', key({ escape: true }), false)

describe('a text field in a prompt', () => {
  test('Esc over typed text asks first; a second Esc discards', () => {
    const typed = type(openField(), 'half an answer')
    const asking = state(esc(typed))
    expect(asking.confirmingDiscard).toBe(true)
    expect(asking.editor.text).toBe('half an answer')
    expect(esc(asking)).toEqual({ kind: 'cancel' })
  })

  test('any other key after the question keeps the text and goes on editing', () => {
    const asking = state(esc(type(openField(), 'keep')))
    const kept = type(asking, '!')
    expect(kept.confirmingDiscard).toBe(false)
    expect(kept.editor.text).toBe('keep!')
  })

  test('a field taller than its room says which rows it shows, so none seem missing', () => {
    const field = openField(['one', 'two', 'three', 'four', 'five'].join('\n'))
    const rows = fieldLines(field, 40, 3).map(lineText)
    expect(rows).toHaveLength(3)
    expect(rows.at(-1)).toBe('  rows 4–5 of 5')
    expect(fieldLines(openField('one\ntwo'), 40, 3).map(lineText)).toEqual(['› one', '  two '])
  })

  test('Esc leaves at once when nothing new was typed', () => {
    expect(esc(openField())).toEqual({ kind: 'cancel' })
    expect(esc(openField('confirmed before'))).toEqual({ kind: 'cancel' })
  })

  test('Alt+Enter adds a line; Enter submits all lines; pasted newlines are kept', () => {
    let field = type(openField(), 'one')
    field = state(applyFieldKey(field, '', key({ return: true, meta: true }), false))
    field = state(applyFieldKey(field, 'two\nthree', key(), true))
    expect(applyFieldKey(field, '\r', key({ return: true }), false)).toEqual({
      kind: 'submit',
      text: 'one\ntwo\nthree',
    })
  })
})
