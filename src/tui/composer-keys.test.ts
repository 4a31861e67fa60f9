import { describe, expect, test } from 'vitest'
import { applyComposerKey, type ComposerKeyResult } from './composer-keys'
import { EMPTY_COMPOSER, insertText, type ComposerState } from './composer-state'
import { makeKey as key } from './make-key'

const typed = (text: string): ComposerState => insertText(EMPTY_COMPOSER, text)
const edited = (result: ComposerKeyResult): ComposerState => {
  if (result.kind !== 'edit') throw new Error('expected an edit')
  return result.state
}

describe('composer keys', () => {
  test('Enter sends the draft', () => {
    expect(applyComposerKey(typed('hi'), '\r', key({ return: true }))).toEqual({
      kind: 'submit',
      state: typed('hi'),
    })
  })

  test('Alt+Enter and Ctrl+J insert a newline instead of sending', () => {
    expect(edited(applyComposerKey(typed('a'), '', key({ return: true, meta: true }))).text).toBe(
      'a\n',
    )
    expect(edited(applyComposerKey(typed('a'), '\n', key())).text).toBe('a\n')
  })

  test('control keys edit instead of inserting letters', () => {
    expect(edited(applyComposerKey(typed('one two'), 'u', key({ ctrl: true }))).text).toBe('')
    expect(edited(applyComposerKey(typed('one two'), 'x', key({ ctrl: true }))).text).toBe(
      'one two',
    )
  })
})
