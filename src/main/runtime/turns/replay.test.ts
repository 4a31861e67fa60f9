import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { ModelMessage } from 'ai'
import { afterEach, describe, expect, it } from 'vitest'
import type { SessionEvent } from '../../../shared/session-events'
import { transcriptFromEvents } from '../../../shared/transcript'
import { planRecovery } from '../sessions/recovery'
import { RETRY_AFTER_CUT_OFF, toModelMessages } from './replay'
import { isTurnEnd, newSession, waitForEvent } from '../testing/runtime-test-kit'
import {
  modelRequests,
  providerEnv,
  scriptReplies,
  startAimock,
  startProviderRuntime,
  stopAimock,
  wireConversation,
  type ProviderRig,
} from '../models/testing/provider-servers'

const header: SessionEvent = {
  type: 'session',
  v: 1,
  id: 's-old',
  createdAt: 1,
  title: 'Old',
  workspace: '/tmp',
  backend: 'openai-compatible:m',
  mode: 'ask',
}

/** A log written before Parley minted its own ids: the server reused `call_0` across steps. */
function reusedIdLog(turnId = 't1'): SessionEvent[] {
  return [
    header,
    { type: 'user_message', at: 2, turnId, text: 'look around' },
    {
      type: 'tool_call',
      at: 3,
      turnId,
      step: 0,
      toolCallId: 'call_0',
      tool: 'read_file',
      input: { path: 'a.txt' },
    },
    {
      type: 'tool_result',
      at: 4,
      turnId,
      toolCallId: 'call_0',
      tool: 'read_file',
      output: { content: 'alpha' },
      isError: false,
    },
    {
      type: 'tool_call',
      at: 5,
      turnId,
      step: 1,
      toolCallId: 'call_0',
      tool: 'list_files',
      input: {},
    },
    {
      type: 'tool_result',
      at: 6,
      turnId,
      toolCallId: 'call_0',
      tool: 'list_files',
      output: { entries: [{ name: 'a.txt', type: 'file' }] },
      isError: false,
    },
    { type: 'assistant_text', at: 7, turnId, step: 2, text: 'Seen both.' },
    { type: 'turn_end', at: 8, turnId, reason: 'completed' },
  ]
}

type Part = { type: string; toolCallId?: string; toolName?: string; output?: { value: unknown } }
const partsOf = (messages: ModelMessage[]) =>
  messages.flatMap((m) => (Array.isArray(m.content) ? (m.content as Part[]) : []))

describe('replaying a log into the model conversation', () => {
  it('an old log with a reused id pairs each result with its own call, under distinct ids', () => {
    const messages = toModelMessages(reusedIdLog())
    expect(messages.map((m) => m.role)).toEqual([
      'user',
      'assistant',
      'tool',
      'assistant',
      'tool',
      'assistant',
    ])
    const parts = partsOf(messages)
    const calls = parts.filter((p) => p.type === 'tool-call')
    const results = parts.filter((p) => p.type === 'tool-result')
    expect(calls.map((c) => c.toolName)).toEqual(['read_file', 'list_files'])
    expect(new Set(calls.map((c) => c.toolCallId)).size).toBe(2)
    expect(results.map((r) => r.toolCallId)).toEqual(calls.map((c) => c.toolCallId))
    expect(JSON.stringify(results[0]?.output)).toContain('alpha')
    expect(JSON.stringify(results[1]?.output)).toContain('a.txt')
  })

  it('ids no provider accepts (Fireworks’ `read_file:0`) are replaced by safe ones', () => {
    const log = reusedIdLog().map((e) =>
      e.type === 'tool_call' || e.type === 'tool_result' ? { ...e, toolCallId: 'read_file:0' } : e,
    )
    const ids = partsOf(toModelMessages(log)).flatMap((p) => (p.toolCallId ? [p.toolCallId] : []))
    expect(ids).toHaveLength(4)
    for (const id of ids) expect(id).toMatch(/^[a-zA-Z0-9_-]+$/)
    expect(new Set(ids).size).toBe(2)
  })

  it('a cut-off reply ends with a note, and a retry right after it asks the model to continue', () => {
    const log: SessionEvent[] = [
      header,
      { type: 'user_message', at: 2, turnId: 't1', text: 'explain' },
      { type: 'assistant_text', at: 3, turnId: 't1', step: 0, text: 'Half of it ', cutOff: true },
      {
        type: 'turn_end',
        at: 4,
        turnId: 't1',
        reason: 'error',
        error: 'The connection broke. Press Retry.',
        errorKind: 'network',
      },
      { type: 'turn_retry', at: 5, turnId: 't2', retryOf: 't1' },
    ]
    expect(toModelMessages(log)).toEqual([
      { role: 'user', content: 'explain' },
      {
        role: 'assistant',
        content: [
          {
            type: 'text',
            text: 'Half of it\n\n[This reply was cut off here: The connection broke. Press Retry.]',
          },
        ],
      },
      { role: 'user', content: RETRY_AFTER_CUT_OFF },
    ])
  })

  it('a retry after a failure before any reply adds nothing: the user message is last', () => {
    const log: SessionEvent[] = [
      header,
      { type: 'user_message', at: 2, turnId: 't1', text: 'hello' },
      { type: 'turn_end', at: 3, turnId: 't1', reason: 'error', error: 'x', errorKind: 'server' },
      { type: 'turn_retry', at: 4, turnId: 't2', retryOf: 't1' },
    ]
    expect(toModelMessages(log)).toEqual([{ role: 'user', content: 'hello' }])
  })
})

describe('the UIs read a log with a retry and a cut-off reply', () => {
  const log: SessionEvent[] = [
    header,
    { type: 'user_message', at: 2, turnId: 't1', text: 'explain' },
    { type: 'assistant_text', at: 3, turnId: 't1', step: 0, text: 'Half of it', cutOff: true },
    {
      type: 'turn_end',
      at: 4,
      turnId: 't1',
      reason: 'error',
      error: 'Broke.',
      errorKind: 'network',
    },
    { type: 'turn_retry', at: 5, turnId: 't2', retryOf: 't1' },
    { type: 'assistant_text', at: 6, turnId: 't2', step: 0, text: 'All of it.' },
    { type: 'turn_end', at: 7, turnId: 't2', reason: 'completed' },
  ]

  it('both UIs: the kept text, the failed turn, then the retried reply', () => {
    expect(transcriptFromEvents(log).items.map((i) => i.kind)).toEqual([
      'user',
      'assistant',
      'turn_end',
      'assistant',
    ])
  })
})

describe('recovery of a retry turn', () => {
  it('a retry turn left open by a crash is found and closed like any other turn', () => {
    const log: SessionEvent[] = [
      header,
      { type: 'user_message', at: 2, turnId: 't1', text: 'hello' },
      { type: 'turn_end', at: 3, turnId: 't1', reason: 'error', error: 'x', errorKind: 'server' },
      { type: 'turn_retry', at: 4, turnId: 't2', retryOf: 't1' },
      {
        type: 'tool_call',
        at: 5,
        turnId: 't2',
        step: 0,
        toolCallId: 'call-1',
        tool: 'run_command',
        input: { command: 'ls' },
      },
    ]
    expect(planRecovery(log)).toMatchObject({ kind: 'interrupt', turnId: 't2' })
  })

  it('an old log whose reused id has its result is not mistaken for an open call', () => {
    const log = reusedIdLog().slice(0, -2) // no final text, no turn_end: the process stopped
    expect(planRecovery(log)).toMatchObject({ kind: 'interrupt', turnId: 't1', calls: [] })
  })
})

describe('an old log through the real runtime', () => {
  const rigs: ProviderRig[] = []
  afterEach(async () => {
    await Promise.all(rigs.splice(0).map((r) => r.runtime.close()))
  })

  it('the next request after a log with reused ids sends each result with its own call', async () => {
    const mock = await startAimock()
    try {
      scriptReplies(mock, [{ content: 'Noted.' }])
      const first = await startProviderRuntime(providerEnv('openai-compatible', mock.url))
      rigs.push(first)
      const sessionId = await newSession(first.runtime)
      await first.runtime.close()
      // Replace the new session's log with an old one that reused ids.
      const old = reusedIdLog().map((e) =>
        e.type === 'session' ? { ...e, id: sessionId, workspace: first.rig.workspace } : e,
      )
      mkdirSync(join(first.rig.dataDir, 'sessions'), { recursive: true })
      writeFileSync(
        join(first.rig.dataDir, 'sessions', `${sessionId}.jsonl`),
        `${old.map((e) => JSON.stringify(e)).join('\n')}\n`,
      )
      const p = await startProviderRuntime(providerEnv('openai-compatible', mock.url), {
        dataDir: first.rig.dataDir,
      })
      rigs.push(p)
      await p.runtime.send({ sessionId, text: 'and now?' })
      expect((await waitForEvent(p.runtime, isTurnEnd)).event).toMatchObject({
        reason: 'completed',
      })
      const sent = wireConversation(modelRequests(p.requests)[0]!)
      const calls = sent.flatMap((m) => (m.role === 'assistant' ? m.calls : []))
      const results = sent.flatMap((m) => (m.role === 'tool' ? [m] : []))
      expect(calls.map((c) => c.name)).toEqual(['read_file', 'list_files'])
      expect(new Set(calls.map((c) => c.id)).size).toBe(2)
      expect(results.map((r) => r.id)).toEqual(calls.map((c) => c.id))
      expect(results[0]?.content).toContain('alpha')
      expect(results[1]?.content).not.toContain('alpha')
    } finally {
      await stopAimock(mock)
    }
  })
})
