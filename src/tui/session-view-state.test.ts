import { describe, expect, test } from 'vitest'
import type { BridgeEvent, SessionSummary } from '../shared/bridge'
import type { QuestionInteraction } from '../shared/interactions'
import { LOADING_VIEW, reduceSessionView, type SessionView } from './session-view-state'

const session: SessionSummary = {
  id: 's1',
  title: 'New session',
  workspace: '/ws',
  mode: 'ask',
  backend: 'fake',
  createdAt: 0,
  updatedAt: 0,
  running: true,
  pendingCount: 1,
}

const pending: QuestionInteraction = {
  kind: 'question',
  requestId: 'q1',
  sessionId: 's1',
  turnId: 't1',
  toolCallId: 'c1',
  source: { kind: 'parley', toolCallId: 'c1' },
  createdAt: 0,
  recovered: true,
  draft: null,
  questions: [{ question: 'Ship?', options: [{ label: 'Yes' }, { label: 'No' }] }],
}

const loaded = (): SessionView =>
  reduceSessionView(LOADING_VIEW, {
    type: 'loaded',
    session,
    events: [{ type: 'user_message', at: 1, turnId: 't1', text: 'hi' }],
    pending: [pending],
    notices: [{ offset: 120, message: 'skipped a malformed line' }],
    at: 1_000,
    created: false,
  })

const events = (view: SessionView, ...list: BridgeEvent[]) =>
  reduceSessionView(view, { type: 'events', events: list, at: 2_000 })

describe('session view', () => {
  test('opening a session shows its history, its log notices and its open requests', () => {
    const view = loaded()
    expect(view.phase).toBe('ready')
    expect(view.running).toBe(true)
    expect(view.queue.map((q) => q.requestId)).toEqual(['q1'])
    expect(view.transcript.items.map((e) => e.kind)).toEqual(['user', 'notice'])
    expect(view.transcript.items[1]).toMatchObject({
      text: 'Log notice: skipped a malformed line',
    })
    // Both are final: printed once.
    expect(view.printed.blocks.map((b) => b.item.kind)).toEqual(['user', 'notice'])
  })

  test('streamed text is redrawn until its step is committed, then printed once', () => {
    const delta = (text: string): BridgeEvent => ({
      type: 'text_delta',
      sessionId: 's1',
      turnId: 't1',
      step: 0,
      text,
    })
    let view = events(loaded(), delta('Hel'), delta('lo'))
    expect(view.transcript.items.at(-1)).toMatchObject({ text: 'Hello', streaming: true })
    expect(view.printed.count).toBe(2)
    view = events(view, {
      type: 'session_event',
      sessionId: 's1',
      event: { type: 'assistant_text', at: 3, turnId: 't1', step: 0, text: 'Hello' },
    })
    expect(view.printed.blocks.map((b) => b.item.kind)).toEqual(['user', 'notice', 'assistant'])
  })

  test('a note from the client is a line of its own', () => {
    const view = reduceSessionView(loaded(), { type: 'note', text: 'Sent.', tone: 'error' })
    expect(view.transcript.items.at(-1)).toMatchObject({ text: 'Sent.', tone: 'error' })
  })

  test('a settled request leaves the queue and the turn end stops the working state', () => {
    let view = events(loaded(), {
      type: 'interaction_settled',
      sessionId: 's1',
      requestId: 'q1',
      outcome: 'answered',
    })
    expect(view.queue).toEqual([])
    view = events(view, {
      type: 'session_event',
      sessionId: 's1',
      event: { type: 'turn_end', at: 2, turnId: 't1', reason: 'completed' },
    })
    expect(view.running).toBe(false)
  })

  test('a session change updates the mode and the running state', () => {
    const view = events(loaded(), {
      type: 'session_changed',
      sessionId: 's1',
      session: { ...session, mode: 'bypass', running: false },
    })
    expect(view.session?.mode).toBe('bypass')
    expect(view.running).toBe(false)
  })

  test('a retry is shown with its attempt and when it starts, until the model answers', () => {
    let view = events(loaded(), {
      type: 'turn_retrying',
      sessionId: 's1',
      turnId: 't1',
      attempt: 2,
      maxAttempts: 3,
      retryInMs: 4_000,
      message: 'rate limited by the server',
    })
    expect(view.retrying).toEqual({
      turnId: 't1',
      attempt: 2,
      maxAttempts: 3,
      at: 6_000,
      message: 'rate limited by the server',
    })
    view = events(view, { type: 'text_delta', sessionId: 's1', turnId: 't1', step: 0, text: 'ok' })
    expect(view.retrying).toBeNull()
  })

  test('the working time counts from when the turn started', () => {
    const idle = events(loaded(), {
      type: 'session_event',
      sessionId: 's1',
      event: { type: 'turn_end', at: 2, turnId: 't1', reason: 'completed' },
    })
    expect(idle.runningSince).toBeNull()
    const started = events(idle, { type: 'turn_started', sessionId: 's1', turnId: 't2' })
    expect(started.runningSince).toBe(2_000)
  })

  test('events of other sessions change nothing', () => {
    const view = loaded()
    expect(events(view, { type: 'turn_started', sessionId: 'other', turnId: 't9' })).toBe(view)
  })

  test('a failure to open is kept for the screen', () => {
    const view = reduceSessionView(LOADING_VIEW, { type: 'failed', message: 'No session' })
    expect(view).toMatchObject({ phase: 'failed', error: 'No session' })
  })
})
