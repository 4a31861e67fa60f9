import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { contentErrors, formContent, questionAnswers, reviewRows } from './form-answers'
import {
  FormDraftSchema,
  FormResponseSchema,
  FormSpecSchema,
  type FieldDraft,
  type FormDraft,
  type FormField,
  type FormSpec,
} from './form-schema'
import {
  chooseOther,
  clearField,
  goTo,
  initialDraft,
  next,
  normalizeDraft,
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
import { LIMITS } from './limits'

// Text that exercises the edges: astral characters, whitespace, numbers half-typed, formats.
const piece = fc.constantFrom(
  'a',
  ' ',
  '😀',
  '-',
  '.',
  '1',
  'e',
  '5',
  '@',
  'x.io',
  'https://',
  '2025-01-31',
  'T10:00:00Z',
  '\n',
)
const text = fc.oneof(
  fc.array(piece, { maxLength: 12 }).map((parts) => parts.join('')),
  fc.string({ maxLength: 40 }),
  fc.constantFrom('x'.repeat(LIMITS.formString + 50), '😀'.repeat(6_000)),
)

const options = fc
  .uniqueArray(fc.string({ minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 6 })
  .map((values) => values.map((value) => ({ value, label: value.toUpperCase() })))

const bound = fc.option(fc.integer({ min: 0, max: 8 }), { nil: undefined })

const field = (key: string): fc.Arbitrary<FormField> => {
  const base = { key: fc.constant(key), title: fc.constant(key), required: fc.boolean() }
  return fc.oneof(
    fc.record({
      type: fc.constant('text' as const),
      ...base,
      minLength: bound,
      maxLength: fc.option(fc.integer({ min: 0, max: 30 }), { nil: undefined }),
      format: fc.option(fc.constantFrom('email', 'uri', 'date', 'date-time' as const), {
        nil: undefined,
      }),
    }),
    fc.record({
      type: fc.constant('number' as const),
      ...base,
      integer: fc.boolean(),
      minimum: fc.option(fc.integer({ min: -5, max: 5 }), { nil: undefined }),
      maximum: fc.option(fc.integer({ min: 5, max: 50 }), { nil: undefined }),
    }),
    fc.record({
      type: fc.constant('boolean' as const),
      ...base,
      default: fc.option(fc.boolean(), { nil: undefined }),
    }),
    fc.record({
      type: fc.constant('choice' as const),
      ...base,
      options,
      other: fc.boolean(),
      otherKey: fc.option(fc.constant(`${key}_custom`), { nil: undefined }),
      otherMaxLength: fc.option(fc.integer({ min: 1, max: 20 }), { nil: undefined }),
    }),
    fc.record({
      type: fc.constant('multi' as const),
      ...base,
      options,
      other: fc.boolean(),
      otherKey: fc.option(fc.constant(`${key}_custom`), { nil: undefined }),
      minItems: bound,
      maxItems: fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }),
    }),
    fc.record({
      type: fc.constant('unsupported' as const),
      ...base,
      reason: fc.constant('Not shown.'),
    }),
  )
}

const specArb: fc.Arbitrary<FormSpec> = fc
  .oneof(
    { weight: 4, arbitrary: fc.integer({ min: 1, max: 3 }) },
    { weight: 1, arbitrary: fc.integer({ min: 0, max: LIMITS.formFields }) },
  )
  .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => field(`f${i}`))))
  .chain((fields) =>
    fc.record({
      message: fc.constant('Form'),
      fields: fc.constant(fields),
      layout: fc.constantFrom('form' as const, 'questions' as const, undefined),
    }),
  )
  // exactOptionalPropertyTypes: drop the keys fast-check set to undefined.
  .map((spec) => JSON.parse(JSON.stringify(spec)) as FormSpec)

type Op = (spec: FormSpec, draft: FormDraft) => FormDraft

// Mostly a field of the spec at hand (an index modulo its length), sometimes one out of range.
const fieldIndex = fc.oneof(
  { weight: 9, arbitrary: fc.nat(1_000).map((n) => ({ n })) },
  { weight: 1, arbitrary: fc.constantFrom({ n: -1, raw: true }, { n: 25, raw: true }) },
)
const resolve = (spec: FormSpec, pick: { n: number; raw?: boolean }) =>
  pick.raw || spec.fields.length === 0 ? pick.n : pick.n % spec.fields.length

const weighted = (weight: number, arbitrary: fc.Arbitrary<Op>) => ({ weight, arbitrary })
// Likewise an option of that field, sometimes one it does not have.
const option = fieldIndex
const resolveOption = (spec: FormSpec, field: number, pick: { n: number; raw?: boolean }) => {
  const target = spec.fields[field]
  const count = target && 'options' in target ? target.options.length : 0
  return pick.raw || count === 0 ? pick.n : pick.n % count
}
const opArb: fc.Arbitrary<Op> = fc.oneof(
  weighted(
    3,
    fc.tuple(fieldIndex, option).map(
      ([f, o]): Op =>
        (s, d) =>
          pickOption(s, d, resolve(s, f), resolveOption(s, resolve(s, f), o)),
    ),
  ),
  weighted(
    6,
    fc.tuple(fieldIndex, option).map(
      ([f, o]): Op =>
        (s, d) =>
          toggleOption(s, d, resolve(s, f), resolveOption(s, resolve(s, f), o)),
    ),
  ),
  weighted(
    2,
    fieldIndex.map(
      (f): Op =>
        (s, d) =>
          chooseOther(s, d, resolve(s, f)),
    ),
  ),
  weighted(
    2,
    fieldIndex.map(
      (f): Op =>
        (s, d) =>
          toggleOther(s, d, resolve(s, f)),
    ),
  ),
  weighted(
    3,
    fc.tuple(fieldIndex, text).map(
      ([f, t]): Op =>
        (s, d) =>
          setOtherText(s, d, resolve(s, f), t),
    ),
  ),
  weighted(
    4,
    fc.tuple(fieldIndex, text).map(
      ([f, t]): Op =>
        (s, d) =>
          setText(s, d, resolve(s, f), t),
    ),
  ),
  weighted(
    2,
    fc.tuple(fieldIndex, fc.constantFrom(1 as const, -1 as const)).map(
      ([f, dir]): Op =>
        (s, d) =>
          stepNumber(s, d, resolve(s, f), dir),
    ),
  ),
  weighted(
    1,
    fc.tuple(fieldIndex, fc.boolean()).map(
      ([f, v]): Op =>
        (s, d) =>
          setBoolean(s, d, resolve(s, f), v),
    ),
  ),
  weighted(
    1,
    fieldIndex.map(
      (f): Op =>
        (s, d) =>
          toggleBoolean(s, d, resolve(s, f)),
    ),
  ),
  weighted(
    1,
    fieldIndex.map(
      (f): Op =>
        (s, d) =>
          clearField(s, d, resolve(s, f)),
    ),
  ),
  weighted(
    1,
    fc.constant<Op>((s, d) => next(s, d)),
  ),
  weighted(
    1,
    fc.constant<Op>((s, d) => previous(s, d)),
  ),
  weighted(
    1,
    fc.constant<Op>((s, d) => review(s, d)),
  ),
  weighted(
    1,
    fc.integer({ min: -3, max: 25 }).map(
      (p): Op =>
        (s, d) =>
          goTo(s, d, p),
    ),
  ),
)

const fieldDraftArb: fc.Arbitrary<FieldDraft | null> = fc.oneof(
  fc.constant(null),
  fc.record({ kind: fc.constant('option' as const), index: fc.nat(60) }),
  fc.record({ kind: fc.constant('other' as const), text }),
  fc.constant({ kind: 'skipped' as const }),
  fc.record({
    kind: fc.constant('options' as const),
    indexes: fc.array(fc.nat(60), { maxLength: LIMITS.formOptions }),
    other: fc.option(text, { nil: null }),
  }),
  fc.record({ kind: fc.constant('text' as const), text }),
  fc.record({ kind: fc.constant('bool' as const), value: fc.boolean() }),
)

function expectSendable(spec: FormSpec, draft: FormDraft) {
  const result = formContent(spec, draft)
  const keys = new Set(spec.fields.map((f) => f.key))
  if (result.ok) {
    expect(contentErrors(spec, result.content)).toEqual({})
    const response = { action: 'accept' as const, content: result.content }
    expect(FormResponseSchema.safeParse(response).success).toBe(true)
    expect(new TextEncoder().encode(JSON.stringify(response)).length).toBeLessThanOrEqual(
      LIMITS.formResponseBytes,
    )
  } else {
    // Every problem is said at a field the person can see.
    for (const key of Object.keys(result.errors)) expect(keys.has(key)).toBe(true)
  }
}

describe('form state: properties', () => {
  it('keeps any sequence of operations within the spec, and ok content passes the spec', () => {
    fc.assert(
      fc.property(specArb, fc.array(opArb, { maxLength: 40 }), (spec, ops) => {
        expect(FormSpecSchema.safeParse(spec).success).toBe(true)
        let draft = initialDraft(spec)
        for (const op of ops) {
          draft = op(spec, draft)
          expect(FormDraftSchema.safeParse(draft).success).toBe(true)
          // Already fitted to the spec: normalizing is the identity.
          expect(normalizeDraft(spec, draft)).toBe(draft)
          expectSendable(spec, draft)
          expect(reviewRows(spec, draft).rows).toHaveLength(spec.fields.length)
        }
      }),
      { numRuns: 300 },
    )
  })

  it('fits any saved draft to the spec once and for all', () => {
    fc.assert(
      fc.property(
        specArb,
        fc.record({
          index: fc.nat(LIMITS.formFields),
          values: fc.array(fieldDraftArb, { maxLength: LIMITS.formFields }),
        }),
        (spec, saved) => {
          const fitted = normalizeDraft(spec, saved)
          expect(FormDraftSchema.safeParse(fitted).success).toBe(true)
          expect(fitted.values).toHaveLength(spec.fields.length)
          expect(normalizeDraft(spec, fitted)).toBe(fitted)
          expectSendable(spec, fitted)
        },
      ),
      { numRuns: 300 },
    )
  })

  it('answers AskUserQuestion with a label, text or list that the tool result can carry', () => {
    const question = fc.record({
      question: fc.string({ minLength: 1, maxLength: 20 }),
      options: fc
        .uniqueArray(fc.stringMatching(/^[a-z]{1,6}$/), { minLength: 2, maxLength: 3 })
        .map((labels) => labels.map((label) => ({ label }))),
      multiSelect: fc.constantFrom(true as const, undefined),
    })
    fc.assert(
      fc.property(
        fc.array(question, { minLength: 1, maxLength: 3 }),
        fc.array(opArb, { maxLength: 25 }),
        (raw, ops) => {
          const questions = JSON.parse(JSON.stringify(raw)) as PresetQuestion[]
          const spec = questionsToForm(questions)
          let draft = initialDraft(spec)
          for (const op of ops) draft = op(spec, draft)
          const answers = questionAnswers(questions, draft)
          expect(answers).toHaveLength(questions.length)
          answers.forEach((answer, i) => {
            if (answer === null) return
            const list = Array.isArray(answer) ? answer : [answer]
            expect(Array.isArray(answer)).toBe(questions[i]?.multiSelect === true)
            for (const item of list) {
              expect(item.trim()).toBe(item)
              expect(item.length).toBeGreaterThan(0)
              expect(item.length).toBeLessThanOrEqual(LIMITS.answerText)
            }
          })
        },
      ),
      { numRuns: 200 },
    )
  })
})
