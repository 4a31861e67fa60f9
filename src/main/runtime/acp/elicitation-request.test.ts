import { describe, expect, it } from 'vitest'
import { ElicitationParamsSchema, formBody, formResponse } from './elicitation-request'

describe('elicitation requests', () => {
  it('keeps the requested schema exactly as the agent sent it, fields the SDK would refuse included', () => {
    const schema = {
      type: 'object',
      properties: { pw: { type: 'string', format: 'password' }, n: { enumNames: ['x'] } },
    }
    const params = ElicitationParamsSchema.parse({
      sessionId: 's',
      mode: 'form',
      message: 'Hi',
      requestedSchema: schema,
      _meta: { a: 1 },
    })
    expect(formBody(params)).toEqual({
      kind: 'form',
      message: 'Hi',
      requestedSchema: schema,
      mode: 'form',
    })
  })

  it('sends the person’s outcome as it is, a refusal as invalid params, an agent’s own cancel as "request cancelled", and a stopped turn as cancel', () => {
    expect(
      formResponse(
        { kind: 'answered', value: { action: 'accept', content: { a: 1 } } },
        'turn_ended',
      ),
    ).toEqual({ ok: true, response: { action: 'accept', content: { a: 1 } } })
    expect(formResponse({ kind: 'answered', value: { action: 'decline' } }, 'turn_ended')).toEqual({
      ok: true,
      response: { action: 'decline' },
    })
    expect(formResponse({ kind: 'refused', message: 'has a secret' }, 'turn_ended')).toMatchObject({
      ok: false,
      error: { code: -32602, message: 'has a secret' },
    })
    expect(
      formResponse({ kind: 'ended', reason: 'withdrawn' }, 'cancelled_by_agent'),
    ).toMatchObject({ ok: false, error: { code: -32800 } })
    expect(formResponse({ kind: 'ended', reason: 'stopped' }, 'turn_ended')).toEqual({
      ok: true,
      response: { action: 'cancel' },
    })
  })
})
