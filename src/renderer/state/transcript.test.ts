import { describe, expect, it } from 'vitest'
import type { SessionEvent } from '../../shared'
import {
  applySessionEvent,
  applyTextDeltas,
  reloadTranscript,
  transcriptFromEvents,
  type TextDelta,
} from './transcript'

const delta = (text: string, step = 0, turnId = 't1'): TextDelta => ({
  type: 'text_delta',
  sessionId: 's1',
  turnId,
  step,
  text,
})

const askCall: SessionEvent = {
  type: 'tool_call',
  at: 3,
  turnId: 't1',
  step: 0,
  toolCallId: 'c1',
  tool: 'AskUserQuestion',
  input: {
    questions: [
      { question: 'Which database?', options: [{ label: 'Postgres' }, { label: 'SQLite' }] },
      { question: 'Add CI?', options: [{ label: 'Yes' }, { label: 'No' }] },
    ],
  },
}

describe('transcript', () => {
  it('streams deltas into one row that the committed step text then replaces', () => {
    let t = transcriptFromEvents([{ type: 'user_message', at: 1, turnId: 't1', text: 'hi' }])
    t = applyTextDeltas(t, [delta('Hel'), delta('lo')])
    expect(t.items.at(-1)).toMatchObject({ kind: 'assistant', text: 'Hello', streaming: true })
    t = applySessionEvent(t, {
      type: 'assistant_text',
      at: 2,
      turnId: 't1',
      step: 0,
      text: 'Hello!',
    })
    expect(t.items).toHaveLength(2)
    expect(t.items.at(-1)).toMatchObject({ text: 'Hello!', streaming: false })
  })

  it('ignores deltas that arrive after their step was committed', () => {
    let t = transcriptFromEvents([
      { type: 'assistant_text', at: 2, turnId: 't1', step: 0, text: 'Done' },
    ])
    const before = t
    t = applyTextDeltas(t, [delta(' late')])
    expect(t).toBe(before)
  })

  it('keeps each model step of a turn as its own row', () => {
    const t = applyTextDeltas(transcriptFromEvents([]), [delta('one', 0), delta('two', 1)])
    expect(t.items.map((i) => (i.kind === 'assistant' ? i.text : ''))).toEqual(['one', 'two'])
  })

  it('shows a tool call as a card whose status follows its permission and result', () => {
    let t = transcriptFromEvents([
      {
        type: 'tool_call',
        at: 1,
        turnId: 't1',
        step: 0,
        toolCallId: 'c1',
        tool: 'run_command',
        input: { command: 'rm -rf build' },
      },
    ])
    expect(t.items[0]).toMatchObject({ kind: 'tool', status: 'running' })
    t = applySessionEvent(t, {
      type: 'permission_request',
      at: 2,
      turnId: 't1',
      requestId: 'p1',
      toolCallId: 'c1',
      tool: 'run_command',
      summary: 'rm',
      detail: 'rm -rf build',
      risk: 'high',
      intent: 'run_command: rm',
      inputHash: 'h',
      expiresAt: null,
    })
    expect(t.items[0]).toMatchObject({ status: 'waiting' })
    t = applySessionEvent(t, {
      type: 'permission_decision',
      at: 2,
      turnId: 't1',
      requestId: 'p1',
      toolCallId: 'c1',
      decision: 'deny',
      reason: 'user',
      remember: false,
    })
    t = applySessionEvent(t, {
      type: 'tool_result',
      at: 3,
      turnId: 't1',
      toolCallId: 'c1',
      tool: 'run_command',
      output: 'denied',
      isError: true,
    })
    expect(t.items[0]).toMatchObject({
      status: 'denied',
      output: 'denied',
      permission: { decision: 'deny' },
    })
  })

  it('shows the answered question with the choices made, unanswered ones as null', () => {
    const t = transcriptFromEvents([
      askCall,
      {
        type: 'tool_result',
        at: 4,
        turnId: 't1',
        toolCallId: 'c1',
        tool: 'AskUserQuestion',
        isError: false,
        output: {
          answers: [
            { question: 'Which database?', answer: 'SQLite' },
            { question: 'Add CI?', answer: null },
          ],
        },
      },
    ])
    expect(t.items).toEqual([
      expect.objectContaining({
        kind: 'question',
        answers: [
          { question: 'Which database?', answer: 'SQLite' },
          { question: 'Add CI?', answer: null },
        ],
      }),
    ])
  })

  it('says plainly why a question closed without answers', () => {
    const t = transcriptFromEvents([
      askCall,
      {
        type: 'tool_result',
        at: 4,
        turnId: 't1',
        toolCallId: 'c1',
        tool: 'AskUserQuestion',
        isError: true,
        synthetic: true,
        output: { error: 'Stopped by the user' },
      },
    ])
    expect(t.items[0]).toMatchObject({
      answers: undefined,
      closedWithoutAnswer: 'Stopped by the user',
    })
  })

  it('adds a row for stopped and failed turns but not for completed ones', () => {
    const t = transcriptFromEvents([
      { type: 'turn_end', at: 1, turnId: 't1', reason: 'completed' },
      { type: 'turn_end', at: 2, turnId: 't2', reason: 'stopped' },
      { type: 'turn_end', at: 3, turnId: 't3', reason: 'error', error: 'model timed out' },
    ])
    expect(t.items).toEqual([
      expect.objectContaining({ kind: 'turn_end', reason: 'stopped' }),
      expect.objectContaining({ kind: 'turn_end', reason: 'error', error: 'model timed out' }),
    ])
  })

  it('ends a streaming row when its turn ends without a commit', () => {
    let t = applyTextDeltas(transcriptFromEvents([]), [delta('partial')])
    t = applySessionEvent(t, { type: 'turn_end', at: 2, turnId: 't1', reason: 'stopped' })
    expect(t.items[0]).toMatchObject({ kind: 'assistant', streaming: false, text: 'partial' })
  })

  it('returns the same transcript for records that show nothing', () => {
    const t = transcriptFromEvents([{ type: 'user_message', at: 1, turnId: 't1', text: 'hi' }])
    expect(applySessionEvent(t, { type: 'session_update', at: 2, title: 'x' })).toBe(t)
    expect(applyTextDeltas(t, [])).toBe(t)
  })

  it('keeps text still streaming when the session log is re-read', () => {
    const old = applyTextDeltas(transcriptFromEvents([]), [delta('still typing', 1)])
    const reloaded = reloadTranscript(old, [
      { type: 'user_message', at: 1, turnId: 't1', text: 'hi' },
    ])
    expect(reloaded.items.map((i) => i.kind)).toEqual(['user', 'assistant'])
  })

  it('replays a 2,000-turn log (10,000 records) quickly and builds the same rows as live events', () => {
    const events: SessionEvent[] = []
    for (let i = 0; i < 2_000; i++) {
      const turnId = `t${i}`
      events.push(
        { type: 'user_message', at: i, turnId, text: `question ${i}` },
        { type: 'assistant_text', at: i, turnId, step: 0, text: `answer ${i}` },
        {
          type: 'tool_call',
          at: i,
          turnId,
          step: 0,
          toolCallId: `c${i}`,
          tool: 'read_file',
          input: { path: 'a' },
        },
        {
          type: 'tool_result',
          at: i,
          turnId,
          toolCallId: `c${i}`,
          tool: 'read_file',
          output: 'x',
          isError: false,
        },
        { type: 'turn_end', at: i, turnId, reason: 'completed' },
      )
    }
    const started = performance.now()
    const replayed = transcriptFromEvents(events)
    expect(performance.now() - started).toBeLessThan(1_000)
    expect(replayed.items).toHaveLength(6_000)
    const live = events.slice(0, 50).reduce(applySessionEvent, transcriptFromEvents([]))
    expect(live.items).toEqual(transcriptFromEvents(events.slice(0, 50)).items)
  })
})
