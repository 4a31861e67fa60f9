import type { Key } from 'ink'
import { describe, expect, it } from 'vitest'
import { FORM_MESSAGES } from '../shared/form-answers'
import { questionsToForm } from '../shared/form-state'
import { everyFieldForm } from '../shared/testing/form-fixtures'
import {
  draftWithTyping,
  rowsOf,
  shownErrors,
  startFormPrompt,
  stepFormPrompt,
  type FormContext,
  type FormPromptState,
  type FormPromptStep,
} from './form-prompt-state'
import { makeKey } from './make-key'

const form: FormContext = { spec: everyFieldForm(), buttons: ['submit', 'decline', 'cancel'] }
const at = (key: string) => form.spec.fields.findIndex((f) => f.key === key)

/** A key press: typed text (one key per character), or a named key. */
type Press = string | { key: Partial<Key>; input?: string } | { paste: string }

const k = (flags: Partial<Key>, input = ''): Press => ({ key: flags, input })
const ENTER = k({ return: true })
const ESC = k({ escape: true })
const TAB = k({ tab: true })
const DOWN = k({ downArrow: true })
const UP = k({ upArrow: true })
const LEFT = k({ leftArrow: true })
const RIGHT = k({ rightArrow: true })
const ALT_ENTER = k({ return: true, meta: true })
const CTRL_S = k({ ctrl: true }, 's')

/** Presses keys one after another, stopping at the first action. */
function press(context: FormContext, state: FormPromptState, ...keys: Press[]): FormPromptStep {
  let step: FormPromptStep = { state, draftChanged: false, action: null }
  for (const press of keys) {
    const events =
      typeof press === 'string'
        ? [...press].map((input) => ({ input, key: makeKey(), pasted: false }))
        : 'paste' in press
          ? [{ input: press.paste, key: makeKey(), pasted: true }]
          : [{ input: press.input ?? '', key: makeKey(press.key), pasted: false }]
    for (const e of events) {
      const next = stepFormPrompt(context, step.state, e.input, e.key, e.pasted)
      step = { ...next, draftChanged: step.draftChanged || next.draftChanged }
      if (step.action) return step
    }
  }
  return step
}

const fresh = (context = form) => startFormPrompt(context, null)
const rowAt = (context: FormContext, state: FormPromptState) =>
  rowsOf(context, state.draft)[state.cursor]

describe('terminal form state: a form', () => {
  it('has a row per text field, checkbox, option and "Other", then the buttons; none for an unsupported field', () => {
    expect(rowsOf(form, fresh().draft).map((r) => r.kind)).toEqual([
      ...['input', 'input', 'input', 'input', 'input', 'bool'],
      ...['option', 'option'],
      ...['option', 'option', 'other'],
      ...['option', 'option', 'option'],
      'buttons',
    ])
  })

  it('types into a text field where it is, with the editor keys, and moves on with Enter or Tab', () => {
    let step = press(form, fresh(), 'parly', LEFT, 'e', k({ end: true }), '!')
    expect(step.state.draft.values[at('name')]).toEqual({ kind: 'text', text: 'parley!' })
    expect(step.draftChanged).toBe(true)
    step = press(form, step.state, k({ ctrl: true }, 'u'))
    expect(step.state.draft.values[at('name')]).toEqual({ kind: 'text', text: '' })
    step = press(form, step.state, ENTER)
    expect(rowAt(form, step.state)).toEqual({ kind: 'input', field: at('email') })
    step = press(form, step.state, TAB, TAB, TAB, TAB)
    expect(rowAt(form, step.state)).toEqual({ kind: 'bool', field: at('notify') })
  })

  it('keeps a typed line in a plain text field, but not in a number or a formatted one', () => {
    let step = press(form, fresh(), 'a', ALT_ENTER, 'b')
    expect(step.state.draft.values[at('name')]).toEqual({ kind: 'text', text: 'a\nb' })
    step = press(form, step.state, ENTER, 'x', ALT_ENTER)
    expect(step.state.draft.values[at('email')]).toEqual({ kind: 'text', text: 'x' })
    expect(rowAt(form, step.state)).toEqual({ kind: 'input', field: at('when') })
    step = press(form, step.state, { paste: '2026-\n01-02' })
    expect(step.state.draft.values[at('when')]).toEqual({ kind: 'text', text: '2026- 01-02' })
  })

  it('Space ticks a box and a multi-select option, chooses a single choice; numbers pick within the field', () => {
    let step = press(form, fresh(), TAB, TAB, TAB, TAB, TAB, ' ')
    expect(step.state.draft.values[at('notify')]).toEqual({ kind: 'bool', value: false })
    step = press(form, step.state, DOWN, ' ')
    expect(step.state.draft.values[at('channel')]).toEqual({ kind: 'option', index: 0 })
    expect(rowAt(form, step.state)).toEqual({ kind: 'option', field: at('channel'), option: 0 })
    step = press(form, step.state, '2')
    expect(step.state.draft.values[at('channel')]).toEqual({ kind: 'option', index: 1 })
    expect(rowAt(form, step.state)).toEqual({ kind: 'option', field: at('channel'), option: 1 })
    step = press(form, step.state, TAB, TAB, ' ', '3', '2')
    // At most two targets: the third tick changes nothing.
    expect(step.state.draft.values[at('targets')]).toEqual({
      kind: 'options',
      indexes: [0, 2],
      other: null,
    })
  })

  it('Enter on a single choice chooses it and moves to the next field', () => {
    const onChannel = press(form, fresh(), TAB, TAB, TAB, TAB, TAB, TAB, DOWN)
    const step = press(form, onChannel.state, ENTER)
    expect(step.state.draft.values[at('channel')]).toEqual({ kind: 'option', index: 1 })
    expect(rowAt(form, step.state)).toEqual({ kind: 'option', field: at('region'), option: 0 })
  })

  it('"Other" opens a text field: Enter keeps the text under its own key, Esc throws it away after asking', () => {
    const onOther = press(form, fresh(), TAB, TAB, TAB, TAB, TAB, TAB, TAB, DOWN, DOWN)
    expect(rowAt(form, onOther.state)).toEqual({ kind: 'other', field: at('region') })
    let step = press(form, onOther.state, 'M')
    expect(step.state.other?.state.editor.text).toBe('M')
    // Not chosen until it is kept.
    expect(step.state.draft.values[at('region')]).toBeNull()
    step = press(form, step.state, 'ars', ENTER)
    expect(step.state.other).toBeNull()
    expect(step.state.draft.values[at('region')]).toEqual({ kind: 'other', text: 'Mars' })
    step = press(form, step.state, ENTER, '!', ESC)
    expect(step.state.other?.state.confirmingDiscard).toBe(true)
    step = press(form, step.state, ESC)
    expect(step.state.other).toBeNull()
    expect(step.state.draft.values[at('region')]).toEqual({ kind: 'other', text: 'Mars' })
  })

  it('a paste never picks or presses anything; on "Other" it becomes its text', () => {
    const onBool = press(form, fresh(), TAB, TAB, TAB, TAB, TAB)
    expect(press(form, onBool.state, { paste: ' 1\r' }).state).toBe(onBool.state)
    const onOther = press(form, fresh(), TAB, TAB, TAB, TAB, TAB, TAB, TAB, DOWN, DOWN)
    const step = press(form, onOther.state, { paste: 'two\nlines' })
    expect(step.state.other?.state.editor.text).toBe('two\nlines')
    expect(step.action).toBeNull()
  })

  it('Submit with problems shows them at their fields and moves to the first; nothing is sent', () => {
    const start = press(form, fresh(), TAB, TAB, TAB)
    expect(shownErrors(form.spec, start.state)).toEqual({})
    const step = press(form, start.state, CTRL_S)
    expect(step.action).toBeNull()
    expect(step.state.checked).toBe(true)
    expect(rowAt(form, step.state)).toEqual({ kind: 'input', field: at('name') })
    expect(shownErrors(form.spec, step.state)).toMatchObject({
      name: FORM_MESSAGES.requiredText,
      channel: FORM_MESSAGES.requiredChoice,
    })
  })

  it('a filled-in form is accepted with exactly its content', () => {
    const step = press(
      form,
      fresh(),
      'parley',
      ENTER,
      'dev@example.com',
      TAB,
      TAB,
      TAB,
      TAB,
      TAB,
      '1',
      TAB,
      TAB,
      '2',
      TAB,
      ENTER,
    )
    expect(step.action).toEqual({
      kind: 'accept',
      content: {
        name: 'parley',
        email: 'dev@example.com',
        workers: 4,
        notify: true,
        channel: 'stable',
        targets: ['mac'],
      },
      draft: step.state.draft,
    })
  })

  it('Cancel asks first once something was filled in; Decline does not', () => {
    expect(press(form, fresh(), ESC).action).toEqual({ kind: 'cancel' })
    let step = press(form, fresh(), 'x', ESC)
    expect(step.action).toBeNull()
    expect(step.state.confirmingCancel).toBe(true)
    step = press(form, step.state, 'n')
    expect(step.state.confirmingCancel).toBe(false)
    expect(press(form, step.state, ESC, 'd').action).toEqual({ kind: 'decline' })
    expect(press(form, step.state, ESC, ENTER).action).toEqual({ kind: 'cancel' })
    const onButtons = press(form, fresh(), 'x', ...Array.from({ length: 9 }, () => TAB))
    expect(rowAt(form, onButtons.state)).toEqual({ kind: 'buttons' })
    expect(press(form, onButtons.state, RIGHT, ENTER).action).toEqual({ kind: 'decline' })
    expect(press(form, onButtons.state, RIGHT, RIGHT, ENTER).state.confirmingCancel).toBe(true)
  })

  it('once the asker is gone, the answers are sent as a message or the form is dismissed', () => {
    const gone: FormContext = {
      spec: { message: '', fields: [{ type: 'text', key: 'n', title: 'N', required: true }] },
      buttons: ['send', 'dismiss'],
    }
    expect(press(gone, fresh(gone), ESC).action).toBeNull()
    expect(press(gone, fresh(gone), 'Ada', CTRL_S).action).toEqual({
      kind: 'send-as-message',
      content: { n: 'Ada' },
    })
    expect(press(gone, fresh(gone), DOWN, RIGHT, ENTER).action).toEqual({ kind: 'dismiss' })
  })

  it('keeps "Other" text still being typed in the draft it saves on quitting', () => {
    const onOther = press(form, fresh(), TAB, TAB, TAB, TAB, TAB, TAB, TAB, '3', 'Venus')
    expect(onOther.state.draft.values[at('region')]).toBeNull()
    expect(draftWithTyping(form.spec, onOther.state).values[at('region')]).toEqual({
      kind: 'other',
      text: 'Venus',
    })
  })
})

describe('terminal form state: AskUserQuestion', () => {
  const questions: FormContext = {
    spec: questionsToForm([
      { question: 'Language?', options: [{ label: 'Go' }, { label: 'Rust' }] },
      {
        question: 'Targets?',
        multiSelect: true,
        options: [{ label: 'Linux' }, { label: 'macOS' }, { label: 'Windows' }],
      },
    ]),
    buttons: ['submit'],
  }

  it('Enter or a number chooses and moves on; the last answer opens the review and sends nothing', () => {
    let step = press(questions, fresh(questions), '2')
    expect(step.state.draft.index).toBe(1)
    step = press(questions, step.state, ' ', '3', ENTER)
    expect(step.state.draft.index).toBe(2)
    expect(step.action).toBeNull()
    expect(rowAt(questions, step.state)).toEqual({ kind: 'buttons' })
    expect(press(questions, step.state, ENTER).action).toMatchObject({
      kind: 'accept',
      draft: {
        values: [
          { kind: 'option', index: 1 },
          { kind: 'options', indexes: [0, 2], other: null },
        ],
      },
    })
  })

  it('Esc moves on without wiping an answer; a question passed by unanswered is marked skipped', () => {
    let step = press(questions, fresh(questions), '1', LEFT)
    expect(step.state.draft.index).toBe(0)
    expect(rowAt(questions, step.state)).toEqual({ kind: 'option', field: 0, option: 0 })
    step = press(questions, step.state, ESC, ESC)
    expect(step.state.draft.values).toEqual([{ kind: 'option', index: 0 }, { kind: 'skipped' }])
    expect(step.state.draft.index).toBe(2)
  })

  it('←/→ and Tab move between questions and the review; Enter on a reviewed question goes back to it', () => {
    let step = press(questions, fresh(questions), RIGHT, TAB)
    expect(step.state.draft.index).toBe(2)
    step = press(questions, step.state, LEFT)
    expect(step.state.draft.index).toBe(1)
    step = press(questions, step.state, CTRL_S, UP, UP, ENTER)
    expect(step.state.draft.index).toBe(0)
  })

  it('"Other" takes several lines and, kept, answers the question and moves on', () => {
    const step = press(questions, fresh(questions), '3', 'two', ALT_ENTER, 'lines', ENTER)
    expect(step.state.draft.values[0]).toEqual({ kind: 'other', text: 'two\nlines' })
    expect(step.state.draft.index).toBe(1)
  })

  it('Enter on an empty "Other" lets go of a multi-select\'s "Other"', () => {
    let step = press(questions, fresh(questions), '1', '4', 'Plan 9', ENTER)
    expect(step.state.draft.values[1]).toEqual({ kind: 'options', indexes: [], other: 'Plan 9' })
    step = press(questions, step.state, ENTER, k({ ctrl: true }, 'u'), ENTER)
    expect(step.state.draft.values[1]).toEqual({ kind: 'options', indexes: [], other: null })
  })
})
