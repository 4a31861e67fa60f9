import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { compileValidator } from './compiled-validator'
import { BridgeEventSchema } from './bridge'
import { SessionEventSchema } from './session-events'

const id = fc.stringMatching(/^[A-Za-z0-9_.:-]{1,24}$/)
const at = fc.oneof(fc.integer({ min: 0 }), fc.double({ noNaN: true, noDefaultInfinity: true }))
const step = fc.nat({ max: 60 })
const json = fc.jsonValue({ maxDepth: 3 })
const mode = fc.constantFrom('explore', 'ask', 'execute', 'bypass')
const option = fc.record(
  { label: fc.string({ minLength: 1, maxLength: 12 }), description: fc.string() },
  { requiredKeys: ['label'] },
)
const question = fc.record({
  question: fc.string({ minLength: 1, maxLength: 40 }),
  options: fc.array(option, { minLength: 1, maxLength: 4 }),
})

/** Records of every kind, mostly valid (a few break the questions' own refinements). */
const record = fc.oneof(
  fc.record({
    type: fc.constant('session'),
    v: fc.constant(1),
    id,
    createdAt: at,
    title: fc.string(),
    workspace: fc.string(),
    backend: fc.string(),
    mode,
  }),
  fc.record(
    { type: fc.constant('session_update'), at, title: fc.string(), mode },
    { requiredKeys: ['type', 'at'] },
  ),
  fc.record({ type: fc.constant('user_message'), at, turnId: id, text: fc.string() }),
  fc.record({ type: fc.constant('assistant_text'), at, turnId: id, step, text: fc.string() }),
  fc.record({
    type: fc.constant('tool_call'),
    at,
    turnId: id,
    step,
    toolCallId: id,
    tool: fc.string(),
    input: json,
  }),
  fc.record(
    {
      type: fc.constant('tool_result'),
      at,
      turnId: id,
      toolCallId: id,
      tool: fc.string(),
      output: json,
      isError: fc.boolean(),
      synthetic: fc.boolean(),
    },
    { requiredKeys: ['type', 'at', 'turnId', 'toolCallId', 'tool', 'output', 'isError'] },
  ),
  fc.record({
    type: fc.constant('permission_request'),
    at,
    turnId: id,
    requestId: id,
    toolCallId: id,
    tool: fc.string(),
    summary: fc.string(),
    detail: fc.string(),
    risk: fc.constantFrom('low', 'medium', 'high'),
    intent: fc.string(),
    inputHash: fc.string(),
    expiresAt: fc.option(at, { nil: null }),
  }),
  fc.record({
    type: fc.constant('permission_decision'),
    at,
    turnId: id,
    requestId: fc.option(id, { nil: null }),
    toolCallId: id,
    decision: fc.constantFrom('allow', 'deny'),
    reason: fc.constantFrom('user', 'remembered', 'timed_out', 'headless', 'stopped'),
    remember: fc.boolean(),
  }),
  fc.record({
    type: fc.constant('user_question_request'),
    at,
    turnId: id,
    requestId: id,
    toolCallId: id,
    questions: fc.array(question, { maxLength: 3 }),
  }),
  fc.record(
    {
      type: fc.constant('turn_end'),
      at,
      turnId: id,
      reason: fc.constantFrom('completed', 'stopped', 'aborted', 'error', 'interrupted'),
      error: fc.string(),
      errorKind: fc.constantFrom('auth', 'network', 'other'),
      errorDetail: fc.string(),
    },
    { requiredKeys: ['type', 'at', 'turnId', 'reason'] },
  ),
)

/** A value a broken or hostile log line might hold instead of a field's proper value. */
const wrongValue = fc.oneof(
  fc.anything({ maxDepth: 2 }),
  fc.constantFrom('', 'has space', 'x'.repeat(129), -1, 1.5, 2 ** 60, null, [], {}, 'other'),
)

/** One record broken in one place: a field removed, replaced or added, or the type changed. */
const corrupted = fc
  .tuple(record, fc.nat(), wrongValue, fc.constantFrom('drop', 'replace', 'add', 'retag'))
  .map(([value, n, wrong, how]) => {
    const copy: Record<string, unknown> = { ...value }
    const keys = Object.keys(copy)
    const key = keys[n % keys.length] ?? 'type'
    if (how === 'drop') delete copy[key]
    else if (how === 'replace') copy[key] = wrong
    else if (how === 'add') copy[`extra${n % 3}`] = wrong
    else copy.type = keys[n % keys.length] ?? 'nonsense'
    return copy
  })

function sameAnswer(schema: z.ZodType, value: unknown) {
  const expected = schema.safeParse(value)
  const actual = compileValidator(schema)(value)
  expect(actual.success).toBe(expected.success)
  if (actual.success && expected.success) expect(actual.data).toEqual(expected.data)
}

describe('the compiled validator', () => {
  const check = compileValidator(SessionEventSchema)
  const same = (value: unknown) => {
    const expected = SessionEventSchema.safeParse(value)
    const actual = check(value)
    expect(actual.success).toBe(expected.success)
    if (actual.success && expected.success) expect(actual.data).toEqual(expected.data)
  }

  it('accepts and rejects log records exactly as the zod schema does, valid or corrupted', () => {
    fc.assert(fc.property(record, same), { numRuns: 3_000 })
    fc.assert(fc.property(corrupted, same), { numRuns: 5_000 })
  })

  it('agrees with zod on records that went through JSON, as they come out of a log', () => {
    fc.assert(
      fc.property(fc.oneof(record, corrupted), (value) => {
        const line = JSON.stringify(value)
        same(JSON.parse(line))
      }),
      { numRuns: 3_000 },
    )
  })

  it('agrees with zod on arbitrary values that are not records at all', () => {
    fc.assert(fc.property(fc.anything({ maxDepth: 3 }), same), { numRuns: 2_000 })
  })

  it('gives the data zod gives where zod transforms it (trimmed question text)', () => {
    const value = {
      type: 'user_question_request',
      at: 1,
      turnId: 't1',
      requestId: 'r1',
      toolCallId: 'c1',
      questions: [{ question: '  Which?  ', options: [{ label: ' a ' }, { label: 'b' }] }],
    }
    const checked = check(value)
    expect(checked).toEqual({ success: true, data: SessionEventSchema.parse(value) })
    if (checked.success && checked.data.type === 'user_question_request')
      expect(checked.data.questions[0]?.question).toBe('Which?')
  })

  it('keeps zod’s answer for a JSON object with an own __proto__ key', () => {
    same(
      JSON.parse(
        '{"type":"tool_call","at":1,"turnId":"t","step":0,"toolCallId":"c","tool":"x","input":{"__proto__":{"a":1},"b":2}}',
      ),
    )
  })

  it('agrees with zod on live bridge events, valid or not', () => {
    const delta = fc.record({
      type: fc.constant('text_delta'),
      sessionId: id,
      turnId: id,
      step,
      text: fc.string(),
    })
    fc.assert(
      fc.property(
        fc.oneof(
          delta,
          record.map((event) => ({ type: 'session_event', sessionId: 's1', event })),
          corrupted.map((event) => ({ type: 'session_event', sessionId: 's1', event })),
        ),
        (value) => sameAnswer(BridgeEventSchema, value),
      ),
      { numRuns: 1_000 },
    )
  })
})
