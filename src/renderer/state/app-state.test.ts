import { describe, expect, it } from 'vitest'
import { fakeSession } from '../testing/fake-bridge'
import { formRequest, permissionRequest, questionRequest } from '../testing/fixtures'
import {
  INITIAL_STATE,
  bridgeEventArrived,
  composerDraftChanged,
  formDraftChanged,
  needsInput,
  pendingListed,
  queueOf,
  requestSettled,
  selectSession,
  sessionChanged,
  sessionOpened,
  sessionsListed,
  olderEventsLoaded,
} from './app-state'
import type { LogNotice, PendingInteraction, SessionEvent, SessionSummary } from '../../shared'
import { syntheticLog } from '../../main/runtime/sessions/testing/synthetic-log'
import { pageOfEvents } from '../../shared/event-pages'

/** What openSession answers for a session with no records. */
function opened(
  session: SessionSummary,
  pending: PendingInteraction[] = [],
  page: { events?: SessionEvent[]; start?: number; notices?: LogNotice[] } = {},
) {
  return {
    session,
    pending,
    events: page.events ?? [],
    start: page.start ?? 0,
    notices: page.notices ?? [],
  }
}

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

  it('restores the saved question and form drafts when a session is opened', () => {
    const q = questionRequest({
      draft: { index: 1, values: [{ kind: 'option', index: 1 }, null, null] },
    })
    const f = formRequest({ draft: { index: 0, values: [{ kind: 'text', text: 'half' }] } })
    const s = sessionOpened(INITIAL_STATE, opened(fakeSession('s1'), [q, f]))
    expect(s.formDrafts).toEqual({ q1: q.draft, f1: f.draft })
    expect(queueOf(s, 's1')).toEqual([q, f])
  })

  it('keeps a draft changed on screen until its request settles, then forgets it', () => {
    const f = formRequest()
    let s = sessionOpened(INITIAL_STATE, opened(fakeSession('s1'), [f]))
    const draft = { index: 0, values: [{ kind: 'text' as const, text: 'typed' }] }
    s = formDraftChanged(s, 'f1', draft)
    expect(formDraftChanged(s, 'f1', draft)).toBe(s)
    // A re-read of the queue does not put the older saved draft back over it.
    s = pendingListed(s, 's1', [formRequest({ draft: { index: 0, values: [] } })])
    expect(s.formDrafts.f1).toBe(draft)
    s = requestSettled(s, 's1', 'f1')
    expect(s.formDrafts).toEqual({})
  })

  it('marks a session running from turn_started until its turn ends', () => {
    let s = sessionOpened(INITIAL_STATE, opened(fakeSession('s1')))
    s = bridgeEventArrived(s, { type: 'turn_started', sessionId: 's1', turnId: 't1' })
    expect(s.sessions[0]?.running).toBe(true)
    s = bridgeEventArrived(s, {
      type: 'session_event',
      sessionId: 's1',
      event: { type: 'turn_end', at: 5, turnId: 't1', reason: 'completed' },
    })
    expect(s.sessions[0]?.running).toBe(false)
  })

  it('knows a session whose last turn failed, from its records or live, until a new turn starts', () => {
    const failed = { type: 'turn_end', at: 5, turnId: 't1', reason: 'error' } as const
    let s = sessionOpened(INITIAL_STATE, opened(fakeSession('s1'), [], { events: [failed] }))
    expect(s.failedTurns).toEqual({ s1: true })
    s = bridgeEventArrived(s, { type: 'turn_started', sessionId: 's1', turnId: 't2' })
    expect(s.failedTurns).toEqual({})
    // A session never opened here: its live records tell.
    s = bridgeEventArrived(s, {
      type: 'session_event',
      sessionId: 's2',
      event: { ...failed, turnId: 't9' },
    })
    expect(s.failedTurns).toEqual({ s2: true })
    const same = bridgeEventArrived(s, {
      type: 'session_event',
      sessionId: 's2',
      event: { ...failed, turnId: 't9' },
    })
    expect(same.failedTurns).toBe(s.failedTurns)
  })

  it('knows from the session list which sessions ended their last turn failed, opened here or not', () => {
    const s = sessionsListed(INITIAL_STATE, [
      { ...fakeSession('s1'), lastTurnFailed: true },
      fakeSession('s2'),
    ])
    expect(s.failedTurns).toEqual({ s1: true })
    // The list again (a reconnect): what the runtime says now wins.
    expect(sessionsListed(s, [fakeSession('s1'), fakeSession('s2')]).failedTurns).toEqual({})
  })

  it('updates transcripts only of sessions it has loaded', () => {
    const s = sessionOpened(INITIAL_STATE, opened(fakeSession('s1')))
    const event = {
      type: 'text_delta',
      sessionId: 'other',
      turnId: 't1',
      step: 0,
      text: 'x',
    } as const
    expect(bridgeEventArrived(s, event)).toBe(s)
  })

  it('holds a retry while the model is tried again, and forgets it once anything arrives', () => {
    let s = sessionsListed(INITIAL_STATE, [fakeSession('s1')])
    s = bridgeEventArrived(s, {
      type: 'turn_retrying',
      sessionId: 's1',
      turnId: 't1',
      attempt: 2,
      maxAttempts: 3,
      retryInMs: 1_000,
      message: 'The server is busy.',
    })
    expect(s.retrying.s1).toMatchObject({ attempt: 2, maxAttempts: 3 })
    const unchanged = bridgeEventArrived(s, { type: 'turn_started', sessionId: 's2', turnId: 'x' })
    expect(unchanged.retrying).toBe(s.retrying)
    s = bridgeEventArrived(s, {
      type: 'session_event',
      sessionId: 's1',
      event: { type: 'turn_end', at: 1, turnId: 't1', reason: 'error', error: 'gone' },
    })
    expect(s.retrying).toEqual({})
  })

  it('shows the log notices of an opened session as rows after its history', () => {
    const s = sessionOpened(
      INITIAL_STATE,
      opened(fakeSession('s1'), [], {
        events: syntheticLog(1),
        notices: [{ offset: 120, message: 'skipped a malformed record at byte 120' }],
      }),
    )
    const items = s.transcripts.s1?.items ?? []
    expect(items.at(-1)).toMatchObject({
      kind: 'notice',
      text: 'Log notice: skipped a malformed record at byte 120',
    })
  })

  it('puts older pages in front of the rows shown, and ignores a page that no longer fits', () => {
    const log = syntheticLog(20)
    const tail = pageOfEvents(log, { limit: 10 })
    let s = sessionOpened(INITIAL_STATE, opened(fakeSession('s1'), [], tail))
    const shown = s.transcripts.s1?.items ?? []
    const older = pageOfEvents(log, { before: tail.start, limit: 500 })
    expect(older.start).toBe(0)
    const stale = olderEventsLoaded(s, 's1', { ...older, before: tail.start + 1 })
    expect(stale).toBe(s)
    s = olderEventsLoaded(s, 's1', { ...older, before: tail.start })
    const whole = sessionOpened(INITIAL_STATE, opened(fakeSession('s1'), [], { events: log }))
    expect(s.transcripts.s1?.items).toEqual(whole.transcripts.s1?.items)
    expect(s.transcripts.s1?.items.slice(-shown.length)).toEqual(shown)
    expect(s.transcripts.s1?.start).toBe(0)
  })
})
