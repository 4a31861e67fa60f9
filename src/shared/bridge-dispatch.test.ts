import { describe, expect, it } from 'vitest'
import { dispatchBridgeCall, type BridgeHandlers } from './bridge-dispatch'
import { LIMITS } from './limits'

/** A class-based handler set, like the runtime: its methods rely on `this`. */
class Handlers {
  readonly #renamed: string[] = []
  async renameSession({ title }: { sessionId: string; title: string }) {
    this.#renamed.push(title)
    return { ok: true as const }
  }
  async listSessions() {
    throw new Error('boom')
  }
  get renamed() {
    return this.#renamed
  }
}

const handlers = () => new Handlers() as unknown as BridgeHandlers & Handlers

describe('dispatchBridgeCall', () => {
  it('runs a valid call on a class instance with its `this`', async () => {
    const target = handlers()
    expect(
      await dispatchBridgeCall(target, 'renameSession', { sessionId: 's-1', title: 'New name' }),
    ).toEqual({ ok: true })
    expect(target.renamed).toEqual(['New name'])
  })

  it('answers an unknown method, bad input and an oversized payload with typed errors and runs nothing', async () => {
    const target = handlers()
    expect(await dispatchBridgeCall(target, 'toString', {})).toMatchObject({
      ok: false,
      reason: 'unknown_method',
    })
    expect(
      await dispatchBridgeCall(target, 'renameSession', { sessionId: 's-1', title: 7 }),
    ).toMatchObject({
      ok: false,
      reason: 'invalid_input',
    })
    const huge = 'x'.repeat(LIMITS.payloadBytes + 1)
    expect(
      await dispatchBridgeCall(target, 'renameSession', { sessionId: 's-1', title: huge }),
    ).toMatchObject({
      ok: false,
      reason: 'invalid_input',
    })
    expect(target.renamed).toEqual([])
  })

  it('reports a handler that throws as internal instead of crashing', async () => {
    expect(await dispatchBridgeCall(handlers(), 'listSessions', {})).toMatchObject({
      ok: false,
      reason: 'internal',
      message: 'listSessions failed: boom',
    })
  })
})
