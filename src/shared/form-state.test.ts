import { describe, expect, it } from 'vitest'
import type { FormDraft, FormSpec } from './form-schema'
import {
  chooseOther,
  clearField,
  goTo,
  hasEdits,
  initialDraft,
  isReview,
  next,
  normalizeDraft,
  partCount,
  partFields,
  pickOption,
  previous,
  questionsToForm,
  review,
  setBoolean,
  setOtherText,
  setText,
  stepNumber,
  toggleBoolean,
  toggleOption,
  toggleOther,
  type PresetQuestion,
} from './form-state'
import { everyFieldForm } from './testing/form-fixtures'

const spec = everyFieldForm()
const at = (key: string) => spec.fields.findIndex((f) => f.key === key)

const questions: PresetQuestion[] = [
  {
    question: 'Which database?',
    options: [{ label: 'Postgres', description: 'Relational' }, { label: 'SQLite' }],
  },
  {
    question: 'Which targets?',
    multiSelect: true,
    options: [{ label: 'Linux' }, { label: 'macOS' }, { label: 'Windows' }],
  },
]

describe('form state: a form on one part', () => {
  it('starts at its only part with every default applied', () => {
    const draft = initialDraft(spec)
    expect(draft.index).toBe(0)
    expect(draft.values[at('workers')]).toEqual({ kind: 'text', text: '4' })
    expect(draft.values[at('notify')]).toEqual({ kind: 'bool', value: true })
    expect(draft.values[at('name')]).toBeNull()
    expect(partCount(spec)).toBe(1)
    expect(partFields(spec, 0)).toHaveLength(spec.fields.length)
  })

  it('applies choice and multi-select defaults by value, ignoring ones that are not options', () => {
    const withDefaults: FormSpec = {
      message: '',
      fields: [
        {
          type: 'choice',
          key: 'c',
          title: 'C',
          required: false,
          other: false,
          default: 'b',
          options: [
            { value: 'a', label: 'A' },
            { value: 'b', label: 'B' },
          ],
        },
        {
          type: 'choice',
          key: 'd',
          title: 'D',
          required: false,
          other: false,
          default: 'zzz',
          options: [{ value: 'a', label: 'A' }],
        },
        {
          type: 'multi',
          key: 'm',
          title: 'M',
          required: false,
          other: false,
          maxItems: 1,
          default: ['y', 'x', 'nope'],
          options: [
            { value: 'x', label: 'X' },
            { value: 'y', label: 'Y' },
          ],
        },
      ],
    }
    expect(initialDraft(withDefaults).values).toEqual([
      { kind: 'option', index: 1 },
      null,
      { kind: 'options', indexes: [0], other: null },
    ])
  })

  it('picks a single choice and returns the same draft when the pick does not change', () => {
    const draft = initialDraft(spec)
    const picked = pickOption(spec, draft, at('channel'), 1)
    expect(picked.values[at('channel')]).toEqual({ kind: 'option', index: 1 })
    expect(pickOption(spec, picked, at('channel'), 1)).toBe(picked)
    expect(pickOption(spec, picked, at('channel'), 7)).toBe(picked)
    // Aimed at a field of another type it changes nothing.
    expect(pickOption(spec, picked, at('name'), 0)).toBe(picked)
  })

  it('toggles a multi-select in option order and refuses a tick beyond maxItems', () => {
    let draft = initialDraft(spec)
    const targets = at('targets')
    draft = toggleOption(spec, draft, targets, 2)
    draft = toggleOption(spec, draft, targets, 0)
    expect(draft.values[targets]).toEqual({ kind: 'options', indexes: [0, 2], other: null })
    const full = toggleOption(spec, draft, targets, 1)
    expect(full).toBe(draft)
    draft = toggleOption(spec, draft, targets, 2)
    expect(draft.values[targets]).toEqual({ kind: 'options', indexes: [0], other: null })
  })

  it('chooses "Other" only where the field offers it, keeping its text', () => {
    let draft = initialDraft(spec)
    expect(chooseOther(spec, draft, at('channel'))).toBe(draft)
    draft = setOtherText(spec, draft, at('region'), 'Mars')
    expect(draft.values[at('region')]).toEqual({ kind: 'other', text: 'Mars' })
    expect(chooseOther(spec, draft, at('region'))).toBe(draft)
    draft = pickOption(spec, draft, at('region'), 0)
    expect(draft.values[at('region')]).toEqual({ kind: 'option', index: 0 })
  })

  it('keeps half-typed numbers as typed', () => {
    let draft = initialDraft(spec)
    for (const text of ['-', '0.', '1e', '.5', '-0.'])
      draft = setText(spec, draft, at('ratio'), text)
    expect(draft.values[at('ratio')]).toEqual({ kind: 'text', text: '-0.' })
    expect(setText(spec, draft, at('ratio'), '-0.')).toBe(draft)
    expect(setText(spec, draft, at('notify'), 'x')).toBe(draft)
  })

  it('steps a number within its bounds, from what is typed or its default', () => {
    let draft = initialDraft(spec)
    const workers = at('workers')
    draft = stepNumber(spec, draft, workers, 1)
    expect(draft.values[workers]).toEqual({ kind: 'text', text: '5' })
    draft = setText(spec, draft, workers, '16')
    expect(stepNumber(spec, draft, workers, 1)).toBe(draft)
    draft = setText(spec, draft, workers, '-')
    draft = stepNumber(spec, draft, workers, -1)
    expect(draft.values[workers]).toEqual({ kind: 'text', text: '4' })
    draft = setText(spec, draft, at('ratio'), '0.1')
    draft = stepNumber(spec, draft, at('ratio'), 1)
    expect(draft.values[at('ratio')]).toEqual({ kind: 'text', text: '1.1' })
  })

  it('sets and flips a boolean from its default', () => {
    let draft = initialDraft(spec)
    const notify = at('notify')
    expect(setBoolean(spec, draft, notify, true)).toBe(draft)
    draft = toggleBoolean(spec, draft, notify)
    expect(draft.values[notify]).toEqual({ kind: 'bool', value: false })
  })

  it('clears a field', () => {
    const draft = pickOption(spec, initialDraft(spec), at('channel'), 0)
    expect(clearField(spec, draft, at('channel')).values[at('channel')]).toBeNull()
    expect(clearField(spec, draft, at('name'))).toBe(draft)
  })

  it('has no parts to move between and no review', () => {
    const draft = initialDraft(spec)
    expect(next(spec, draft)).toBe(draft)
    expect(review(spec, draft)).toBe(draft)
    expect(goTo(spec, draft, 3)).toBe(draft)
    expect(isReview(spec, draft)).toBe(false)
  })

  it('knows whether anything was filled in beyond the defaults', () => {
    const draft = initialDraft(spec)
    expect(hasEdits(spec, draft)).toBe(false)
    expect(hasEdits(spec, setBoolean(spec, draft, at('notify'), true))).toBe(false)
    expect(hasEdits(spec, setText(spec, draft, at('name'), 'x'))).toBe(true)
  })
})

describe('form state: a multi-select with "Other"', () => {
  const multi: FormSpec = questionsToForm([
    { question: 'Q', multiSelect: true, options: [{ label: 'A' }, { label: 'B' }] },
  ])
  const capped: FormSpec = {
    ...multi,
    fields: multi.fields.map((f) => (f.type === 'multi' ? { ...f, maxItems: 1 } : f)),
  }

  it('ticks and unticks "Other", keeping its text while ticked', () => {
    let draft = initialDraft(multi)
    draft = toggleOther(multi, draft, 0)
    expect(draft.values[0]).toEqual({ kind: 'options', indexes: [], other: '' })
    draft = setOtherText(multi, draft, 0, 'C')
    draft = toggleOption(multi, draft, 0, 1)
    expect(draft.values[0]).toEqual({ kind: 'options', indexes: [1], other: 'C' })
    draft = toggleOther(multi, draft, 0)
    expect(draft.values[0]).toEqual({ kind: 'options', indexes: [1], other: null })
  })

  it('counts "Other" as an item against maxItems when it is sent in the list', () => {
    let draft = toggleOption(capped, initialDraft(capped), 0, 0)
    expect(toggleOther(capped, draft, 0)).toBe(draft)
    expect(setOtherText(capped, draft, 0, 'x')).toBe(draft)
    draft = toggleOption(capped, draft, 0, 0)
    draft = setOtherText(capped, draft, 0, 'x')
    expect(toggleOption(capped, draft, 0, 1)).toBe(draft)
  })

  it('cuts "Other" text to what an answer may hold', () => {
    const long = 'x'.repeat(5_000)
    const draft = setOtherText(multi, initialDraft(multi), 0, long)
    expect(draft.values[0]).toEqual({ kind: 'options', indexes: [], other: 'x'.repeat(4_000) })
  })
})

describe('form state: AskUserQuestion as a preset', () => {
  const form = questionsToForm(questions)

  it('becomes one choice or multi-select per question, titled by it, with "Other"', () => {
    expect(form.layout).toBe('questions')
    expect(form.fields).toEqual([
      {
        type: 'choice',
        key: 'question_0',
        title: 'Which database?',
        required: false,
        other: true,
        otherMaxLength: 4_000,
        options: [
          { value: 'Postgres', label: 'Postgres', description: 'Relational' },
          { value: 'SQLite', label: 'SQLite' },
        ],
      },
      expect.objectContaining({ type: 'multi', title: 'Which targets?', other: true }),
    ])
    expect(partCount(form)).toBe(2)
    expect(partFields(form, 1)).toEqual([1])
    expect(partFields(form, 2)).toEqual([])
  })

  it('moves part by part, records a skip for a question passed over, then reviews', () => {
    let draft = initialDraft(form)
    draft = next(form, draft)
    expect(draft).toEqual({ index: 1, values: [{ kind: 'skipped' }, null] })
    draft = toggleOption(form, draft, 1, 0)
    draft = next(form, draft)
    expect(isReview(form, draft)).toBe(true)
    expect(next(form, draft)).toBe(draft)
    draft = previous(form, draft)
    expect(draft.index).toBe(1)
    // A question already answered is not marked skipped by moving on.
    expect(next(form, draft).values[1]).toEqual({ kind: 'options', indexes: [0], other: null })
    draft = goTo(form, draft, 0)
    expect(draft.index).toBe(0)
    expect(previous(form, draft)).toBe(draft)
    expect(goTo(form, draft, 99).index).toBe(2)
    expect(review(form, draft).index).toBe(2)
  })
})

describe('form state: saved drafts', () => {
  it('returns a draft that already fits as the same object', () => {
    const draft = pickOption(spec, initialDraft(spec), at('channel'), 1)
    expect(normalizeDraft(spec, draft)).toBe(draft)
  })

  it('starts fresh when there is no draft', () => {
    expect(normalizeDraft(spec, null)).toEqual(initialDraft(spec))
  })

  it('fits a stale draft: wrong kinds dropped, indexes checked, lengths fixed', () => {
    const stale: FormDraft = {
      index: 9,
      values: [
        { kind: 'bool', value: true }, // name is text
        { kind: 'text', text: 'a@b.co' },
        null,
        { kind: 'text', text: '3' },
        null,
        { kind: 'bool', value: false },
        { kind: 'option', index: 5 }, // channel has two options
        { kind: 'other', text: 'Mars' },
        { kind: 'options', indexes: [2, 0, 2, 9, 1], other: 'x' }, // no Other, max 2
        { kind: 'text', text: 'secret' }, // unsupported: never holds a value
        { kind: 'text', text: 'an extra field' },
      ],
    }
    expect(normalizeDraft(spec, stale)).toEqual({
      index: 0,
      values: [
        null,
        { kind: 'text', text: 'a@b.co' },
        null,
        { kind: 'text', text: '3' },
        null,
        { kind: 'bool', value: false },
        null,
        { kind: 'other', text: 'Mars' },
        { kind: 'options', indexes: [0, 1], other: null },
        null,
      ],
    })
  })

  it('keeps a question draft at its review step and drops options that are gone', () => {
    const form = questionsToForm(questions)
    const saved: FormDraft = {
      index: 2,
      values: [
        { kind: 'option', index: 1 },
        { kind: 'options', indexes: [0, 3], other: 'BSD' },
      ],
    }
    expect(normalizeDraft(form, saved)).toEqual({
      index: 2,
      values: [
        { kind: 'option', index: 1 },
        { kind: 'options', indexes: [0], other: 'BSD' },
      ],
    })
  })
})
