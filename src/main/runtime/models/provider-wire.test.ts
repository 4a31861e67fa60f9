import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { transcriptFromEvents } from '../../../shared/transcript'
import type { SessionEvent } from '../../../shared/session-events'
import {
  callsAndResultsPair,
  isTurnEnd,
  newSession,
  nthInteraction,
  readLogRecords,
  TWO_QUESTIONS,
  waitForEvent,
} from '../testing/runtime-test-kit'
import {
  modelRequests,
  openAIChunk,
  providerEnv,
  scriptReplies,
  providerServersPerTest,
  startSseServer,
  wireConversation,
  type ProviderRig,
  type WireFormat,
  type WireMessage,
} from './testing/provider-servers'

/**
 * The real provider packages (`@ai-sdk/openai-compatible`, `@ai-sdk/anthropic`) over real HTTP to
 * aimock on 127.0.0.1, through the real runtime: what the person sees, what the log holds, and
 * what the next request to the server carries.
 */

const servers = providerServersPerTest()
const { start } = servers

const toolMessages = (conversation: WireMessage[]) =>
  conversation.filter((m): m is Extract<WireMessage, { role: 'tool' }> => m.role === 'tool')
const assistantCalls = (conversation: WireMessage[]) =>
  conversation.flatMap((m) => (m.role === 'assistant' ? m.calls : []))
const logOf = (rig: ProviderRig, sessionId: string) => readLogRecords(rig.rig, sessionId)
const ofType = <T extends SessionEvent['type']>(events: SessionEvent[], type: T) =>
  events.filter((e): e is Extract<SessionEvent, { type: T }> => e.type === type)

describe.each<WireFormat>(['openai-compatible', 'anthropic'])('%s over HTTP', (format) => {
  it('a question round trip: the person answers, and the next request carries the answer under the server’s own call id', async () => {
    scriptReplies(servers.mock, [
      {
        content: 'Let me ask.',
        toolCalls: [
          { name: 'AskUserQuestion', arguments: JSON.stringify(TWO_QUESTIONS), id: 'toolu_q1' },
        ],
      },
      { content: 'Expand it is.' },
    ])
    const p = await start(providerEnv(format, servers.mock.url))
    const sessionId = await newSession(p.runtime)
    await p.runtime.send({ sessionId, text: 'migrate the db' })
    const question = await nthInteraction(p.runtime, 1)
    expect(question.kind === 'question' && question.questions.map((q) => q.question)).toEqual([
      'Which migration?',
      'Which runner?',
    ])
    await p.runtime.respondToQuestion({ requestId: question.requestId, answers: ['Expand', null] })
    expect((await waitForEvent(p.runtime, isTurnEnd)).event).toMatchObject({
      reason: 'completed',
    })

    const log = logOf(p, sessionId)
    const [call] = ofType(log, 'tool_call')
    expect(call).toMatchObject({ tool: 'AskUserQuestion', providerCallId: 'toolu_q1' })
    expect(call?.toolCallId).not.toBe('toolu_q1')
    expect(question.kind === 'question' && question.toolCallId).toBe(call?.toolCallId)
    expect(callsAndResultsPair(log)).toBe(true)

    const requests = modelRequests(p.requests)
    expect(requests).toHaveLength(2)
    const next = wireConversation(requests[1]!)
    expect(assistantCalls(next)).toEqual([
      expect.objectContaining({ id: 'toolu_q1', name: 'AskUserQuestion' }),
    ])
    const [result] = toolMessages(next)
    expect(result?.id).toBe('toolu_q1')
    expect(JSON.parse(result?.content ?? '')).toEqual({
      answers: [
        { question: 'Which migration?', answer: 'Expand' },
        { question: 'Which runner?', answer: null },
      ],
    })
  })

  it('a permission round trip: the approved write happens and its result is what the model reads next', async () => {
    scriptReplies(servers.mock, [
      {
        toolCalls: [
          {
            name: 'write_file',
            arguments: JSON.stringify({ path: 'notes.txt', content: 'hello' }),
            id: 'toolu_w1',
          },
        ],
      },
      { content: 'Written.' },
    ])
    const p = await start(providerEnv(format, servers.mock.url))
    const sessionId = await newSession(p.runtime, 'ask')
    await p.runtime.send({ sessionId, text: 'write a note' })
    const prompt = await nthInteraction(p.runtime, 1)
    expect(prompt).toMatchObject({ kind: 'permission', tool: 'write_file' })
    await p.runtime.respondToPermission({
      requestId: prompt.requestId,
      decision: 'allow',
      remember: false,
    })
    expect((await waitForEvent(p.runtime, isTurnEnd)).event).toMatchObject({
      reason: 'completed',
    })
    expect(readFileSync(join(p.rig.workspace, 'notes.txt'), 'utf8')).toBe('hello')
    expect(ofType(logOf(p, sessionId), 'permission_decision')).toEqual([
      expect.objectContaining({ decision: 'allow', reason: 'user' }),
    ])
    const next = wireConversation(modelRequests(p.requests)[1]!)
    const [result] = toolMessages(next)
    expect(result?.id).toBe('toolu_w1')
    expect(result?.content).toContain('notes.txt')
  })

  it('parallel tool calls each get their own result, paired by id in the next request', async () => {
    scriptReplies(servers.mock, [
      {
        toolCalls: [
          { name: 'read_file', arguments: '{"path":"a.txt"}', id: 'call_a' },
          { name: 'list_files', arguments: '{}', id: 'call_b' },
        ],
      },
      { content: 'Both done.' },
    ])
    const p = await start(providerEnv(format, servers.mock.url))
    writeFileSync(join(p.rig.workspace, 'a.txt'), 'alpha')
    const sessionId = await newSession(p.runtime)
    await p.runtime.send({ sessionId, text: 'look' })
    expect((await waitForEvent(p.runtime, isTurnEnd)).event).toMatchObject({
      reason: 'completed',
    })
    const log = logOf(p, sessionId)
    expect(ofType(log, 'tool_call').map((c) => c.tool)).toEqual(['read_file', 'list_files'])
    expect(callsAndResultsPair(log)).toBe(true)

    const next = wireConversation(modelRequests(p.requests)[1]!)
    expect(assistantCalls(next).map((c) => [c.id, c.name])).toEqual([
      ['call_a', 'read_file'],
      ['call_b', 'list_files'],
    ])
    const results = new Map(toolMessages(next).map((m) => [m.id, m.content]))
    expect(results.get('call_a')).toContain('alpha')
    expect(results.get('call_b')).toContain('a.txt')
  })

  it('a server that reuses a call id across steps: two cards, two results, and each result goes back with its own call', async () => {
    scriptReplies(servers.mock, [
      { toolCalls: [{ name: 'read_file', arguments: '{"path":"a.txt"}', id: 'call_0' }] },
      { toolCalls: [{ name: 'list_files', arguments: '{}', id: 'call_0' }] },
      { content: 'Seen both.' },
    ])
    const p = await start(providerEnv(format, servers.mock.url))
    writeFileSync(join(p.rig.workspace, 'a.txt'), 'alpha')
    const sessionId = await newSession(p.runtime)
    await p.runtime.send({ sessionId, text: 'look' })
    expect((await waitForEvent(p.runtime, isTurnEnd)).event).toMatchObject({
      reason: 'completed',
    })

    // What the person sees: one card per call, each with its own output.
    const opened = await p.runtime.openSession({ sessionId })
    const cards = opened.ok
      ? transcriptFromEvents(opened.events).items.filter((i) => i.kind === 'tool')
      : []
    expect(cards.map((c) => (c.kind === 'tool' ? c.tool : ''))).toEqual(['read_file', 'list_files'])
    expect(JSON.stringify(cards[0]?.kind === 'tool' && cards[0].output)).toContain('alpha')

    // What the log holds: unique ids, each result with its call, the server's id kept.
    const log = logOf(p, sessionId)
    const calls = ofType(log, 'tool_call')
    expect(new Set(calls.map((c) => c.toolCallId)).size).toBe(2)
    expect(calls.map((c) => c.providerCallId)).toEqual(['call_0', 'call_0'])
    expect(callsAndResultsPair(log)).toBe(true)

    // What the next request carries: distinct ids, read_file's result after read_file.
    const last = wireConversation(modelRequests(p.requests)[2]!)
    const sent = assistantCalls(last)
    expect(sent.map((c) => c.name)).toEqual(['read_file', 'list_files'])
    expect(sent[0]?.id).not.toBe(sent[1]?.id)
    const results = toolMessages(last)
    expect(results.map((r) => r.id)).toEqual(sent.map((c) => c.id))
    expect(results[0]?.content).toContain('alpha')
    expect(results[1]?.content).toContain('a.txt')
    expect(results[1]?.content).not.toContain('alpha')
  })

  it('AskUserQuestion input with several problems gets all of them back in one result', async () => {
    const broken = {
      questions: [
        {
          question: '',
          options: [{ label: 'A' }, { label: 'A' }, { label: 'Other' }],
          is_other: true,
        },
        { question: 'Which runner?', options: [{ label: 'Vitest' }] },
      ],
    }
    scriptReplies(servers.mock, [
      { toolCalls: [{ name: 'AskUserQuestion', arguments: JSON.stringify(broken), id: 'q' }] },
      { content: 'I will fix it.' },
    ])
    const p = await start(providerEnv(format, servers.mock.url))
    const sessionId = await newSession(p.runtime)
    await p.runtime.send({ sessionId, text: 'ask me' })
    await waitForEvent(p.runtime, isTurnEnd)
    expect(p.runtime.events.some((e) => e.type === 'interaction_added')).toBe(false)
    const [result] = toolMessages(wireConversation(modelRequests(p.requests)[1]!))
    const text = JSON.parse(result?.content ?? '{}').error as string
    expect(text).toContain('5 problems')
    expect(text).toMatch(/questions\[0\]: .*is_other/)
    expect(text).toContain('questions[0].question: must not be empty')
    expect(text).toContain('questions[0].options: option labels must be unique')
    expect(text).toContain('questions[0].options: do not supply an "Other" option')
    expect(text).toContain('questions[1].options: needs at least 2 items, has 1')
  })
})

describe('arguments the SDK cannot parse', () => {
  it('the model is told its JSON was cut off at the output limit, not that it failed a schema', async () => {
    scriptReplies(servers.mock, [
      {
        toolCalls: [{ name: 'write_file', arguments: '{"path":"big.txt","content":"aaa', id: 'w' }],
        finishReason: 'length',
      },
      { content: 'I will write it in parts.' },
    ])
    const p = await start(providerEnv('openai-compatible', servers.mock.url))
    const sessionId = await newSession(p.runtime, 'bypass')
    await p.runtime.send({ sessionId, text: 'write a big file' })
    expect((await waitForEvent(p.runtime, isTurnEnd)).event).toMatchObject({
      reason: 'completed',
    })
    const log = logOf(p, sessionId)
    const [result] = ofType(log, 'tool_result')
    expect(result?.isError).toBe(true)
    const [sent] = toolMessages(wireConversation(modelRequests(p.requests)[1]!))
    expect(sent?.content).toContain('not valid JSON')
    expect(sent?.content).toContain('output token limit')
    expect(sent?.content).not.toContain('schema')
    expect(sent?.content).not.toContain('Invalid input')
  })

  it('without the limit, the model is told to send complete JSON', async () => {
    scriptReplies(servers.mock, [
      { toolCalls: [{ name: 'read_file', arguments: '{"path": a.txt}', id: 'r' }] },
      { content: 'Retrying.' },
    ])
    const p = await start(providerEnv('openai-compatible', servers.mock.url))
    const sessionId = await newSession(p.runtime)
    await p.runtime.send({ sessionId, text: 'read' })
    await waitForEvent(p.runtime, isTurnEnd)
    const [sent] = toolMessages(wireConversation(modelRequests(p.requests)[1]!))
    expect(sent?.content).toContain('not valid JSON')
    expect(sent?.content).toContain('complete, valid JSON')
  })
})

describe('a reply cut off at the output limit', () => {
  it.each<WireFormat>(['openai-compatible', 'anthropic'])(
    '%s: is not a plain completed turn; the text is kept as cut off and Retry lets the model continue',
    async (format) => {
      scriptReplies(servers.mock, [
        { content: 'The first half of a long ans', finishReason: 'length' },
        { content: 'wer, finished.' },
      ])
      const p = await start(providerEnv(format, servers.mock.url))
      const sessionId = await newSession(p.runtime)
      await p.runtime.send({ sessionId, text: 'explain everything' })
      const end = await waitForEvent(p.runtime, isTurnEnd)
      expect(end.event).toMatchObject({ reason: 'error', errorKind: 'other' })
      expect(end.event.type === 'turn_end' && end.event.error).toContain('output limit')
      expect(ofType(logOf(p, sessionId), 'assistant_text')).toEqual([
        expect.objectContaining({ text: 'The first half of a long ans', cutOff: true }),
      ])

      const retried = await p.runtime.retryTurn({ sessionId })
      expect(retried.ok).toBe(true)
      await waitForEvent(
        p.runtime,
        (e) =>
          e.type === 'session_event' &&
          e.event.type === 'turn_end' &&
          retried.ok &&
          e.event.turnId === retried.turnId,
      )
      const next = wireConversation(modelRequests(p.requests)[1]!)
      const turns = next.filter((m) => m.role !== 'system')
      expect(turns.map((m) => m.role)).toEqual(['user', 'assistant', 'user'])
      expect(turns[1]).toMatchObject({
        text: expect.stringContaining('The first half of a long ans'),
      })
      expect(turns[1]?.role === 'assistant' && turns[1].text).toContain('cut off')
      expect(turns[2]).toMatchObject({ text: expect.stringContaining('Continue') })
    },
  )
})

describe('SSE keep-alive comments', () => {
  it('count as life: a server that sends only `: PROCESSING` for longer than the idle limit is not aborted', async () => {
    const server = await startSseServer((res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' })
      let sent = 0
      const timer = setInterval(() => {
        // 2 s of keep-alives, well past the 0.8 s idle limit even on a loaded machine.
        if (sent++ < 40) {
          res.write(': PROCESSING\n\n')
          return
        }
        clearInterval(timer)
        res.write(openAIChunk({ role: 'assistant', content: 'Thought it over.' }))
        res.end(`${openAIChunk({}, 'stop')}data: [DONE]\n\n`)
      }, 50)
      res.on('close', () => clearInterval(timer))
    })
    servers.closeAfter(server.close)
    const p = await start(providerEnv('openai-compatible', server.url), { streamIdleMs: 800 })
    const sessionId = await newSession(p.runtime)
    await p.runtime.send({ sessionId, text: 'think hard' })
    expect((await waitForEvent(p.runtime, isTurnEnd)).event).toMatchObject({
      reason: 'completed',
    })
    expect(ofType(logOf(p, sessionId), 'assistant_text').map((t) => t.text)).toEqual([
      'Thought it over.',
    ])
    expect(p.runtime.events.filter((e) => e.type === 'text_delta').map((e) => e.text)).toEqual([
      'Thought it over.',
    ])
    // The next request carries the reply that came after the keep-alives.
    const second = await p.runtime.send({ sessionId, text: 'and then?' })
    await waitForEvent(
      p.runtime,
      (e) =>
        isTurnEnd(e) &&
        second.ok &&
        e.event.type === 'turn_end' &&
        e.event.turnId === second.turnId,
    )
    const next = wireConversation(modelRequests(p.requests)[1]!).filter((m) => m.role !== 'system')
    expect(next).toEqual([
      { role: 'user', text: 'think hard' },
      { role: 'assistant', text: 'Thought it over.', calls: [] },
      { role: 'user', text: 'and then?' },
    ])
  })
})
