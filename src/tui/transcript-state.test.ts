import { describe, expect, test } from 'vitest'
import type { SessionEvent } from '../shared/session-events'
import {
  EMPTY_TRANSCRIPT,
  appendDelta,
  applyBridgeEvent,
  applySessionEvent,
  replayEvents,
  settledCount,
} from './transcript-state'

const at = 1
const history: SessionEvent[] = [
  { type: 'user_message', at, turnId: 't1', text: 'clean up' },
  { type: 'assistant_text', at, turnId: 't1', step: 0, text: 'Removing build.' },
  {
    type: 'tool_call',
    at,
    turnId: 't1',
    step: 0,
    toolCallId: 'c1',
    tool: 'run_command',
    input: { command: 'rm -rf build' },
  },
  {
    type: 'permission_decision',
    at,
    turnId: 't1',
    requestId: 'r1',
    toolCallId: 'c1',
    decision: 'deny',
    reason: 'user',
    remember: false,
  },
  {
    type: 'tool_result',
    at,
    turnId: 't1',
    toolCallId: 'c1',
    tool: 'run_command',
    output: { error: 'The person denied this command.' },
    isError: true,
  },
  { type: 'turn_end', at, turnId: 't1', reason: 'stopped' },
]

describe('transcript', () => {
  test('a replayed session shows the message, the text, one tool line and how the turn ended', () => {
    expect(replayEvents(history).entries).toEqual([
      { kind: 'user', id: 't1:user', text: 'clean up' },
      { kind: 'assistant', id: 't1:text:0', text: 'Removing build.' },
      {
        kind: 'tool',
        id: 'c1',
        tool: 'run_command',
        summary: 'rm -rf build',
        status: 'error',
        decision: 'denied',
        result: 'The person denied this command.',
        output: '{\n  "error": "The person denied this command."\n}',
      },
      { kind: 'note', id: 't1:end', text: 'Turn stopped.', tone: 'dim' },
    ])
  })

  test('a failed turn says what went wrong in plain words, the technical detail apart', () => {
    const failed = applySessionEvent(EMPTY_TRANSCRIPT, {
      type: 'turn_end',
      at: 1,
      turnId: 't9',
      reason: 'error',
      error: 'AI_APICallError: The server refused the key.',
      errorKind: 'auth',
      errorDetail: 'status 401 · invalid_api_key',
    })
    expect(failed.entries).toEqual([
      {
        kind: 'note',
        id: 't9:end',
        text: 'Turn failed: The server refused the key.',
        tone: 'error',
        detail: 'status 401 · invalid_api_key',
      },
    ])
  })

  test('replaying the same record twice adds it once', () => {
    const once = replayEvents(history.slice(0, 2))
    expect(applySessionEvent(once, history[1] as SessionEvent)).toBe(once)
  })

  test('deltas stream into one block until the step is committed', () => {
    let state = appendDelta(EMPTY_TRANSCRIPT, { turnId: 't1', step: 0, text: 'Hel' })
    state = appendDelta(state, { turnId: 't1', step: 0, text: 'lo' })
    expect(state.streaming).toEqual({ turnId: 't1', step: 0, text: 'Hello' })
    state = applySessionEvent(state, {
      type: 'assistant_text',
      at,
      turnId: 't1',
      step: 0,
      text: 'Hello',
    })
    expect(state.streaming).toBeNull()
    expect(state.entries).toEqual([{ kind: 'assistant', id: 't1:text:0', text: 'Hello' }])
  })

  test('a late delta of a committed step does not reappear as streaming text', () => {
    const committed = replayEvents(history.slice(0, 2))
    expect(appendDelta(committed, { turnId: 't1', step: 0, text: 'x' })).toBe(committed)
  })

  test('entries before a running tool call are settled; the running one is not', () => {
    const running = replayEvents(history.slice(0, 3))
    expect(settledCount(running)).toBe(2)
    expect(settledCount(replayEvents(history))).toBe(4)
  })

  test('a call that never reports back keeps at most a screenful of entries live', () => {
    let state = replayEvents(history.slice(0, 3))
    for (let i = 0; i < 30; i++)
      state = applySessionEvent(state, {
        type: 'assistant_text',
        at,
        turnId: 't2',
        step: i,
        text: `step ${i}`,
      })
    expect(state.entries).toHaveLength(33)
    expect(settledCount(state, 20)).toBe(13)
  })

  test('events of another session leave the transcript unchanged', () => {
    const event = {
      type: 'text_delta',
      sessionId: 'other',
      turnId: 't',
      step: 0,
      text: 'x',
    } as const
    expect(applyBridgeEvent(EMPTY_TRANSCRIPT, 'mine', event)).toBe(EMPTY_TRANSCRIPT)
  })

  test('answers to a question show on its tool line, a skipped one as a dash', () => {
    const state = replayEvents([
      {
        type: 'tool_call',
        at,
        turnId: 't',
        step: 0,
        toolCallId: 'q',
        tool: 'AskUserQuestion',
        input: { questions: [{}, {}] },
      },
      {
        type: 'tool_result',
        at,
        turnId: 't',
        toolCallId: 'q',
        tool: 'AskUserQuestion',
        output: {
          answers: [
            { question: 'a', answer: 'Rust' },
            { question: 'b', answer: null },
          ],
        },
        isError: false,
      },
    ])
    expect(state.entries[0]).toMatchObject({
      summary: '2 questions',
      status: 'ok',
      result: 'Rust · —',
    })
  })
})
