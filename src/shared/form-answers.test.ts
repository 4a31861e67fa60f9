import { describe, expect, it } from 'vitest'
import {
  FORM_MESSAGES,
  canAccept,
  contentErrors,
  draftErrors,
  formContent,
  questionAnswers,
  reviewRows,
} from './form-answers'
import type { FormDraft, FormField, FormSpec } from './form-schema'
import {
  chooseOther,
  initialDraft,
  next,
  pickOption,
  questionsToForm,
  setOtherText,
  setText,
  toggleOption,
  toggleOther,
  type PresetQuestion,
} from './form-state'
import { LIMITS } from './limits'
import { everyFieldForm } from './testing/form-fixtures'

const spec = everyFieldForm()
const at = (key: string) => spec.fields.findIndex((f) => f.key === key)

/** The fixture filled in correctly. */
function filled(): FormDraft {
  let draft = initialDraft(spec)
  draft = setText(spec, draft, at('name'), 'parley')
  draft = setText(spec, draft, at('email'), 'dev@example.com')
  draft = pickOption(spec, draft, at('channel'), 1)
  draft = toggleOption(spec, draft, at('targets'), 0)
  draft = toggleOption(spec, draft, at('targets'), 2)
  return draft
}

const one = (field: FormField): FormSpec => ({ message: '', fields: [field] })

describe('form answers: content', () => {
  it('sends option values, numbers as numbers, defaults, and leaves empty optional fields out', () => {
    expect(formContent(spec, filled())).toEqual({
      ok: true,
      content: {
        name: 'parley',
        email: 'dev@example.com',
        workers: 4,
        notify: true,
        channel: 'beta',
        targets: ['linux', 'win'],
      },
    })
  })

  it('sends "Other" text under the schema\'s companion key and not the choice', () => {
    const draft = setOtherText(spec, filled(), at('region'), '  Mars  ')
    const result = formContent(spec, draft)
    expect(result.ok && result.content).toMatchObject({ region_custom: 'Mars' })
    expect(result.ok && 'region' in result.content).toBe(false)
  })

  it('sends the optional number once it reads as one, half-typed numbers never', () => {
    const typed = setText(spec, filled(), at('ratio'), '.5')
    expect(formContent(spec, typed)).toMatchObject({ ok: true, content: { ratio: 0.5 } })
    for (const text of ['-', '0.x', '1e']) {
      const half = setText(spec, filled(), at('ratio'), text)
      expect(formContent(spec, half)).toEqual({
        ok: false,
        errors: { ratio: FORM_MESSAGES.number },
      })
    }
  })

  it('sends a required checkbox nobody touched as unticked, an optional one not at all', () => {
    const boolean = (required: boolean): FormField => ({
      type: 'boolean',
      key: 'b',
      title: 'B',
      required,
    })
    const required = one(boolean(true))
    const optional = one(boolean(false))
    expect(formContent(required, initialDraft(required))).toEqual({
      ok: true,
      content: { b: false },
    })
    expect(formContent(optional, initialDraft(optional))).toEqual({ ok: true, content: {} })
  })
})

describe('form answers: each problem at its field', () => {
  it('names every required field that is empty', () => {
    const result = formContent(spec, initialDraft(spec))
    expect(result).toEqual({
      ok: false,
      errors: {
        name: FORM_MESSAGES.requiredText,
        email: FORM_MESSAGES.requiredText,
        channel: FORM_MESSAGES.requiredChoice,
        targets: FORM_MESSAGES.requiredMulti,
      },
    })
  })

  it('counts length in characters, not UTF-16 units', () => {
    const tooShort = setText(spec, filled(), at('name'), '😀😀')
    expect(draftErrors(spec, tooShort)).toEqual({ name: FORM_MESSAGES.minLength(3, 2) })
    const fits = setText(spec, filled(), at('name'), '😀'.repeat(20))
    expect(draftErrors(spec, fits)).toEqual({})
    const tooLong = setText(spec, filled(), at('name'), 'a'.repeat(21))
    expect(draftErrors(spec, tooLong)).toEqual({ name: FORM_MESSAGES.maxLength(20, 21) })
  })

  it('checks email and date formats', () => {
    let draft = setText(spec, filled(), at('email'), 'not an address')
    draft = setText(spec, draft, at('when'), '2025-02-30')
    expect(draftErrors(spec, draft)).toEqual({
      email: FORM_MESSAGES.email,
      when: FORM_MESSAGES.date,
    })
  })

  it('checks uri and date-time formats', () => {
    const uri = one({ type: 'text', key: 'u', title: 'U', required: true, format: 'uri' })
    expect(draftErrors(uri, setText(uri, initialDraft(uri), 0, 'example.com'))).toEqual({
      u: FORM_MESSAGES.uri,
    })
    const dt = one({ type: 'text', key: 't', title: 'T', required: true, format: 'date-time' })
    expect(draftErrors(dt, setText(dt, initialDraft(dt), 0, '2025-01-31 10:00'))).toEqual({
      t: FORM_MESSAGES.dateTime,
    })
    expect(draftErrors(dt, setText(dt, initialDraft(dt), 0, '2025-01-31T10:00:00Z'))).toEqual({})
  })

  it("never runs the peer's pattern: text that breaks it is still sent", () => {
    const draft = setText(spec, filled(), at('name'), 'Has Spaces')
    expect(formContent(spec, draft)).toMatchObject({ ok: true, content: { name: 'Has Spaces' } })
  })

  it('checks whole numbers and bounds', () => {
    const workers = at('workers')
    expect(draftErrors(spec, setText(spec, filled(), workers, '2.5'))).toEqual({
      workers: FORM_MESSAGES.integer,
    })
    expect(draftErrors(spec, setText(spec, filled(), workers, '0'))).toEqual({
      workers: FORM_MESSAGES.minimum(1),
    })
    expect(draftErrors(spec, setText(spec, filled(), workers, '17'))).toEqual({
      workers: FORM_MESSAGES.maximum(16),
    })
    expect(draftErrors(spec, setText(spec, filled(), workers, '-'))).toEqual({
      workers: FORM_MESSAGES.integer,
    })
    expect(draftErrors(spec, setText(spec, filled(), workers, '1e1'))).toEqual({})
  })

  it('checks minItems on a multi-select', () => {
    const multi = one({
      type: 'multi',
      key: 'm',
      title: 'M',
      required: false,
      other: false,
      minItems: 2,
      options: [
        { value: 'a', label: 'A' },
        { value: 'b', label: 'B' },
      ],
    })
    const draft = toggleOption(multi, initialDraft(multi), 0, 0)
    expect(draftErrors(multi, draft)).toEqual({ m: FORM_MESSAGES.minItems(2) })
    expect(draftErrors(multi, initialDraft(multi))).toEqual({})
  })

  it('says an empty "Other" for a required choice needs text', () => {
    const choice = one({
      type: 'choice',
      key: 'c',
      title: 'C',
      required: true,
      other: true,
      otherKey: 'c_custom',
      options: [{ value: 'a', label: 'A' }],
    })
    const draft = chooseOther(choice, initialDraft(choice), 0)
    expect(draftErrors(choice, draft)).toEqual({ c: FORM_MESSAGES.otherEmpty })
    expect(formContent(choice, setOtherText(choice, draft, 0, 'own'))).toEqual({
      ok: true,
      content: { c_custom: 'own' },
    })
  })

  it('refuses to accept a form with a required field Parley cannot show, saying why', () => {
    const blocked: FormSpec = {
      message: '',
      fields: [
        {
          type: 'unsupported',
          key: 'pw',
          title: 'Password',
          required: true,
          reason: 'No secrets.',
        },
      ],
    }
    expect(canAccept(blocked)).toBe(false)
    expect(canAccept(spec)).toBe(true)
    expect(formContent(blocked, initialDraft(blocked))).toEqual({
      ok: false,
      errors: { pw: FORM_MESSAGES.blocked('No secrets.') },
    })
  })

  it('keeps the whole response under the size bound, blaming the biggest answer', () => {
    const fields: FormField[] = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => ({
      type: 'text',
      key: `t${i}`,
      title: `T${i}`,
      required: false,
    }))
    const big: FormSpec = { message: '', fields }
    let draft = initialDraft(big)
    fields.forEach((_, i) => {
      draft = setText(big, draft, i, 'x'.repeat(i === 5 ? LIMITS.formString : 8_000))
    })
    expect(formContent(big, draft)).toEqual({ ok: false, errors: { t5: FORM_MESSAGES.tooBig } })
    draft = setText(big, draft, 5, 'short')
    expect(formContent(big, draft).ok).toBe(true)
  })
})

describe('form answers: checking content a UI sends', () => {
  it('finds unknown keys, wrong types, values that are not options, and unsupported fields', () => {
    expect(
      contentErrors(spec, {
        name: 'parley',
        email: 'dev@example.com',
        workers: '4',
        channel: 'nightly',
        targets: ['linux', 'linux'],
        api_token: 'hunter2',
        extra: true,
      }),
    ).toEqual({
      workers: FORM_MESSAGES.number,
      channel: FORM_MESSAGES.notAnOption,
      targets: FORM_MESSAGES.notAnOption,
      api_token: FORM_MESSAGES.notSent,
      extra: FORM_MESSAGES.unknownKey,
    })
  })

  it('finds item counts over maxItems and empty own words under a companion key', () => {
    const content = formContent(spec, filled())
    if (!content.ok) throw new Error('fixture should be valid')
    expect(
      contentErrors(spec, {
        ...content.content,
        targets: ['linux', 'mac', 'win'],
        region_custom: ' ',
      }),
    ).toEqual({ targets: FORM_MESSAGES.maxItems(2), region: FORM_MESSAGES.otherEmpty })
  })
})

describe('form answers: AskUserQuestion', () => {
  const questions: PresetQuestion[] = [
    { question: 'Which database?', options: [{ label: 'Postgres' }, { label: 'SQLite' }] },
    {
      question: 'Which targets?',
      multiSelect: true,
      options: [{ label: 'Linux' }, { label: 'macOS' }],
    },
    { question: 'Add CI?', options: [{ label: 'Yes' }, { label: 'No' }] },
  ]
  const form = questionsToForm(questions)

  it('answers a label, a list of labels with "Other" last, and null for a skipped question', () => {
    let draft = pickOption(form, initialDraft(form), 0, 1)
    draft = toggleOption(form, draft, 1, 1)
    draft = toggleOption(form, draft, 1, 0)
    draft = setOtherText(form, draft, 1, ' BSD ')
    draft = next(form, next(form, next(form, draft)))
    expect(questionAnswers(questions, draft)).toEqual(['SQLite', ['Linux', 'macOS', 'BSD'], null])
  })

  it('answers "Other" text for a single choice, and null for an empty "Other" or empty list', () => {
    let draft = setOtherText(form, initialDraft(form), 0, ' Mongo ')
    draft = toggleOther(form, draft, 1)
    draft = chooseOther(form, draft, 2)
    expect(questionAnswers(questions, draft)).toEqual(['Mongo', null, null])
  })

  it('lists review rows with the answer in words and counts the unanswered', () => {
    let draft = pickOption(form, initialDraft(form), 0, 0)
    draft = toggleOption(form, draft, 1, 0)
    draft = setOtherText(form, draft, 1, 'BSD')
    expect(reviewRows(form, draft)).toEqual({
      rows: [
        { field: 0, title: 'Which database?', answer: 'Postgres' },
        { field: 1, title: 'Which targets?', answer: 'Linux, BSD' },
        { field: 2, title: 'Add CI?', answer: null },
      ],
      unanswered: 1,
    })
  })

  it("says a form's answers in words for its review rows", () => {
    const rows = reviewRows(spec, setOtherText(spec, filled(), at('region'), 'Mars')).rows
    expect(Object.fromEntries(rows.map((r) => [r.title, r.answer]))).toEqual({
      'Project name': 'parley',
      'Contact email': 'dev@example.com',
      'Release date': null,
      Workers: '4',
      'Sample ratio': null,
      'Notify the team': 'Yes',
      Channel: 'Beta',
      Region: 'Mars',
      Targets: 'Linux, Windows',
      'API token': null,
    })
  })
})
