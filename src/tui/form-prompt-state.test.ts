import { describe, expect, it } from 'vitest'
import { FORM_MESSAGES } from '../shared/form-answers'
import type { FormSpec } from '../shared/form-schema'
import { questionsToForm } from '../shared/form-state'
import { everyFieldForm } from '../shared/testing/form-fixtures'
import {
  rowsOf,
  scrollToShow,
  shownErrors,
  startFormPrompt,
  stepFormPrompt,
  type FormKey,
  type FormPromptState,
  type FormPromptStep,
} from './form-prompt-state'

const spec = everyFieldForm()
const at = (key: string) => spec.fields.findIndex((f) => f.key === key)
const live = { orphaned: false }

/** Presses keys one after another; typed strings are split into single characters. */
function press(
  form: FormSpec,
  state: FormPromptState,
  keys: Array<FormKey | string>,
  context = live,
): FormPromptStep {
  let step: FormPromptStep = { state, draftChanged: false, action: null }
  for (const key of keys) {
    const list: FormKey[] =
      typeof key === 'string'
        ? [...key].map((text) => ({ kind: 'text', text, pasted: false }))
        : [key]
    for (const k of list) {
      step = stepFormPrompt(form, step.state, k, context)
      if (step.action) return step
    }
  }
  return step
}

const down = (n: number): FormKey[] => Array.from({ length: n }, () => ({ kind: 'down' }))
const key = (kind: Exclude<FormKey['kind'], 'text'>): FormKey => ({ kind }) as FormKey
const rowOf = (state: FormPromptState, form = spec) => rowsOf(form, state.draft)[state.cursor]

/** The cursor on the first row of a field. */
function onField(name: string, state = startFormPrompt(spec, null)): FormPromptState {
  return { ...state, cursor: rowsOf(spec, state.draft).findIndex((r) => r.field === at(name)) }
}

describe('terminal form: rows and moving', () => {
  it('has a row per input, checkbox, option, "Other" and unsupported field', () => {
    const rows = rowsOf(spec, startFormPrompt(spec, null).draft)
    expect(rows.map((r) => r.kind)).toEqual([
      'input',
      'input',
      'input',
      'input',
      'input',
      'bool',
      'option',
      'option',
      'option',
      'option',
      'other',
      'option',
      'option',
      'option',
      'unsupported',
    ])
  })

  it('moves by row with ↑/↓ and by field with Tab / Shift+Tab, stopping at the ends', () => {
    const start = startFormPrompt(spec, null)
    expect(press(spec, start, [key('up')]).state).toBe(start)
    let state = press(spec, start, down(6)).state
    expect(rowOf(state)).toEqual({ kind: 'option', field: at('channel'), option: 0 })
    state = press(spec, state, [key('tab')]).state
    expect(rowOf(state)).toEqual({ kind: 'option', field: at('region'), option: 0 })
    state = press(spec, { ...state, cursor: state.cursor + 2 }, [key('backtab')]).state
    expect(rowOf(state)).toEqual({ kind: 'option', field: at('channel'), option: 0 })
    state = press(spec, state, down(40)).state
    expect(rowOf(state)?.kind).toBe('unsupported')
  })
})

describe('terminal form: filling in', () => {
  it('types into the text row it is on: d, digits and Space are just characters there', () => {
    const step = press(spec, startFormPrompt(spec, null), ['d 1x', key('backspace')])
    expect(step.action).toBeNull()
    expect(step.draftChanged).toBe(true)
    expect(step.state.draft.values[at('name')]).toEqual({ kind: 'text', text: 'd 1' })
    const cleared = press(spec, step.state, [key('clear')]).state
    expect(cleared.draft.values[at('name')]).toEqual({ kind: 'text', text: '' })
  })

  it('keeps a half-typed number, and a pasted line break only where text can hold one', () => {
    let state = onField('ratio')
    state = press(spec, state, ['-', '0', '.']).state
    expect(state.draft.values[at('ratio')]).toEqual({ kind: 'text', text: '-0.' })
    state = press(spec, onField('name', state), [
      { kind: 'text', text: 'a\r\nb', pasted: true },
    ]).state
    expect(state.draft.values[at('name')]).toEqual({ kind: 'text', text: 'a\nb' })
    state = press(spec, onField('workers', state), [
      { kind: 'text', text: '\n7', pasted: true },
    ]).state
    expect(state.draft.values[at('workers')]).toEqual({ kind: 'text', text: '4 7' })
  })

  it('chooses with Space or a digit, toggles a multi-select, and flips a checkbox', () => {
    let state = press(spec, onField('channel'), [key('down'), ' ']).state
    expect(state.draft.values[at('channel')]).toEqual({ kind: 'option', index: 1 })
    state = press(spec, state, ['1']).state
    expect(state.draft.values[at('channel')]).toEqual({ kind: 'option', index: 0 })
    state = press(spec, onField('targets', state), [' ', '3', '3']).state
    expect(state.draft.values[at('targets')]).toEqual({
      kind: 'options',
      indexes: [0],
      other: null,
    })
    state = press(spec, onField('notify', state), [' ']).state
    expect(state.draft.values[at('notify')]).toEqual({ kind: 'bool', value: false })
  })

  it('ignores a paste anywhere but a text row, so a paste never picks or declines', () => {
    const state = onField('channel')
    const step = press(spec, state, [{ kind: 'text', text: '2d', pasted: true }])
    expect(step.state).toBe(state)
    expect(step.action).toBeNull()
  })

  it('chooses "Other" by typing on its row, and by its digit', () => {
    const other = (s: FormPromptState) => ({
      ...s,
      cursor: rowsOf(spec, s.draft).findIndex((r) => r.kind === 'other'),
    })
    let state = press(spec, other(startFormPrompt(spec, null)), ['Mars', key('backspace')]).state
    expect(state.draft.values[at('region')]).toEqual({ kind: 'other', text: 'Mar' })
    state = press(spec, onField('region'), ['3', 'd']).state
    expect(rowOf(state)).toEqual({ kind: 'other', field: at('region') })
    expect(state.draft.values[at('region')]).toEqual({ kind: 'other', text: 'd' })
  })

  it('unticks an empty multi-select "Other" with Space', () => {
    const form = questionsToForm([
      { question: 'Q', multiSelect: true, options: [{ label: 'A' }, { label: 'B' }] },
    ])
    let state: FormPromptState = { ...startFormPrompt(form, null), cursor: 2 }
    state = press(form, state, [' ']).state
    expect(state.draft.values[0]).toEqual({ kind: 'options', indexes: [], other: '' })
    state = press(form, state, [' ']).state
    expect(state.draft.values[0]).toEqual({ kind: 'options', indexes: [], other: null })
  })
})

describe('terminal form: outcomes', () => {
  it('refuses Enter while something is wrong, shows every problem and goes to the first', () => {
    const start = press(spec, startFormPrompt(spec, null), down(3)).state
    expect(shownErrors(spec, start)).toEqual({})
    const refused = press(spec, start, [key('enter')])
    expect(refused.action).toBeNull()
    expect(rowOf(refused.state)).toEqual({ kind: 'input', field: at('name') })
    expect(shownErrors(spec, refused.state)).toMatchObject({
      name: FORM_MESSAGES.requiredText,
      channel: FORM_MESSAGES.requiredChoice,
    })
  })

  it('submits with Enter once everything is right', () => {
    let state = press(spec, startFormPrompt(spec, null), ['parley', key('down'), 'a@b.io']).state
    state = press(spec, onField('channel', state), ['2']).state
    state = press(spec, onField('targets', state), ['1']).state
    const step = press(spec, state, [key('enter')])
    expect(step.action).toEqual({
      kind: 'respond',
      response: {
        action: 'accept',
        content: {
          name: 'parley',
          email: 'a@b.io',
          workers: 4,
          notify: true,
          channel: 'beta',
          targets: ['linux'],
        },
      },
    })
  })

  it('declines with d off a text row', () => {
    expect(press(spec, onField('channel'), ['d']).action).toEqual({
      kind: 'respond',
      response: { action: 'decline' },
    })
  })

  it('cancels with Esc at once when nothing was filled in, else asks first', () => {
    expect(press(spec, startFormPrompt(spec, null), [key('escape')]).action).toEqual({
      kind: 'respond',
      response: { action: 'cancel' },
    })
    const filled = press(spec, startFormPrompt(spec, null), ['x', key('escape')]).state
    expect(filled.confirmingCancel).toBe(true)
    expect(press(spec, filled, ['q']).state).toBe(filled)
    const back = press(spec, filled, ['n']).state
    expect(back.confirmingCancel).toBe(false)
    expect(back.draft.values[at('name')]).toEqual({ kind: 'text', text: 'x' })
    expect(press(spec, filled, [key('enter')]).action).toEqual({
      kind: 'respond',
      response: { action: 'cancel' },
    })
    expect(press(spec, filled, ['d']).action).toEqual({
      kind: 'respond',
      response: { action: 'decline' },
    })
  })

  it('when the asker is gone, Enter sends the answers as a message and x dismisses', () => {
    const gone = { orphaned: true }
    const start = onField('channel')
    expect(press(spec, start, ['d', key('escape')], gone).state).toBe(start)
    expect(press(spec, start, ['x'], gone).action).toEqual({ kind: 'dismiss' })
    expect(press(spec, start, [key('enter')], gone).action).toBeNull()
    let state = press(
      spec,
      startFormPrompt(spec, null),
      ['parley', key('down'), 'a@b.io'],
      gone,
    ).state
    state = press(spec, onField('channel', state), ['1'], gone).state
    state = press(spec, onField('targets', state), ['2'], gone).state
    expect(press(spec, state, [key('enter')], gone).action).toMatchObject({
      kind: 'send-as-message',
      response: { action: 'accept', content: { channel: 'stable', targets: ['mac'] } },
    })
  })
})

describe('terminal form: a question at a time', () => {
  const form = questionsToForm([
    { question: 'Which database?', options: [{ label: 'Postgres' }, { label: 'SQLite' }] },
    { question: 'Which editor?', options: [{ label: 'vim' }, { label: 'emacs' }] },
  ])

  it('picks and moves on with Enter, skips with Tab, reviews, then submits', () => {
    let state = startFormPrompt(form, null)
    state = press(form, state, [key('down'), key('enter')]).state
    expect(state.draft.index).toBe(1)
    state = press(form, state, [key('tab')]).state
    expect(state.draft).toEqual({
      index: 2,
      values: [{ kind: 'option', index: 1 }, { kind: 'skipped' }],
    })
    expect(rowsOf(form, state.draft).map((r) => r.kind)).toEqual(['review', 'review'])
    // Back to the first question: the cursor is on its answer.
    state = press(form, state, [key('left'), key('left')]).state
    expect(rowOf(state, form)).toEqual({ kind: 'option', field: 0, option: 1 })
    state = press(form, state, [key('right'), key('right')]).state
    expect(press(form, state, [key('enter')]).action).toEqual({
      kind: 'respond',
      response: { action: 'accept', content: { question_0: 'SQLite' } },
    })
  })

  it('opens "Other" with Enter the first time and moves on once it has text', () => {
    let state: FormPromptState = { ...startFormPrompt(form, null), cursor: 2 }
    state = press(form, state, [key('enter')]).state
    expect(state.draft).toMatchObject({ index: 0, values: [{ kind: 'other', text: '' }, null] })
    state = press(form, state, ['Mongo', key('enter')]).state
    expect(state.draft.index).toBe(1)
    expect(state.draft.values[0]).toEqual({ kind: 'other', text: 'Mongo' })
  })

  it('resumes a saved draft on its question, the cursor on its answer', () => {
    const state = startFormPrompt(form, {
      index: 1,
      values: [null, { kind: 'option', index: 1 }],
    })
    expect(rowOf(state, form)).toEqual({ kind: 'option', field: 1, option: 1 })
  })
})

describe('terminal form: scrolling', () => {
  const view = { offset: 0, rows: 5, total: 30, fieldTop: 0, rowTop: 0, rowHeight: 1 }

  it('keeps the window where it is while the row is in it', () => {
    expect(scrollToShow({ ...view, offset: 3, fieldTop: 4, rowTop: 6 })).toBe(3)
  })

  it('scrolls down just enough to show the row with its field title', () => {
    expect(scrollToShow({ ...view, fieldTop: 8, rowTop: 10 })).toBe(6)
  })

  it('shows the row alone when its field is taller than the window', () => {
    expect(scrollToShow({ ...view, fieldTop: 2, rowTop: 20 })).toBe(16)
    expect(scrollToShow({ ...view, offset: 25, fieldTop: 2, rowTop: 12 })).toBe(12)
  })

  it('scrolls up to the field title and never past the content', () => {
    expect(scrollToShow({ ...view, offset: 10, fieldTop: 7, rowTop: 9 })).toBe(7)
    expect(scrollToShow({ ...view, offset: 99, fieldTop: 28, rowTop: 29 })).toBe(25)
  })
})
