import { describe, expect, it } from 'vitest'
import type { BridgeEvent } from '../../../shared/bridge'
import type { SessionEvent, TurnEndEvent } from '../../../shared/session-events'
import { createRuntime } from '../create-runtime'
import { isTurnEnd, newSession, readLogRecords, waitForEvent } from '../testing/runtime-test-kit'
import {
  modelRequests,
  openAIChunk,
  providerEnv,
  scriptReplies,
  providerServersPerTest,
  startSseServer,
  wireConversation,
  type MockReply,
  type ProviderRig,
  type WireFormat,
} from './testing/provider-servers'

/**
 * Failures over real HTTP (aimock, or a bare SSE server where aimock cannot produce the
 * condition): what the person sees, what the log holds, and what the next request carries.
 */

const servers = providerServersPerTest()
const { start } = servers

const endOf = async (p: ProviderRig, turnId?: string): Promise<TurnEndEvent> => {
  const event = await waitForEvent(
    p.runtime,
    (e) =>
      e.type === 'session_event' &&
      e.event.type === 'turn_end' &&
      (turnId === undefined || e.event.turnId === turnId),
  )
  if (event.type !== 'session_event' || event.event.type !== 'turn_end') throw new Error('no end')
  return event.event
}
const retrying = (events: BridgeEvent[]) =>
  events.filter(
    (e): e is Extract<BridgeEvent, { type: 'turn_retrying' }> => e.type === 'turn_retrying',
  )
const ofType = <T extends SessionEvent['type']>(events: SessionEvent[], type: T) =>
  events.filter((e): e is Extract<SessionEvent, { type: T }> => e.type === type)

/** A plain message: no SDK error names, no JSON. */
function expectPlain(error: string | undefined) {
  expect(error).toBeTruthy()
  expect(error).not.toMatch(/AI_|APICallError|\{"/)
}

const rateLimited: MockReply = {
  error: { message: 'Too many requests', type: 'rate_limit_error' },
  status: 429,
  retryAfter: 7,
}
const serverError: MockReply = {
  error: { message: 'upstream exploded', type: 'server_error' },
  status: 500,
}

describe.each<WireFormat>(['openai-compatible', 'anthropic'])('%s failures', (format) => {
  it('429 with Retry-After: waits as the server asks, says so while it waits, then carries on', async () => {
    scriptReplies(servers.mock, [rateLimited, rateLimited, { content: 'Finally.' }])
    const p = await start(providerEnv(format, servers.mock.url))
    const sessionId = await newSession(p.runtime)
    await p.runtime.send({ sessionId, text: 'hello' })
    expect(await endOf(p)).toMatchObject({ reason: 'completed' })
    expect(p.sleeps).toEqual([7_000, 7_000])
    expect(
      retrying(p.runtime.events).map(({ attempt, maxAttempts, retryInMs, message }) => ({
        attempt,
        maxAttempts,
        retryInMs,
        message,
      })),
    ).toEqual([
      { attempt: 2, maxAttempts: 4, retryInMs: 7_000, message: 'rate limited by the server' },
      { attempt: 3, maxAttempts: 4, retryInMs: 7_000, message: 'rate limited by the server' },
    ])
    const requests = modelRequests(p.requests)
    expect(requests).toHaveLength(3)
    expect(wireConversation(requests[2]!)).toEqual(wireConversation(requests[0]!))
    expect(ofType(readLogRecords(p.rig, sessionId), 'assistant_text').map((t) => t.text)).toEqual([
      'Finally.',
    ])
  })

  it('429 that does not stop: the turn ends as rate_limit, in plain words, after 3 retries', async () => {
    scriptReplies(servers.mock, [rateLimited, rateLimited, rateLimited, rateLimited])
    const p = await start(providerEnv(format, servers.mock.url))
    const sessionId = await newSession(p.runtime)
    await p.runtime.send({ sessionId, text: 'hello' })
    const end = await endOf(p)
    expect(end).toMatchObject({ reason: 'error', errorKind: 'rate_limit' })
    expectPlain(end.error)
    expect(end.error).toContain('Rate limited by')
    expect(end.error).toContain('retried 3 times')
    expect(end.errorDetail).toContain('HTTP 429')
    expect(modelRequests(p.requests)).toHaveLength(4)
    expect(readLogRecords(p.rig, sessionId).at(-1)).toEqual(end)
  })

  it('500: retried with backoff, then the turn ends as a server error the person can retry', async () => {
    scriptReplies(servers.mock, [
      serverError,
      serverError,
      serverError,
      serverError,
      { content: 'Back.' },
    ])
    const p = await start(providerEnv(format, servers.mock.url))
    const sessionId = await newSession(p.runtime)
    await p.runtime.send({ sessionId, text: 'hello' })
    const end = await endOf(p)
    expect(end).toMatchObject({ reason: 'error', errorKind: 'server' })
    expectPlain(end.error)
    expect(end.error).toContain('HTTP 500')
    expect(end.error).toContain('upstream exploded')
    expect(p.sleeps).toEqual([2_000, 4_000, 8_000])

    // Retry: a new turn without a new user message; the request carries the same conversation.
    const retried = await p.runtime.retryTurn({ sessionId })
    expect(retried.ok).toBe(true)
    expect(await endOf(p, retried.ok ? retried.turnId : '')).toMatchObject({
      reason: 'completed',
    })
    const log = readLogRecords(p.rig, sessionId)
    expect(ofType(log, 'user_message')).toHaveLength(1)
    expect(ofType(log, 'turn_retry')).toEqual([
      expect.objectContaining({ retryOf: end.turnId, turnId: retried.ok && retried.turnId }),
    ])
    const requests = modelRequests(p.requests)
    expect(wireConversation(requests.at(-1)!)).toEqual(wireConversation(requests[0]!))
    // After a completed turn there is nothing to retry.
    expect(await p.runtime.retryTurn({ sessionId })).toMatchObject({
      ok: false,
      reason: 'nothing_to_retry',
    })
  })

  it('401: not retried; the person is told to check the key in Settings', async () => {
    scriptReplies(servers.mock, [
      { error: { message: 'Invalid API key', type: 'authentication_error' }, status: 401 },
    ])
    const p = await start(providerEnv(format, servers.mock.url))
    const sessionId = await newSession(p.runtime)
    await p.runtime.send({ sessionId, text: 'hello' })
    const end = await endOf(p)
    expect(end).toMatchObject({
      reason: 'error',
      errorKind: 'auth',
      error: 'The server refused the API key (HTTP 401: "Invalid API key"). Check it in Settings.',
    })
    expect(retrying(p.runtime.events)).toEqual([])
    expect(modelRequests(p.requests)).toHaveLength(1)
  })

  it('a connection reset mid-stream: the text already shown is kept as cut off, survives a restart, and the model reads it next', async () => {
    const full = 'The answer begins here and goes on for quite a while longer.'
    scriptReplies(servers.mock, [
      { reply: { content: full }, options: { chunkSize: 6, latency: 5, truncateAfterChunks: 5 } },
      { content: 'Picking up.' },
    ])
    const p = await start(providerEnv(format, servers.mock.url))
    const sessionId = await newSession(p.runtime)
    await p.runtime.send({ sessionId, text: 'tell me' })
    const end = await endOf(p)
    expect(end).toMatchObject({ reason: 'error', errorKind: 'network' })
    expectPlain(end.error)
    expect(end.error).toContain('broke while the reply was streaming')
    expect(end.errorDetail).toContain('Failed to process successful response')
    expect(end.errorDetail).toMatch(/other side closed|ECONNRESET|terminated/)
    expect(retrying(p.runtime.events)).toEqual([])

    const shown = p.runtime.events
      .flatMap((e) => (e.type === 'text_delta' ? [e.text] : []))
      .join('')
    expect(shown.length).toBeGreaterThan(0)
    expect(full.startsWith(shown)).toBe(true)
    const [kept] = ofType(readLogRecords(p.rig, sessionId), 'assistant_text')
    expect(kept).toMatchObject({ text: shown, cutOff: true, turnId: end.turnId })

    // Survives a restart (the log is what a reload reads).
    await p.runtime.close()
    const again = await createRuntime({
      dataDir: p.rig.dataDir,
      interactive: true,
      env: providerEnv(format, servers.mock.url),
    })
    const opened = await again.openSession({ sessionId })
    expect(opened.ok && opened.events.some((e) => e.type === 'assistant_text' && e.cutOff)).toBe(
      true,
    )
    await again.close()

    // The model reads it, with a note, in the next request.
    const q = await start(providerEnv(format, servers.mock.url), { dataDir: p.rig.dataDir })
    await q.runtime.send({ sessionId, text: 'go on' })
    await endOf(q)
    const next = wireConversation(modelRequests(q.requests)[0]!).filter((m) => m.role !== 'system')
    expect(next.map((m) => m.role)).toEqual(['user', 'assistant', 'user'])
    expect(next[1]?.role === 'assistant' && next[1].text).toContain(shown.trimEnd())
    expect(next[1]?.role === 'assistant' && next[1].text).toContain('cut off')
  })

  it('a reset before anything arrived is retried by itself', async () => {
    scriptReplies(servers.mock, [
      { reply: { content: 'lost' }, options: { truncateAfterChunks: 1 } },
      { content: 'Second try.' },
    ])
    const p = await start(providerEnv(format, servers.mock.url))
    const sessionId = await newSession(p.runtime)
    await p.runtime.send({ sessionId, text: 'hello' })
    expect(await endOf(p)).toMatchObject({ reason: 'completed' })
    expect(retrying(p.runtime.events)).toEqual([
      expect.objectContaining({ attempt: 2, message: 'the connection broke' }),
    ])
    expect(ofType(readLogRecords(p.rig, sessionId), 'assistant_text').map((t) => t.text)).toEqual([
      'Second try.',
    ])
  })

  it('a stall: the watchdog stops the turn with a clear error, and Retry asks again', async () => {
    scriptReplies(servers.mock, [
      // Far past the 0.3 s idle limit, so a loaded machine cannot make the reply arrive in time.
      { reply: { content: 'too late' }, options: { latency: 4_000 } },
      { content: 'Here now.' },
    ])
    const p = await start(providerEnv(format, servers.mock.url), { streamIdleMs: 300 })
    const sessionId = await newSession(p.runtime)
    await p.runtime.send({ sessionId, text: 'hello' })
    const end = await endOf(p)
    expect(end).toMatchObject({ reason: 'error', errorKind: 'server' })
    expect(end.error).toContain('sent nothing for 0.3 s')
    expect(retrying(p.runtime.events)).toEqual([])
    const retried = await p.runtime.retryTurn({ sessionId })
    expect(await endOf(p, retried.ok ? retried.turnId : '')).toMatchObject({
      reason: 'completed',
    })
    const requests = modelRequests(p.requests)
    expect(wireConversation(requests[1]!)).toEqual(wireConversation(requests[0]!))
  })
})

describe('failures aimock cannot produce (a bare SSE server)', () => {
  it('malformed SSE after some text: the text is kept, the error says the reply could not be read', async () => {
    const server = await startSseServer((res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' })
      res.write(openAIChunk({ role: 'assistant', content: 'Partial ' }))
      res.end('data: {"id":"c1","choices":[{"delta":{"content":"bro\n\n')
    })
    servers.closeAfter(server.close)
    const p = await start(providerEnv('openai-compatible', server.url))
    const sessionId = await newSession(p.runtime)
    await p.runtime.send({ sessionId, text: 'hello' })
    const end = await endOf(p)
    expect(end).toMatchObject({ reason: 'error', errorKind: 'server' })
    expectPlain(end.error)
    expect(end.error).toContain('could not read')
    expect(end.errorDetail).toMatch(/JSON/)
    expect(ofType(readLogRecords(p.rig, sessionId), 'assistant_text')).toEqual([
      expect.objectContaining({ text: 'Partial ', cutOff: true }),
    ])
  })

  it('a server that is not running: "Can\'t reach …: is the server running?", retried first', async () => {
    const server = await startSseServer(() => {})
    server.close()
    const p = await start(providerEnv('openai-compatible', server.url))
    const sessionId = await newSession(p.runtime)
    await p.runtime.send({ sessionId, text: 'hello' })
    const end = await endOf(p)
    expect(end).toMatchObject({ reason: 'error', errorKind: 'network' })
    expect(end.error).toBe(`Can't reach ${server.url}; retried 3 times. Is the server running?`)
    expect(end.errorDetail).toContain('ECONNREFUSED')
    expect(retrying(p.runtime.events)).toHaveLength(3)
  })
})

describe('retryTurn', () => {
  it('is refused when there is nothing to retry, or the session is unknown', async () => {
    const p = await start(providerEnv('openai-compatible', servers.mock.url))
    const sessionId = await newSession(p.runtime)
    expect(await p.runtime.retryTurn({ sessionId })).toMatchObject({
      ok: false,
      reason: 'nothing_to_retry',
    })
    expect(await p.runtime.retryTurn({ sessionId: 's-unknown' })).toEqual({
      ok: false,
      reason: 'not_found',
    })
  })

  it('a turn that ends in an error while the person was stopped by nothing else shows the retry in the log once', async () => {
    scriptReplies(servers.mock, [
      { error: { message: 'nope', type: 'server_error' }, status: 503 },
      { error: { message: 'nope', type: 'server_error' }, status: 503 },
      { error: { message: 'nope', type: 'server_error' }, status: 503 },
      { error: { message: 'nope', type: 'server_error' }, status: 503 },
      { content: 'ok' },
    ])
    const p = await start(providerEnv('openai-compatible', servers.mock.url))
    const sessionId = await newSession(p.runtime)
    await p.runtime.send({ sessionId, text: 'hello' })
    await waitForEvent(p.runtime, isTurnEnd)
    const [first, second] = await Promise.all([
      p.runtime.retryTurn({ sessionId }),
      p.runtime.retryTurn({ sessionId }),
    ])
    expect([first.ok, second.ok].sort()).toEqual([false, true])
    expect(second.ok ? first : second).toMatchObject({ reason: 'busy' })
  })
})
