import { describe, expect, it } from 'vitest'
import { AskerGoneError } from '../interactions/asker'
import { PendingRequests } from './pending-requests'

function inbound() {
  const request = new AbortController()
  const connection = new AbortController()
  return { request, connection, rpc: { rpcId: 1, signal: request.signal } }
}

describe('pending agent requests', () => {
  it('sends exactly one answer: the first of the person’s answer and the end of the turn wins', async () => {
    const { connection, rpc } = inbound()
    const pending = new PendingRequests()
    const answered = pending.open(rpc, connection.signal, () => ({ value: 'cancelled' }))
    expect(answered.settle('allow')).toBe(true)
    pending.endAll()
    await expect(answered.result).resolves.toBe('allow')

    const ended = pending.open(rpc, connection.signal, () => ({ value: 'cancelled' }))
    pending.endAll()
    expect(ended.settle('allow')).toBe(false)
    await expect(ended.result).resolves.toBe('cancelled')
    expect(ended.signal.aborted).toBe(true)
    expect(pending.size).toBe(0)
  })

  it('tells a cancellation by the agent from the agent going away', async () => {
    const cancelled = inbound()
    const pending = new PendingRequests()
    const byAgent = pending.open(cancelled.rpc, cancelled.connection.signal, (cause) =>
      cause === 'agent_cancelled' ? { error: new Error('request cancelled') } : { value: 'cancel' },
    )
    cancelled.request.abort()
    await expect(byAgent.result).rejects.toThrow('request cancelled')
    expect(byAgent.signal.reason).not.toBeInstanceOf(AskerGoneError)

    const gone = inbound()
    const orphan = pending.open(gone.rpc, gone.connection.signal, () => ({ value: 'cancel' }))
    gone.connection.abort()
    gone.request.abort()
    await expect(orphan.result).rejects.toBeInstanceOf(AskerGoneError)
    expect(orphan.signal.reason).toBeInstanceOf(AskerGoneError)
  })

  it('lets a claimant act before it answers, and nobody else answer meanwhile', async () => {
    const { connection, rpc } = inbound()
    const pending = new PendingRequests()
    const write = pending.open<string>(rpc, connection.signal, () => ({
      error: new Error('stopped'),
    }))
    expect(write.claim()).toBe(true)
    pending.endAll()
    expect(write.fail(new Error('late'))).toBe(false)
    write.deliver({ value: 'written' })
    await expect(write.result).resolves.toBe('written')
  })
})
