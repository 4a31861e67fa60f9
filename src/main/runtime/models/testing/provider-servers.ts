import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { LLMock } from '@copilotkit/aimock'
import { afterEach, beforeEach } from 'vitest'
import type { RuntimeOptions } from '../../runtime-types'
import {
  makeRig,
  startRuntime,
  type TestRig,
  type TestRuntime,
} from '../../testing/runtime-test-kit'

/**
 * Test scaffolding for the real provider packages over real HTTP: aimock (an OpenAI- and
 * Anthropic-compatible mock server the project did not write) on 127.0.0.1, a fetch that records
 * what the runtime sends, and a raw SSE server for the few conditions aimock cannot produce.
 */

type ResponseOf<T> = T extends (match: never, response: infer R, ...rest: never[]) => unknown
  ? Exclude<R, (...args: never[]) => unknown>
  : never
/** One reply of aimock (text, tool calls, or an error with a status). */
export type MockReply = ResponseOf<LLMock['on']>
/** Per-reply options: chunk size, latency, cut the stream after n chunks… */
export type MockReplyOptions = NonNullable<Parameters<LLMock['on']>[2]>

/** The two wire formats, as the runtime is configured for them. */
export type WireFormat = 'openai-compatible' | 'anthropic'

export async function startAimock(): Promise<LLMock> {
  // Model ids the SDK does not know (`claude-test`) make it warn on stderr at every call.
  globalThis.AI_SDK_LOG_WARNINGS = false
  const mock = new LLMock({ port: 0, host: '127.0.0.1' })
  await mock.start()
  return mock
}

/**
 * Stops aimock without waiting for sockets it still holds (a request the runtime aborted, such as
 * a stalled stream, can leave one open for seconds).
 */
export async function stopAimock(mock: LLMock): Promise<void> {
  const internals = mock as unknown as {
    serverInstance?: { server?: { closeAllConnections?: () => void } } | null
  }
  internals.serverInstance?.server?.closeAllConnections?.()
  await mock.stop()
}

/**
 * Serves `replies` in order, one per model request, whatever the request says (a shared predicate
 * makes aimock count them as one sequence).
 */
export function scriptReplies(
  mock: LLMock,
  replies: Array<MockReply | { reply: MockReply; options: MockReplyOptions }>,
): void {
  const any = () => true
  replies.forEach((item, sequenceIndex) => {
    const { reply, options } =
      'reply' in item && 'options' in item ? item : { reply: item, options: undefined }
    mock.on({ predicate: any, sequenceIndex }, reply, options)
  })
}

/** The environment that points the runtime at `baseUrl` in one wire format. */
export function providerEnv(format: WireFormat, serverUrl: string): NodeJS.ProcessEnv {
  return format === 'anthropic'
    ? // Without /v1, as Anthropic's own SDKs take it: Parley adds it.
      { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: serverUrl, PARLEY_MODEL: 'claude-test' }
    : { OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: `${serverUrl}/v1`, PARLEY_MODEL: 'test-model' }
}

/** A request as it went over the wire. */
export interface WireRequest {
  url: string
  method: string
  headers: Record<string, string>
  body: unknown
}

/** A fetch that records each request (parsed JSON body) before passing it to the real fetch. */
export function recordingFetch(): { fetch: typeof globalThis.fetch; requests: WireRequest[] } {
  const requests: WireRequest[] = []
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input)
    // Tests never reach beyond this machine, whatever a bug makes the runtime ask for.
    if (!['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url).hostname))
      throw new TypeError('fetch failed', { cause: new Error(`test refused to reach ${url}`) })
    const text = typeof init?.body === 'string' ? init.body : undefined
    requests.push({
      url,
      method: init?.method ?? 'GET',
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      body: text === undefined ? undefined : (JSON.parse(text) as unknown),
    })
    return globalThis.fetch(input, init)
  }
  return { fetch, requests }
}

/** One message of a model request, the same for both wire formats. */
export type WireMessage =
  | { role: 'system' | 'user'; text: string }
  | {
      role: 'assistant'
      text: string
      calls: Array<{ id: string; name: string; input: unknown }>
    }
  | { role: 'tool'; id: string; content: string }

type Loose = Record<string, unknown>
const asArray = (value: unknown): Loose[] => (Array.isArray(value) ? (value as Loose[]) : [])
const textOf = (content: unknown): string =>
  typeof content === 'string'
    ? content
    : asArray(content)
        .map((part) => (part.type === 'text' && typeof part.text === 'string' ? part.text : ''))
        .join('')

/** The conversation a model request carries, in one shape for OpenAI and Anthropic bodies. */
export function wireConversation(request: WireRequest): WireMessage[] {
  const body = request.body as Loose
  const out: WireMessage[] = []
  if (request.url.endsWith('/messages')) {
    for (const message of asArray(body.messages)) {
      const blocks =
        typeof message.content === 'string'
          ? [{ type: 'text', text: message.content }]
          : asArray(message.content)
      if (message.role === 'assistant') {
        out.push({
          role: 'assistant',
          text: textOf(blocks),
          calls: blocks
            .filter((b) => b.type === 'tool_use')
            .map((b) => ({ id: String(b.id), name: String(b.name), input: b.input })),
        })
        continue
      }
      for (const block of blocks) {
        if (block.type === 'tool_result')
          out.push({ role: 'tool', id: String(block.tool_use_id), content: textOf(block.content) })
        else if (block.type === 'text') out.push({ role: 'user', text: String(block.text) })
      }
    }
    return out
  }
  for (const message of asArray(body.messages)) {
    if (message.role === 'assistant')
      out.push({
        role: 'assistant',
        text: textOf(message.content ?? ''),
        calls: asArray(message.tool_calls).map((call) => {
          const fn = call.function as Loose
          return {
            id: String(call.id),
            name: String(fn.name),
            input: JSON.parse(String(fn.arguments)),
          }
        }),
      })
    else if (message.role === 'tool')
      out.push({ role: 'tool', id: String(message.tool_call_id), content: textOf(message.content) })
    else if (message.role === 'system' || message.role === 'user')
      out.push({ role: message.role, text: textOf(message.content) })
  }
  return out
}

/** Model requests only (not `GET /models`). */
export function modelRequests(requests: readonly WireRequest[]): WireRequest[] {
  return requests.filter((r) => /\/(chat\/completions|messages)$/.test(r.url))
}

/**
 * A bare SSE server, for what aimock cannot produce: keep-alive comments spread over time,
 * malformed data lines. `respond` gets each request with its 0-based number.
 */
export async function startSseServer(
  respond: (res: ServerResponse, n: number, req: IncomingMessage) => void,
): Promise<{ url: string; close(): void }> {
  let count = 0
  const server = createServer((req, res) => {
    req.resume()
    req.on('end', () => respond(res, count++, req))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => {
      server.closeAllConnections()
      server.close()
    },
  }
}

/** One OpenAI chat-completion chunk as an SSE data line. */
export function openAIChunk(delta: object, finish: string | null = null): string {
  return `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`
}

/** What a provider test holds: the runtime, its data, what it sent, and how long it asked to wait. */
export interface ProviderRig {
  rig: TestRig
  runtime: TestRuntime
  /** Every HTTP request the runtime made, in order. */
  requests: WireRequest[]
  /** Each wait between automatic retries, in ms (the waits themselves take no time). */
  sleeps: number[]
}

/**
 * A runtime on a real provider (no scenario) with the given environment; retry waits are recorded
 * and skipped, so a test of Retry-After takes no wall-clock time.
 */
export async function startProviderRuntime(
  env: NodeJS.ProcessEnv,
  options: Partial<RuntimeOptions> = {},
): Promise<ProviderRig> {
  const rig = makeRig({ turns: [{ steps: [{}] }] })
  const { fetch, requests } = recordingFetch()
  const sleeps: number[] = []
  const runtime = await startRuntime(rig, {
    scenarioPath: undefined,
    env,
    fetch,
    sleep: async (ms) => {
      sleeps.push(ms)
    },
    ...options,
  })
  return { rig, runtime, requests, sleeps }
}

/** What {@link providerServersPerTest} gives a test file. */
export interface ProviderServers {
  /** This test's aimock, started before it. */
  readonly mock: LLMock
  /** A runtime on a real provider, closed after the test. */
  start(env: NodeJS.ProcessEnv, options?: Partial<RuntimeOptions>): Promise<ProviderRig>
  /** Closes another server the test started, after it. */
  closeAfter(close: () => void): void
}

/**
 * The provider tests' hooks: a fresh aimock before each test; after it, every runtime and server
 * the test started is closed, then the mock.
 */
export function providerServersPerTest(): ProviderServers {
  let current: LLMock | undefined
  const rigs: ProviderRig[] = []
  const closers: Array<() => void> = []
  beforeEach(async () => {
    current = await startAimock()
  })
  afterEach(async () => {
    await Promise.all(rigs.splice(0).map((r) => r.runtime.close()))
    for (const close of closers.splice(0)) close()
    if (current) await stopAimock(current)
    current = undefined
  })
  return {
    get mock() {
      if (!current) throw new Error('aimock runs only inside a test')
      return current
    },
    async start(env, options = {}) {
      const rig = await startProviderRuntime(env, options)
      rigs.push(rig)
      return rig
    },
    closeAfter(close) {
      closers.push(close)
    },
  }
}
