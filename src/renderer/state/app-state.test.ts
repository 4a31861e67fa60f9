import { describe, expect, it } from 'vitest'
import { fakeSession } from '../test/fake-bridge'
import { permissionRequest, questionRequest } from '../test/fixtures'
import {
  INITIAL_STATE,
  bridgeEventArrived,
  composerDraftChanged,
  needsInput,
  pendingListed,
  queueOf,
  selectSession,
  sessionChanged,
  sessionOpened,
  sessionsListed,
} from './app-state'

describe('app state', () => {
  it('lists sessions newest first and re-sorts when one changes', () => {
    let s = sessionsListed(INITIAL_STATE, [
      fakeSession('a', { updatedAt: 1 }),
      fakeSession('b', { updatedAt: 3 }),
      fakeSession('c', { updatedAt: 2 }),
    ])
    expect(s.sessions.map((x) => x.id)).toEqual(['b', 'c', 'a'])
    s = sessionChanged(s, 'a', fakeSession('a', { updatedAt: 9 }))
    expect(s.sessions.map((x) => x.id)).toEqual(['a', 'b', 'c'])
  })

  it('forgets a removed session and stops showing it', () => {
    let s = selectSession(sessionsListed(INITIAL_STATE, [fakeSession('a')]), 'a')
    s = bridgeEventArrived(s, { type: 'session_changed', sessionId: 'a', session: null })
    expect(s.sessions).toEqual([])
    expect(s.activeSessionId).toBeNull()
  })

  it('keeps each session its own composer draft across switches', () => {
    let s = sessionsListed(INITIAL_STATE, [fakeSession('a'), fakeSession('b')])
    s = composerDraftChanged(selectSession(s, 'a'), 'a', 'half a thought')
    s = composerDraftChanged(selectSession(s, 'b'), 'b', 'other')
    s = selectSession(s, 'a')
    expect(s.composerDrafts).toEqual({ a: 'half a thought', b: 'other' })
    expect(composerDraftChanged(s, 'a', 'half a thought')).toBe(s)
  })

  it('mirrors the FIFO from live events, de-duplicated, and drops settled requests', () => {
    const p = permissionRequest()
    const q = questionRequest()
    let s = sessionsListed(INITIAL_STATE, [fakeSession('s1')])
    s = bridgeEventArrived(s, { type: 'interaction_added', sessionId: 's1', interaction: p })
    s = bridgeEventArrived(s, { type: 'interaction_added', sessionId: 's1', interaction: q })
    const same = bridgeEventArrived(s, {
      type: 'interaction_added',
      sessionId: 's1',
      interaction: p,
    })
    expect(same.queues).toBe(s.queues)
    expect(queueOf(s, 's1').map((x) => x.requestId)).toEqual(['p1', 'q1'])
    s = bridgeEventArrived(s, {
      type: 'interaction_settled',
      sessionId: 's1',
      requestId: 'p1',
      outcome: 'allowed',
    })
    expect(queueOf(s, 's1').map((x) => x.requestId)).toEqual(['q1'])
  })

  it('marks a session as needing input from its queue, or from its count before the queue is read', () => {
    const waiting = fakeSession('b', { pendingCount: 1 })
    let s = sessionsListed(INITIAL_STATE, [fakeSession('a'), waiting])
    expect(needsInput(s, waiting)).toBe(true)
    expect(needsInput(s, fakeSession('a'))).toBe(false)
    s = pendingListed(s, 'b', [])
    expect(needsInput(s, waiting)).toBe(false)
    s = bridgeEventArrived(s, {
      type: 'interaction_added',
      sessionId: 'a',
      interaction: questionRequest({ sessionId: 'a' }),
    })
    expect(needsInput(s, fakeSession('a'))).toBe(true)
  })

  it('restores the saved question draft when a session is opened', () => {
    const q = questionRequest({
      draft: { index: 1, values: [{ kind: 'option', index: 1 }, null, null] },
    })
    const s = sessionOpened(INITIAL_STATE, fakeSession('s1'), [], [q])
    expect(s.questionDrafts.q1).toEqual({
      index: 1,
      picks: [{ kind: 'option', index: 1 }, null, null],
    })
    expect(queueOf(s, 's1')).toEqual([q])
  })

  it('marks a session running from turn_started until its turn ends', () => {
    let s = sessionOpened(INITIAL_STATE, fakeSession('s1'), [], [])
    s = bridgeEventArrived(s, { type: 'turn_started', sessionId: 's1', turnId: 't1' })
    expect(s.sessions[0]?.running).toBe(true)
    s = bridgeEventArrived(s, {
      type: 'session_event',
      sessionId: 's1',
      event: { type: 'turn_end', at: 5, turnId: 't1', reason: 'completed' },
    })
    expect(s.sessions[0]?.running).toBe(false)
  })

  it('updates transcripts only of sessions it has loaded', () => {
    const s = sessionOpened(INITIAL_STATE, fakeSession('s1'), [], [])
    const event = {
      type: 'text_delta',
      sessionId: 'other',
      turnId: 't1',
      step: 0,
      text: 'x',
    } as const
    expect(bridgeEventArrived(s, event)).toBe(s)
  })
})
