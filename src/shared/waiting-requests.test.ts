import { describe, expect, it } from 'vitest'
import type { BridgeEvent } from './bridge'
import type { PendingInteraction } from './interactions'
import { applyWaitingEvent, NO_WAITING_REQUESTS, waitingCount } from './waiting-requests'

const added = (sessionId: string, requestId: string): BridgeEvent => ({
  type: 'interaction_added',
  sessionId,
  interaction: { requestId, sessionId } as PendingInteraction,
})
const settled = (sessionId: string, requestId: string): BridgeEvent => ({
  type: 'interaction_settled',
  sessionId,
  requestId,
  outcome: 'answered',
})

const run = (events: BridgeEvent[]) => events.reduce(applyWaitingEvent, NO_WAITING_REQUESTS)

describe('waiting requests', () => {
  it('counts every request added and not yet settled, over all sessions', () => {
    expect(waitingCount(run([added('a', 'r1'), added('b', 'r2'), added('a', 'r3')]))).toBe(3)
    expect(waitingCount(run([added('a', 'r1'), added('b', 'r2'), settled('a', 'r1')]))).toBe(1)
  })

  it('counts a request shown again (an update, a reload) once', () => {
    expect(waitingCount(run([added('a', 'r1'), added('a', 'r1')]))).toBe(1)
  })

  it("drops a removed session's requests", () => {
    const removed: BridgeEvent = { type: 'session_changed', sessionId: 'a', session: null }
    expect(waitingCount(run([added('a', 'r1'), added('b', 'r2'), removed]))).toBe(1)
  })

  it('returns the same object for events that change nothing', () => {
    const waiting = run([added('a', 'r1')])
    expect(applyWaitingEvent(waiting, settled('a', 'unknown'))).toBe(waiting)
    expect(applyWaitingEvent(waiting, added('a', 'r1'))).toBe(waiting)
    expect(applyWaitingEvent(waiting, { type: 'turn_started', sessionId: 'a', turnId: 't' })).toBe(
      waiting,
    )
  })
})
