import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import {
  assistantTexts,
  isTurnEnd,
  makeRig,
  newSession,
  readLogRecords,
  startRuntime,
  waitForEvent,
  type TestRuntime,
} from '../testing/runtime-test-kit'
import { resolveBackend } from './model-backend'
import { StoredSettingsSchema } from '../../../shared/settings'

interface Seen {
  auth: string | undefined
  body: {
    model: string
    messages: Array<{ role: string; content?: unknown }>
    tools?: Array<{ function: { name: string } }>
  }
}

function chunk(delta: object, finish: string | null = null): string {
  return `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`
}

async function body(req: IncomingMessage): Promise<string> {
  let text = ''
  for await (const part of req) text += String(part)
  return text
}

/** A local OpenAI-compatible server: first call asks for list_files, second call answers. */
function fakeOpenAI(
  seen: Seen[],
  mode: 'normal' | 'silent' = 'normal',
): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    void body(req).then((text) => {
      seen.push({ auth: req.headers.authorization, body: JSON.parse(text) as Seen['body'] })
      res.writeHead(200, { 'content-type': 'text/event-stream' })
      if (mode === 'silent') return // headers, then nothing: a stalled model
      if (seen.length === 1) {
        res.write(chunk({ role: 'assistant', content: 'Looking ' }))
        res.write(chunk({ content: 'around.' }))
        res.write(
          chunk({
            tool_calls: [
              {
                index: 0,
                id: 'call_1',
                type: 'function',
                function: { name: 'list_files', arguments: '{}' },
              },
            ],
          }),
        )
        res.write(chunk({}, 'tool_calls'))
      } else {
        res.write(chunk({ role: 'assistant', content: 'All done.' }))
        res.write(chunk({}, 'stop'))
      }
      res.end('data: [DONE]\n\n')
    })
  })
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1` }),
    ),
  )
}

const servers: Server[] = []
const runtimes: TestRuntime[] = []
afterEach(async () => {
  await Promise.all(runtimes.splice(0).map((r) => r.close()))
  for (const s of servers.splice(0)) {
    s.closeAllConnections()
    s.close()
  }
})

describe('the OpenAI-compatible backend', () => {
  it('runs a tool loop against a local server: tools offered, key sent, tool result fed back', async () => {
    const seen: Seen[] = []
    const { server, url } = await fakeOpenAI(seen)
    servers.push(server)
    const rig = makeRig({ turns: [{ steps: [{}] }] })
    const runtime = await startRuntime(rig, {
      scenarioPath: undefined,
      env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: url, PARLEY_MODEL: 'local-model' },
    })
    runtimes.push(runtime)
    expect((await runtime.getSettings({})).backendLabel).toBe(`local-model · ${new URL(url).host}`)
    const sessionId = await newSession(runtime)
    await runtime.send({ sessionId, text: 'what is here?' })
    expect((await waitForEvent(runtime, isTurnEnd)).event).toMatchObject({ reason: 'completed' })

    expect(seen).toHaveLength(2)
    expect(seen[0]?.auth).toBe('Bearer sk-test')
    expect(seen[0]?.body.model).toBe('local-model')
    expect(seen[0]?.body.tools?.map((t) => t.function.name)).toContain('AskUserQuestion')
    expect(seen[1]?.body.messages.map((m) => m.role)).toEqual([
      'system',
      'user',
      'assistant',
      'tool',
    ])
    expect(assistantTexts(readLogRecords(rig, sessionId))).toEqual(['Looking around.', 'All done.'])
    expect(runtime.events.filter((e) => e.type === 'text_delta').length).toBeGreaterThanOrEqual(3)
  })

  it('a model that goes quiet is aborted by the watchdog with a clear error', async () => {
    const seen: Seen[] = []
    const { server, url } = await fakeOpenAI(seen, 'silent')
    servers.push(server)
    const rig = makeRig({ turns: [{ steps: [{}] }] })
    const runtime = await startRuntime(rig, {
      scenarioPath: undefined,
      streamIdleMs: 300,
      env: { OPENAI_BASE_URL: url },
    })
    runtimes.push(runtime)
    const sessionId = await newSession(runtime)
    await runtime.send({ sessionId, text: 'hello' })
    const end = await waitForEvent(runtime, isTurnEnd)
    expect(end.event).toMatchObject({
      reason: 'error',
      errorKind: 'server',
      error:
        'The model sent nothing for 0.3 s, so the turn was stopped. Press Retry, or raise the stream idle limit in Settings if the model needs longer.',
    })
  })
})

describe('backend choice', () => {
  const settings = StoredSettingsSchema.parse({})
  const none = { openaiApiKey: undefined, anthropicApiKey: undefined }

  it('falls back to the labelled demo scenario when nothing is configured', async () => {
    const backend = await resolveBackend({
      scenarioPath: undefined,
      env: {},
      settings,
      secrets: none,
    })
    expect(backend).toMatchObject({ id: 'fake:demo', label: 'Demo scenario (fake backend)' })
  })

  it('prefers Anthropic when its key is set, with PARLEY_MODEL', async () => {
    const backend = await resolveBackend({
      scenarioPath: undefined,
      env: { ANTHROPIC_API_KEY: 'k', PARLEY_MODEL: 'claude-x' },
      settings,
      secrets: none,
    })
    expect(backend.id).toBe('anthropic:claude-x')
  })

  it('reports an invalid scenario file clearly', async () => {
    const rig = makeRig({ turns: [{ steps: [{}] }] })
    const { writeFileSync } = await import('node:fs')
    writeFileSync(rig.scenarioPath, '{"turns": []}')
    await expect(
      resolveBackend({ scenarioPath: rig.scenarioPath, env: {}, settings, secrets: none }),
    ).rejects.toThrow(/scenario .* is invalid/)
  })
})
