import { describe, expect, test } from 'vitest'
import { makeKey as key } from './make-key'
import { lineText } from './styled-text'
import {
  applyFieldKey,
  fieldHints,
  fieldLines,
  fieldText,
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

  const paste = (field: TextFieldState, text: string) =>
    state(applyFieldKey(field, text, key(), true))
  const enter = (field: TextFieldState) => applyFieldKey(field, '\r', key({ return: true }), false)

  test('a 2,000-line paste shows as one placeholder and Enter submits all of it', () => {
    const long = Array.from({ length: 2_000 }, (_, i) => `line ${i + 1}`).join('\n')
    const field = paste(type(openField(), 'see: '), long)
    expect(field.editor.text).toBe('see: [Pasted text #1 +2000 lines]')
    expect(fieldLines(field, 60, 3).map((l) => lineText(l).trimEnd())).toEqual([
      '› see: [Pasted text #1 +2000 lines]',
    ])
    expect(fieldHints(field)).toContain('Ctrl+O show the paste')
    expect(enter(field)).toEqual({ kind: 'submit', text: `see: ${long}` })
    expect(fieldText(field)).toBe(`see: ${long}`)
  })

  test('a 40-line paste ending in a line break is labelled +40 lines', () => {
    const forty = Array.from({ length: 40 }, (_, i) => `row ${i + 1}\n`).join('')
    expect(paste(openField(), forty).editor.text).toBe('[Pasted text #1 +40 lines]')
  })

  test('Ctrl+O puts the pasted text in the field to read and edit; the rows say there is more', () => {
    const long = Array.from({ length: 30 }, (_, i) => `line ${i + 1}`).join('\n')
    const field = paste(type(openField(), 'a '), long)
    const shown = state(applyFieldKey(field, 'o', key({ ctrl: true }), false))
    expect(shown.editor.text).toBe(`a ${long}`)
    expect(fieldHints(shown)).not.toContain('Ctrl+O show the paste')
    expect(fieldLines(shown, 60, 3).map(lineText).at(-1)).toBe('  rows 29–30 of 30')
    expect(applyFieldKey(shown, 'o', key({ ctrl: true }), false)).toEqual({ kind: 'ignored' })
  })

  test('Backspace after a placeholder removes the whole paste', () => {
    const field = paste(type(openField(), 'x'), 'y\n'.repeat(20))
    const after = state(applyFieldKey(field, '', key({ backspace: true }), false))
    expect(after.editor.text).toBe('x')
    expect(fieldText(after)).toBe('x')
  })

  test('a short paste goes in as it is', () => {
    expect(paste(openField(), 'a\r\nb').editor.text).toBe('a\nb')
  })
})
