import { describe, expect, test } from 'vitest'
import {
  EMPTY_COMPOSER,
  deleteBackwardInComposer,
  historyBack,
  historyForward,
  messageText,
  pasteText,
  withEditor,
} from './composer-state'
import { editorWith } from './text-editor'

describe('the message box', () => {
  test('a long paste shows as one placeholder and is sent in full', () => {
    const long = Array.from({ length: 40 }, (_, i) => `line ${i + 1}`).join('\n')
    const state = pasteText(withEditor(EMPTY_COMPOSER, editorWith('see: ')), long)
    expect(state.editor.text).toBe('see: [Pasted text #1 +40 lines]')
    expect(messageText(state)).toBe(`see: ${long}`)
  })

  test('a 40-line paste that ends with its line break is labelled +40 lines, and sent whole', () => {
    const long = Array.from({ length: 40 }, (_, i) => `line ${i + 1}\n`).join('')
    const state = pasteText(EMPTY_COMPOSER, long)
    expect(state.editor.text).toBe('[Pasted text #1 +40 lines]')
    expect(messageText(state)).toBe(long)
  })

  test('a short paste is inserted as it is, line breaks kept', () => {
    expect(pasteText(EMPTY_COMPOSER, 'a\r\nb').editor.text).toBe('a\nb')
  })

  test('Backspace after a placeholder removes the whole paste', () => {
    const state = pasteText(EMPTY_COMPOSER, 'x\n'.repeat(20))
    expect(deleteBackwardInComposer(state).editor.text).toBe('')
  })

  test('↑ walks back through sent messages and ↓ returns to the draft put aside', () => {
    const history = ['newest', 'older']
    const draft = withEditor(EMPTY_COMPOSER, editorWith('my draft'))
    const back1 = historyBack(draft, history)
    expect(back1.editor.text).toBe('newest')
    const back2 = historyBack(back1, history)
    expect(back2.editor.text).toBe('older')
    expect(historyBack(back2, history)).toBe(back2)
    expect(historyForward(back2, history).editor.text).toBe('newest')
    expect(historyForward(historyForward(back2, history), history).editor.text).toBe('my draft')
  })
})
