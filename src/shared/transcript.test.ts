import { describe, expect, it } from 'vitest'
import type { BridgeEvent } from './bridge'
import type { SessionEvent } from './session-events'
import { ACP_SESSION } from './testing/acp-records'
import {
  EMPTY_TRANSCRIPT,
  addNotice,
  answerText,
  applyLiveEvents,
  applyNotice,
  applySessionEvent,
  applyTextDeltas,
  prependEvents,
  questionClosedText,
  reloadTranscript,
  transcriptFromEvents,
  type TextDelta,
  type TranscriptItem,
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

const runCall: SessionEvent = {
  type: 'tool_call',
  at: 1,
  turnId: 't1',
  step: 0,
  toolCallId: 'c1',
  tool: 'run_command',
  input: { command: 'rm -rf build' },
}

const synthetic = (tool: string, turnId = 't1', toolCallId = 'c1'): SessionEvent => ({
  type: 'tool_result',
  at: 4,
  turnId,
  toolCallId,
  tool,
  isError: true,
  synthetic: true,
  output: { error: `${tool} did not finish: the turn was stopped by the user` },
})

/** Each item as a short line: what both UIs are built from. */
const shape = (items: readonly TranscriptItem[]) =>
  items.map((item) => {
    switch (item.kind) {
      case 'user':
      case 'assistant':
      case 'thought':
      case 'notice':
        return `${item.kind}: ${item.text}`
      case 'tool':
        return `tool: ${item.tool} ${item.status}`
      case 'question':
        return `question: ${item.questions.length}`
      case 'turn_end':
        return `turn_end: ${item.reason}`
      case 'plan':
        return `plan: ${item.entries.map((e) => e.status).join(' ')}`
    }
  })

describe('streaming text', () => {
  it('streams deltas into one item that the committed step text then replaces', () => {
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
    expect(t.items.at(-1)).toMatchObject({ text: 'Hello!', streaming: false, cutOff: false })
  })

  it('ignores deltas that arrive after their step was committed', () => {
    const t = transcriptFromEvents([
      { type: 'assistant_text', at: 2, turnId: 't1', step: 0, text: 'Done' },
    ])
    expect(applyTextDeltas(t, [delta(' late')])).toBe(t)
  })

  it('keeps each model step of a turn as its own item', () => {
    const t = applyTextDeltas(EMPTY_TRANSCRIPT, [delta('one', 0), delta('two', 1)])
    expect(shape(t.items)).toEqual(['assistant: one', 'assistant: two'])
  })

  it('ends a streaming item when its turn ends without a commit, keeping its text', () => {
    let t = applyTextDeltas(EMPTY_TRANSCRIPT, [delta('partial')])
    t = applySessionEvent(t, { type: 'turn_end', at: 2, turnId: 't1', reason: 'stopped' })
    expect(t.items[0]).toMatchObject({ kind: 'assistant', streaming: false, text: 'partial' })
  })

  it('marks a reply that was cut off', () => {
    const t = transcriptFromEvents([
      { type: 'assistant_text', at: 2, turnId: 't1', step: 0, text: 'Half a', cutOff: true },
    ])
    expect(t.items[0]).toMatchObject({ text: 'Half a', cutOff: true })
  })

  it('keeps text still streaming when the session log is re-read', () => {
    const old = applyTextDeltas(EMPTY_TRANSCRIPT, [delta('still typing', 1)])
    const reloaded = reloadTranscript(old, [
      { type: 'user_message', at: 1, turnId: 't1', text: 'hi' },
    ])
    expect(shape(reloaded.items)).toEqual(['user: hi', 'assistant: still typing'])
  })
})

describe('tool calls', () => {
  it('shows a call whose status follows its permission and result', () => {
    let t = transcriptFromEvents([runCall])
    expect(t.items[0]).toMatchObject({ kind: 'tool', status: 'running', origin: 'parley' })
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
      remember: true,
    })
    expect(t.items[0]).toMatchObject({ status: 'running' })
    t = applySessionEvent(t, {
      type: 'tool_result',
      at: 3,
      turnId: 't1',
      toolCallId: 'c1',
      tool: 'run_command',
      output: { error: 'The person denied this command.' },
      isError: true,
    })
    expect(t.items[0]).toMatchObject({
      status: 'denied',
      output: { error: 'The person denied this command.' },
      permission: { decision: 'deny', reason: 'user', remember: true, prompted: true },
    })
  })

  it('says a call decided by the mode was not prompted', () => {
    const t = transcriptFromEvents([
      runCall,
      {
        type: 'permission_decision',
        at: 2,
        turnId: 't1',
        requestId: null,
        toolCallId: 'c1',
        decision: 'allow',
        reason: 'mode',
        remember: false,
      },
    ])
    expect(t.items[0]).toMatchObject({ permission: { reason: 'mode', prompted: false } })
  })

  it('shows a call cut short by Stop or by the app closing as such, not as a failure', () => {
    const stopped = transcriptFromEvents([
      runCall,
      synthetic('run_command'),
      { type: 'turn_end', at: 5, turnId: 't1', reason: 'stopped' },
    ])
    expect(stopped.items[0]).toMatchObject({ status: 'stopped', synthetic: true })
    const interrupted = transcriptFromEvents([
      runCall,
      synthetic('run_command'),
      { type: 'turn_end', at: 5, turnId: 't1', reason: 'interrupted' },
    ])
    expect(interrupted.items[0]).toMatchObject({ status: 'interrupted' })
    const failed = transcriptFromEvents([
      runCall,
      synthetic('run_command'),
      { type: 'turn_end', at: 5, turnId: 't1', reason: 'error', error: 'boom' },
    ])
    expect(failed.items[0]).toMatchObject({ status: 'error' })
  })

  it('a stopped turn leaves the calls of earlier turns as they ended', () => {
    const t = transcriptFromEvents([
      { type: 'user_message', at: 1, turnId: 't0', text: 'first' },
      { ...runCall, turnId: 't0', toolCallId: 'c0' },
      synthetic('run_command', 't0', 'c0'),
      { type: 'turn_end', at: 5, turnId: 't0', reason: 'aborted' },
      { type: 'turn_retry', at: 6, turnId: 't1', retryOf: 't0' },
      { type: 'turn_end', at: 7, turnId: 't1', reason: 'stopped' },
    ])
    expect(t.items[1]).toMatchObject({ key: 'c0', status: 'error' })
  })
})

describe('questions', () => {
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
        questions: ['Which database?', 'Add CI?'],
        answers: [
          { question: 'Which database?', answer: 'SQLite' },
          { question: 'Add CI?', answer: null },
        ],
        closed: undefined,
      }),
    ])
  })

  it('writes a multi-select answer as its labels joined, never run together', () => {
    expect(answerText(['Linux', 'macOS'])).toBe('Linux, macOS')
    expect(answerText('SQLite')).toBe('SQLite')
    expect(answerText(null)).toBeNull()
  })

  it('keeps the questions of an input a model decorated with extras', () => {
    const t = transcriptFromEvents([
      {
        ...askCall,
        input: {
          questions: [
            {
              question: 'Ship?',
              header: 'Ship',
              multiSelect: false,
              options: [{ label: 'Yes' }, { label: 'No' }],
            },
          ],
        },
      } as SessionEvent,
    ])
    expect(t.items[0]).toMatchObject({ kind: 'question', questions: ['Ship?'] })
  })

  it('says in plain words why a question closed without answers, never the runtime’s text', () => {
    const closedBy = (end: SessionEvent[]) => {
      const t = transcriptFromEvents([askCall, synthetic('AskUserQuestion'), ...end])
      const item = t.items[0]
      return item?.kind === 'question' && item.closed ? questionClosedText(item.closed) : null
    }
    expect(closedBy([{ type: 'turn_end', at: 5, turnId: 't1', reason: 'stopped' }])).toBe(
      'Not answered: the turn was stopped.',
    )
    expect(closedBy([{ type: 'turn_end', at: 5, turnId: 't1', reason: 'interrupted' }])).toBe(
      'Not answered: the app closed while it waited.',
    )
    expect(closedBy([{ type: 'turn_end', at: 5, turnId: 't1', reason: 'error' }])).toBe(
      'Not answered: the turn failed.',
    )
    // Live, the synthetic result arrives a moment before its turn's end.
    expect(closedBy([])).toBe('Not answered: the turn ended first.')
    for (const text of [closedBy([]), questionClosedText('not_asked')])
      expect(text).not.toMatch(/did not finish|AskUserQuestion/)
  })

  it('says a question the model got wrong was never asked', () => {
    const t = transcriptFromEvents([
      { ...askCall, input: { questions: [] } },
      {
        type: 'tool_result',
        at: 4,
        turnId: 't1',
        toolCallId: 'c1',
        tool: 'AskUserQuestion',
        isError: true,
        output: { error: 'AskUserQuestion: questions must have 1–3 items; rewrite the input' },
      },
    ])
    expect(t.items[0]).toMatchObject({ questions: [], closed: 'not_asked' })
  })
})

describe('turn ends and notices', () => {
  it('adds an item for stopped and failed turns but not for completed ones', () => {
    const t = transcriptFromEvents([
      { type: 'turn_end', at: 1, turnId: 't1', reason: 'completed' },
      { type: 'turn_end', at: 2, turnId: 't2', reason: 'stopped' },
      {
        type: 'turn_end',
        at: 3,
        turnId: 't3',
        reason: 'error',
        error: 'model timed out',
        errorKind: 'server',
        errorDetail: 'status 504',
      },
    ])
    expect(t.items).toEqual([
      expect.objectContaining({ kind: 'turn_end', reason: 'stopped' }),
      expect.objectContaining({
        kind: 'turn_end',
        reason: 'error',
        error: 'model timed out',
        errorKind: 'server',
        errorDetail: 'status 504',
      }),
    ])
  })

  it('shows each log notice once, and client notes as lines of their own', () => {
    const notice = { offset: 120, message: 'skipped a malformed record at byte 120' }
    let t = applyNotice(EMPTY_TRANSCRIPT, notice)
    expect(applyNotice(t, notice)).toBe(t)
    t = addNotice(t, { text: 'Could not send.', tone: 'error' })
    t = addNotice(t, { text: 'Could not send.', tone: 'error' })
    expect(t.items).toEqual([
      expect.objectContaining({
        kind: 'notice',
        text: 'Log notice: skipped a malformed record at byte 120',
        tone: 'info',
      }),
      expect.objectContaining({ kind: 'notice', text: 'Could not send.', tone: 'error' }),
      expect.objectContaining({ kind: 'notice', text: 'Could not send.', tone: 'error' }),
    ])
  })
})

describe('ACP agents', () => {
  it('replays an agent’s session: thought, text, tool call with updates, one plan updated in place, exit', () => {
    const t = transcriptFromEvents(ACP_SESSION)
    expect(shape(t.items)).toEqual([
      'user: Edit the readme',
      'thought: Let me look at the file first.',
      'assistant: I will edit the readme.',
      'tool: Edit README.md done',
      'plan: completed completed',
      'assistant: Done editing.',
      'notice: The agent exited (exit code 7): panic: out of cheese. It starts again with the next message.',
    ])
    expect(t.items.find((i) => i.kind === 'tool')).toMatchObject({
      origin: 'agent',
      input: { kind: 'edit', locations: ['/ws/README.md:3'] },
      output: '{"ok":true}',
    })
    expect(t.items.at(-1)).toMatchObject({ tone: 'error' })
  })

  it('shows an agent’s call as awaiting permission while its request is open, then as the turn left it', () => {
    const call: SessionEvent = {
      type: 'agent_tool_call',
      at: 10,
      turnId: 't-2',
      toolCallId: 'x-1',
      title: 'rm -rf build',
      kind: 'execute',
      status: 'pending',
      locations: [],
      content: [],
    }
    const request: SessionEvent = {
      type: 'interaction_request',
      at: 11,
      turnId: 't-2',
      requestId: 'r-1',
      source: { kind: 'acp', agent: 'Codex', rpcId: 3, toolCallId: 'x-1' },
      request: {
        kind: 'agent_permission',
        title: 'rm -rf build',
        detail: '',
        locations: [],
        options: [{ optionId: 'no', name: 'No', kind: 'reject_once' }],
      },
    }
    const status = (events: SessionEvent[]) =>
      transcriptFromEvents(events).items.find((i) => i.kind === 'tool')
    expect(status([call, request])).toMatchObject({ status: 'waiting' })
    const answered: SessionEvent = {
      type: 'interaction_response',
      at: 12,
      turnId: 't-2',
      requestId: 'r-1',
      outcome: 'answered',
    }
    expect(status([call, request, answered])).toMatchObject({ status: 'running' })
    const rejected: SessionEvent = {
      type: 'agent_tool_call_update',
      at: 13,
      turnId: 't-2',
      toolCallId: 'x-1',
      status: 'rejected',
    }
    expect(status([call, request, answered, rejected])).toMatchObject({ status: 'rejected' })
  })

  it('gives the same items live as a replay', () => {
    expect(ACP_SESSION.reduce(applySessionEvent, EMPTY_TRANSCRIPT).items).toEqual(
      transcriptFromEvents(ACP_SESSION).items,
    )
  })
})

describe('replay, live events and paging', () => {
  /** A log of `turns` turns, each a message, a reply and a read. */
  const log = (turns: number, from = 0): SessionEvent[] =>
    Array.from({ length: turns }, (_, n): SessionEvent[] => {
      const i = n + from
      const turnId = `t${i}`
      return [
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
      ]
    }).flat()

  it('replays a 2,000-turn log into the same items as live records', () => {
    const events = log(2_000)
    const replayed = transcriptFromEvents(events)
    expect(replayed.items).toHaveLength(6_000)
    const live = events.slice(0, 50).reduce(applySessionEvent, EMPTY_TRANSCRIPT)
    expect(live.items).toEqual(transcriptFromEvents(events.slice(0, 50)).items)
  })

  it('shows a record applied twice once, and returns the same transcript for records that show nothing', () => {
    const events = log(1)
    const t = transcriptFromEvents(events)
    for (const event of events) expect(applySessionEvent(t, event)).toBe(t)
    expect(applySessionEvent(t, { type: 'session_update', at: 2, title: 'x' })).toBe(t)
    expect(applyTextDeltas(t, [])).toBe(t)
  })

  it('puts an older page in front, and ignores a page that does not end where the items start', () => {
    const t = transcriptFromEvents(log(2, 2), 10)
    const paged = prependEvents(t, log(2), { start: 0, before: 10 })
    expect(paged.start).toBe(0)
    expect(shape(paged.items).filter((s) => s.startsWith('user'))).toEqual([
      'user: question 0',
      'user: question 1',
      'user: question 2',
      'user: question 3',
    ])
    expect(prependEvents(t, log(2), { start: 0, before: 8 })).toBe(t)
  })

  it('applies a session’s live events in order and skips other sessions’', () => {
    const events: BridgeEvent[] = [
      {
        type: 'session_event',
        sessionId: 's1',
        event: { type: 'user_message', at: 1, turnId: 't1', text: 'hi' },
      },
      delta('Hel'),
      { ...delta('xx'), sessionId: 'other' },
      delta('lo'),
      { type: 'turn_started', sessionId: 's1', turnId: 't1' },
      {
        type: 'session_event',
        sessionId: 's1',
        event: { type: 'assistant_text', at: 2, turnId: 't1', step: 0, text: 'Hello' },
      },
      { type: 'notice', sessionId: 's1', notice: { offset: 9, message: 'repaired' } },
    ]
    const t = applyLiveEvents(EMPTY_TRANSCRIPT, 's1', events)
    expect(shape(t.items)).toEqual(['user: hi', 'assistant: Hello', 'notice: Log notice: repaired'])
    expect(t.items[1]).toMatchObject({ streaming: false })
    expect(applyLiveEvents(t, 's1', [{ ...delta('x'), sessionId: 'other' }])).toBe(t)
  })
})
