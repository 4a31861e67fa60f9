import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { AskUserQuestionResultSchema } from './ask-user-question'
import { questionResult } from './question-result'

const answer = fc.record({
  question: fc.string(),
  answer: fc.oneof(fc.string(), fc.array(fc.string()), fc.constant(null)),
})
const result = fc.record({ answers: fc.array(answer, { maxLength: 4 }) })

/** Valid results, each possibly spoiled in one of the ways a stored result can be wrong. */
const candidate = fc.oneof(
  result,
  result.map((r) => ({ ...r, extra: 1 })),
  result.map((r) => ({ answers: [...r.answers, { question: 'q' }] })),
  result.map((r) => ({ answers: [...r.answers, { question: 'q', answer: 1 }] })),
  result.map((r) => ({ answers: [...r.answers, { question: 'q', answer: null, more: true }] })),
  result.map((r) => ({ answers: [...r.answers, { question: 2, answer: 'a' }] })),
  result.map((r) => ({ answers: [...r.answers, { question: 'q', answer: ['a', 3] }] })),
  result.map((r) => ({ answers: [...r.answers, ['q', 'a']] })),
  fc.constant({ answers: 'none' }),
  fc.constant([]),
  fc.constant(null),
  fc.string(),
  fc.jsonValue(),
)

describe('questionResult', () => {
  it('accepts and rejects exactly what AskUserQuestionResultSchema does', () => {
    fc.assert(
      fc.property(candidate, (value) => {
        const parsed = AskUserQuestionResultSchema.safeParse(value)
        expect(questionResult(value)).toEqual(parsed.success ? parsed.data : undefined)
      }),
      { numRuns: 2000 },
    )
  })

  it('reads the answers of a stored result', () => {
    const stored = {
      answers: [{ question: 'Which database?', answer: ['SQLite', 'Other: DuckDB'] }],
    }
    expect(questionResult(stored)?.answers[0]?.answer).toEqual(['SQLite', 'Other: DuckDB'])
    expect(questionResult({ answers: [{ question: 'Which?' }] })).toBeUndefined()
  })
})
