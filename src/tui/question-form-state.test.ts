import { describe, expect, test } from 'vitest'
import type { Question } from '../shared/ask-user-question'
import { startForm, stepForm, type FormInput, type QuestionFormState } from './question-form-state'

const questions: Question[] = [
  {
    question: 'Which language?',
    options: [{ label: 'TypeScript' }, { label: 'Rust', description: 'fast' }],
  },
  { question: 'Which editor?', options: [{ label: 'vim' }, { label: 'emacs' }, { label: 'nano' }] },
]

/** Presses keys in order; returns the final state and every submit that happened. */
function press(inputs: FormInput[], from = startForm(questions, null)) {
  let state: QuestionFormState = from
  const submits: Array<Array<string | null>> = []
  for (const input of inputs) {
    const step = stepForm(questions, state, input)
    state = step.state
    if (step.submit) submits.push(step.submit)
  }
  return { state, submits }
}

describe('question form', () => {
  test('Other text for the first question and Esc on the second submits both answers once', () => {
    const { submits } = press([
      { kind: 'down' },
      { kind: 'down' },
      { kind: 'enter' },
      { kind: 'text', text: 'Zig, ' },
      { kind: 'digit', digit: 0 },
      { kind: 'backspace' },
      { kind: 'text', text: 'really' },
      { kind: 'enter' },
      { kind: 'escape' },
    ])
    expect(submits).toEqual([['Zig, really', null]])
  })

  test('number keys pick an option directly and the last one submits', () => {
    expect(
      press([
        { kind: 'digit', digit: 2 },
        { kind: 'digit', digit: 3 },
      ]).submits,
    ).toEqual([['Rust', 'nano']])
  })

  test('the number after the options opens Other; Esc there returns to the list', () => {
    const opened = press([{ kind: 'digit', digit: 3 }])
    expect(opened.state.otherText).toBe('')
    const closed = press([{ kind: 'escape' }], opened.state)
    expect(closed.state).toMatchObject({ otherText: null, cursor: 2 })
    expect(closed.state.draft.index).toBe(0)
  })

  test('an empty Other answer is not accepted', () => {
    const { state, submits } = press([
      { kind: 'digit', digit: 3 },
      { kind: 'text', text: '  ' },
      { kind: 'enter' },
    ])
    expect(submits).toEqual([])
    expect(state.otherText).toBe('  ')
  })

  test('a saved draft resumes at the same question with the earlier pick kept', () => {
    const resumed = startForm(questions, {
      index: 1,
      picks: [{ kind: 'other', text: 'Zig' }, null],
    })
    expect(resumed.draft.index).toBe(1)
    expect(press([{ kind: 'digit', digit: 1 }], resumed).submits).toEqual([['Zig', 'vim']])
  })

  test('going back highlights the earlier pick and reopens its Other text', () => {
    const { state } = press([
      { kind: 'digit', digit: 3 },
      { kind: 'text', text: 'Zig' },
      { kind: 'enter' },
      { kind: 'back' },
    ])
    expect(state.draft.index).toBe(0)
    expect(state.cursor).toBe(2)
    expect(press([{ kind: 'enter' }], state).state.otherText).toBe('Zig')
  })

  test('picks and skips are reported as draft changes; moving the highlight is not', () => {
    const start = startForm(questions, null)
    expect(stepForm(questions, start, { kind: 'down' }).draftChanged).toBe(false)
    expect(stepForm(questions, start, { kind: 'escape' }).draftChanged).toBe(true)
  })

  test('the highlight stays within the options and Other', () => {
    const { state } = press([{ kind: 'up' }, { kind: 'down' }, { kind: 'down' }, { kind: 'down' }])
    expect(state.cursor).toBe(2)
  })

  test('the Other text comes whole from its editor, line breaks kept, and Enter confirms it', () => {
    const { state, submits } = press([
      { kind: 'digit', digit: 3 },
      { kind: 'other-text', text: 'Zig\nwith notes' },
      { kind: 'enter' },
    ])
    expect(state.draft.picks[0]).toEqual({ kind: 'other', text: 'Zig\nwith notes' })
    expect(submits).toEqual([])
  })
})
