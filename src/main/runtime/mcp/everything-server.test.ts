import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FormResponse } from '../../../shared/form-schema'
import { McpServerInfoSchema } from '../../../shared/mcp-servers'
import type { Json } from '../../../shared/session-events'
import { McpServerManager } from './server-manager'
import { FakeAsker } from './testing/fake-asker'
import { entry, everythingServer, everythingServerScript } from './testing/mcp-servers'

/**
 * Against `@modelcontextprotocol/server-everything`, the MCP project's own reference server: its
 * tools through Parley's tool adapter, its elicitation form through the (fake) interaction broker,
 * and what the server says it received.
 */

const ELICIT = 'mcp__everything__trigger-elicitation-request'

function call(toolCallId: string, input: Json = {}, signal = new AbortController().signal) {
  return { sessionId: 's1', turnId: 't1', toolCallId, input, signal }
}

/** The text items of a successful result, joined. */
function resultText(output: Json): string {
  if (output === null || typeof output !== 'object' || Array.isArray(output)) return ''
  const content = output.content
  if (!Array.isArray(content)) return ''
  return content
    .map((item) =>
      item !== null &&
      typeof item === 'object' &&
      !Array.isArray(item) &&
      typeof item.text === 'string'
        ? item.text
        : '',
    )
    .join('\n')
}

/** The ElicitResult the server echoes back ("Raw result: {…}"), as it received it. */
function rawResult(output: Json): unknown {
  const text = resultText(output)
  const at = text.indexOf('Raw result: ')
  return at === -1 ? undefined : JSON.parse(text.slice(at + 'Raw result: '.length))
}

async function answerElicitation(
  manager: McpServerManager,
  asker: FakeAsker,
  response: FormResponse,
) {
  const pending = manager.call(ELICIT, call('call-elicit'))
  const asked = await asker.next()
  asked.answer({ kind: 'answered', value: response })
  return { asked, outcome: await pending }
}

describe('server-everything over stdio', () => {
  const asker = new FakeAsker()
  const manager = new McpServerManager({
    workspace: tmpdir(),
    asker,
    baseEnv: {
      ...process.env,
      OPENAI_API_KEY: 'sk-openai-secret',
      ANTHROPIC_API_KEY: 'sk-ant-secret',
      ANTHROPIC_AUTH_TOKEN: 'auth-secret',
      PARLEY_UNRELATED_SECRET: 'not-for-servers',
      LANG: 'C.UTF-8',
    },
  })

  beforeAll(async () => {
    await manager.setServers([
      entry('everything', { ...everythingServer(), env: { PARLEY_CONFIGURED: 'from-config' } }),
    ])
  }, 60_000)
  afterAll(() => manager.close())

  it('starts the server and lists its tools as mcp__everything__<tool> with their schemas and hints', () => {
    const [info] = manager.list()
    expect(info?.status).toEqual({ state: 'ready' })
    const tools = new Map(manager.tools().map((tool) => [tool.name, tool]))
    expect([...tools.keys()]).toEqual(
      expect.arrayContaining([
        'mcp__everything__echo',
        'mcp__everything__get-sum',
        'mcp__everything__get-tiny-image',
        'mcp__everything__get-structured-content',
        ELICIT,
      ]),
    )
    const echo = tools.get('mcp__everything__echo')
    expect(echo).toMatchObject({
      server: 'everything',
      serverToolName: 'echo',
      description: 'Echoes back the input string',
      readOnlyHint: true,
      inputSchema: { type: 'object', required: ['message'] },
    })
    expect(tools.get(ELICIT)?.readOnlyHint).toBe(false)
    expect(info?.tools.map((tool) => tool.name)).toEqual(manager.tools().map((tool) => tool.name))
    // What Settings will receive satisfies the shared contract.
    expect(McpServerInfoSchema.array().safeParse(manager.list()).success).toBe(true)
  })

  it('calls a tool and returns its text as the tool result', async () => {
    const outcome = await manager.call(
      'mcp__everything__echo',
      call('call-echo', { message: 'hello' }),
    )
    expect(outcome).toEqual({
      output: { content: [{ type: 'text', text: 'Echo: hello' }] },
      isError: false,
    })
    const sum = await manager.call('mcp__everything__get-sum', call('call-sum', { a: 2, b: 40 }))
    expect(resultText(sum.output)).toContain('42')
  })

  it('keeps a small image inline and structured content beside the text', async () => {
    const image = await manager.call('mcp__everything__get-tiny-image', call('call-image'))
    const items = (image.output as { content: Array<Record<string, Json>> }).content
    const picture = items.find((item) => item.type === 'image')
    expect(picture).toMatchObject({ type: 'image', mimeType: 'image/png' })
    expect(typeof picture?.data).toBe('string')
    expect(picture?.bytes).toBeGreaterThan(1000)

    const weather = await manager.call(
      'mcp__everything__get-structured-content',
      call('call-weather', { location: 'New York' }),
    )
    expect(weather.output).toMatchObject({
      structuredContent: { temperature: expect.any(Number), conditions: expect.any(String) },
    })
  })

  it('reports input the server rejects as an error result the model can act on', async () => {
    const outcome = await manager.call('mcp__everything__echo', call('call-bad', { message: 42 }))
    expect(outcome.isError).toBe(true)
    expect(JSON.stringify(outcome.output)).toMatch(/message/)
  })

  it('starts stdio servers with their configured env and without Parley’s provider keys', async () => {
    const outcome = await manager.call('mcp__everything__get-env', call('call-env'))
    const env = JSON.parse(resultText(outcome.output)) as Record<string, string>
    expect(env.PARLEY_CONFIGURED).toBe('from-config')
    expect(env.LANG).toBe('C.UTF-8')
    expect(env).not.toHaveProperty('OPENAI_API_KEY')
    expect(env).not.toHaveProperty('ANTHROPIC_API_KEY')
    expect(env).not.toHaveProperty('ANTHROPIC_AUTH_TOKEN')
    expect(env).not.toHaveProperty('PARLEY_UNRELATED_SECRET')
  })

  it('puts its elicitation form to the asker, named as the server, tied to the waiting tool call', async () => {
    const pending = manager.call(ELICIT, call('call-form'))
    const asked = await asker.next()
    expect(asked.request).toMatchObject({
      sessionId: 's1',
      turnId: 't1',
      source: { kind: 'mcp', server: 'everything', toolCallId: 'call-form' },
      body: {
        kind: 'form',
        mode: 'form',
        message: 'Please provide inputs for the following fields:',
        requestedSchema: {
          type: 'object',
          required: ['name'],
          properties: {
            name: { type: 'string', title: 'String' },
            integer: { type: 'integer', minimum: 1, maximum: 100 },
            titledSingleSelectEnum: { oneOf: expect.any(Array) },
            legacyTitledEnum: { enumNames: expect.any(Array) },
          },
        },
      },
    })
    expect(typeof (asked.request.source as { rpcId: unknown }).rpcId).toBe('number')
    asked.answer({ kind: 'answered', value: { action: 'cancel' } })
    await pending
  })

  it('sends exactly what was accepted, and the server reports receiving it', async () => {
    const content = {
      name: 'Ada Lovelace',
      check: true,
      email: 'ada@example.com',
      integer: 7,
      number: 2.5,
      untitledSingleSelectEnum: 'Joey',
      untitledMultipleSelectEnum: ['Piano', 'Drums'],
      titledSingleSelectEnum: 'hero-3',
    }
    const { outcome } = await answerElicitation(manager, asker, { action: 'accept', content })
    expect(outcome.isError).toBe(false)
    expect(resultText(outcome.output)).toContain('- Name: Ada Lovelace')
    expect(resultText(outcome.output)).toContain('- Favorite Integer: 7')
    expect(rawResult(outcome.output)).toEqual({ action: 'accept', content })
  })

  it('sends a decline, and the server reports the person declined', async () => {
    const { outcome } = await answerElicitation(manager, asker, { action: 'decline' })
    expect(resultText(outcome.output)).toContain(
      'User declined to provide the requested information',
    )
    expect(rawResult(outcome.output)).toEqual({ action: 'decline' })
  })

  it('sends a cancel, and the server reports the dialog was cancelled', async () => {
    const { outcome } = await answerElicitation(manager, asker, { action: 'cancel' })
    expect(resultText(outcome.output)).toContain('User cancelled the elicitation dialog')
    expect(rawResult(outcome.output)).toEqual({ action: 'cancel' })
  })
})

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

describe('server-everything over Streamable HTTP', () => {
  const asker = new FakeAsker()
  const manager = new McpServerManager({ workspace: tmpdir(), asker })
  let child: ChildProcess | undefined

  beforeAll(async () => {
    const port = await freePort()
    const server = spawn(process.execPath, [everythingServerScript(), 'streamableHttp'], {
      env: { ...process.env, PORT: String(port) },
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    child = server
    await new Promise<void>((resolve, reject) => {
      let seen = ''
      server.stderr?.on('data', (chunk: Buffer) => {
        seen += chunk.toString()
        if (seen.includes('listening on port')) resolve()
      })
      server.once('exit', (code) =>
        reject(new Error(`server-everything exited (${code}): ${seen}`)),
      )
    })
    await manager.setServers([
      entry('remote', {
        transport: 'http',
        url: `http://127.0.0.1:${port}/mcp`,
        headers: { 'X-Parley-Test': 'yes' },
      }),
    ])
    // A real server started from npm: its start-up is not what is measured here.
  }, 60_000)
  afterAll(async () => {
    await manager.close()
    child?.kill()
  })

  it('connects, lists its tools and calls one', async () => {
    expect(manager.list()[0]?.status).toEqual({ state: 'ready' })
    expect(manager.tools().map((tool) => tool.name)).toContain('mcp__remote__echo')
    const outcome = await manager.call(
      'mcp__remote__echo',
      call('call-http', { message: 'over http' }),
    )
    expect(outcome.output).toEqual({ content: [{ type: 'text', text: 'Echo: over http' }] })
  })

  it('carries an elicitation over the HTTP stream and the server receives the answer', async () => {
    const pending = manager.call('mcp__remote__trigger-elicitation-request', call('call-http-form'))
    const asked = await asker.next()
    expect(asked.request.source).toMatchObject({ kind: 'mcp', server: 'remote' })
    asked.answer({ kind: 'answered', value: { action: 'accept', content: { name: 'Grace' } } })
    expect(rawResult((await pending).output)).toEqual({
      action: 'accept',
      content: { name: 'Grace' },
    })
  })
})
