import { afterEach, describe, expect, it, vi } from 'vitest'
import { BRIDGE_CALLS } from '../../../shared/bridge'
import { StoredSettingsSchema } from '../../../shared/settings'
import { resolveBackend } from './model-backend'
import { resolveProviderConfig } from './provider-config'
import {
  isTurnEnd,
  makeRig,
  newSession,
  nthInteraction,
  startRuntime,
  waitForEvent,
  type TestRuntime,
} from '../testing/runtime-test-kit'
import {
  modelRequests,
  providerEnv,
  scriptReplies,
  providerServersPerTest,
  startSseServer,
} from './testing/provider-servers'

const servers = providerServersPerTest()
const { start } = servers
const runtimes: TestRuntime[] = []
afterEach(async () => {
  vi.useRealTimers()
  vi.unstubAllEnvs()
  await Promise.all(runtimes.splice(0).map((runtime) => runtime.close()))
})

const settings = StoredSettingsSchema.parse({})
const noSecrets = { openaiApiKey: undefined, anthropicApiKey: undefined }

describe('empty provider variables mean unset', () => {
  it('an empty ANTHROPIC_BASE_URL does not stop Parley from starting, and the key still selects Anthropic', async () => {
    // The provider package reads process.env itself; Parley must not let it.
    vi.stubEnv('ANTHROPIC_BASE_URL', '')
    const rig = makeRig({ turns: [{ steps: [{}] }] })
    const runtime = await startRuntime(rig, {
      scenarioPath: undefined,
      env: { ANTHROPIC_API_KEY: 'k', ANTHROPIC_BASE_URL: '' },
    })
    runtimes.push(runtime)
    expect((await runtime.getSettings({})).backendLabel).toBe('Anthropic · claude-sonnet-4-5')
  })

  it('the demo runs with empty provider variables set', async () => {
    vi.stubEnv('ANTHROPIC_BASE_URL', '')
    const env = {
      ANTHROPIC_BASE_URL: '',
      ANTHROPIC_API_KEY: ' ',
      OPENAI_BASE_URL: '',
      OPENAI_API_KEY: '',
      PARLEY_MODEL: '',
      PARLEY_FAKE_DELAY_MS: '0',
    }
    const rig = makeRig({ turns: [{ steps: [{}] }] })
    const runtime = await startRuntime(rig, { scenarioPath: undefined, env })
    runtimes.push(runtime)
    expect((await runtime.getSettings({})).backendLabel).toBe('Demo scenario (fake backend)')
    const sessionId = await newSession(runtime)
    await runtime.send({ sessionId, text: 'hi' })
    expect((await nthInteraction(runtime, 1)).kind).toBe('permission')
  })

  it('an unusable base URL fails the turn with a plain message instead of the start-up', async () => {
    const p = await start({ OPENAI_BASE_URL: 'localhost:1234', OPENAI_API_KEY: 'k' })
    const sessionId = await newSession(p.runtime)
    await p.runtime.send({ sessionId, text: 'hi' })
    const end = await waitForEvent(p.runtime, isTurnEnd)
    expect(end.event).toMatchObject({ reason: 'error', errorKind: 'request' })
    expect(end.event.type === 'turn_end' && end.event.error).toContain(
      'the base URL "localhost:1234" is not a URL',
    )
  })
})

describe('which model and which server', () => {
  it('PARLEY_MODEL wins over the model saved in Settings, and Settings says so', async () => {
    scriptReplies(servers.mock, [{ content: 'one' }, { content: 'two' }])
    const rig = makeRig({ turns: [{ steps: [{}] }] })
    const first = await start(providerEnv('openai-compatible', servers.mock.url), {
      dataDir: rig.dataDir,
    })
    await first.runtime.updateSettings({ model: 'saved-model' })
    await first.runtime.close()

    const env = { ...providerEnv('openai-compatible', servers.mock.url), PARLEY_MODEL: 'env-model' }
    const p = await start(env, { dataDir: rig.dataDir })
    const publicSettings = await p.runtime.getSettings({})
    expect(publicSettings).toMatchObject({ model: 'saved-model', modelOverride: 'env-model' })
    expect(publicSettings.backendLabel).toContain('env-model')
    const sessionId = await newSession(p.runtime)
    await p.runtime.send({ sessionId, text: 'hi' })
    await waitForEvent(p.runtime, isTurnEnd)
    expect(modelRequests(p.requests)[0]?.body).toMatchObject({ model: 'env-model' })

    const { PARLEY_MODEL: _, ...withoutModel } = env
    const q = await start(withoutModel, { dataDir: rig.dataDir })
    expect((await q.runtime.getSettings({})).modelOverride).toBeUndefined()
    const other = await newSession(q.runtime)
    await q.runtime.send({ sessionId: other, text: 'hi' })
    await waitForEvent(q.runtime, isTurnEnd)
    expect(modelRequests(q.requests)[0]?.body).toMatchObject({ model: 'saved-model' })
  })

  it('the Anthropic base URL from Settings is used, with or without /v1', async () => {
    scriptReplies(servers.mock, [{ content: 'Hello from Anthropic-compatible.' }])
    const p = await start({})
    const saved = await p.runtime.updateSettings({
      provider: 'anthropic',
      anthropicBaseUrl: servers.mock.url,
      anthropicApiKey: 'sk-ant-test',
      model: 'claude-local',
    })
    expect(saved.ok && saved.settings.backendLabel).toBe(
      `claude-local · ${new URL(servers.mock.url).host}`,
    )
    const sessionId = await newSession(p.runtime)
    await p.runtime.send({ sessionId, text: 'hi' })
    expect((await waitForEvent(p.runtime, isTurnEnd)).event).toMatchObject({
      reason: 'completed',
    })
    const [request] = modelRequests(p.requests)
    expect(request?.url).toBe(`${servers.mock.url}/v1/messages`)
    expect(request?.headers['x-api-key']).toBe('sk-ant-test')
  })

  it('Settings name the provider: a key in the environment for another provider does not take over', () => {
    const config = resolveProviderConfig({
      env: { ANTHROPIC_API_KEY: 'from-shell' },
      settings: { ...settings, openaiBaseUrl: 'http://127.0.0.1:11434/v1' },
      secrets: noSecrets,
    })
    expect(config).toMatchObject({
      kind: 'openai-compatible',
      baseURL: 'http://127.0.0.1:11434/v1',
    })
  })

  it('only an Anthropic base URL (a keyless local server) selects Anthropic, with /v1 added', () => {
    expect(
      resolveProviderConfig({
        env: { ANTHROPIC_BASE_URL: 'http://127.0.0.1:4000/' },
        settings,
        secrets: noSecrets,
      }),
    ).toMatchObject({ kind: 'anthropic', baseURL: 'http://127.0.0.1:4000/v1', apiKey: undefined })
  })

  it('a provider package is not loaded to resolve the backend', async () => {
    const backend = await resolveBackend({
      scenarioPath: undefined,
      env: { ANTHROPIC_API_KEY: 'k', PARLEY_MODEL: 'claude-x' },
      settings,
      secrets: noSecrets,
      fetch: () => {
        throw new Error('no request expected')
      },
    })
    expect(backend).toMatchObject({ id: 'anthropic:claude-x', fake: false })
  })
})

describe('listModels', () => {
  it.each(['openai-compatible', 'anthropic'] as const)(
    '%s: asks the server’s /models, with the key',
    async (format) => {
      servers.mock.on({ model: 'llama3.2:3b' }, { content: 'x' })
      servers.mock.on({ model: 'qwen2.5-coder' }, { content: 'x' })
      const p = await start(providerEnv(format, servers.mock.url))
      expect(await p.runtime.listModels({})).toEqual({
        ok: true,
        models: ['llama3.2:3b', 'qwen2.5-coder'],
        from: 'server',
      })
      const [request] = p.requests
      expect(request?.url).toMatch(/\/v1\/models(\?limit=1000)?$/)
      expect(
        format === 'anthropic' ? request?.headers['x-api-key'] : request?.headers.authorization,
      ).toBe(format === 'anthropic' ? 'test-key' : 'Bearer test-key')
    },
  )

  it('suggests the models of the provider in the Settings form before it is saved', async () => {
    servers.mock.on({ model: 'from-the-form' }, { content: 'x' })
    const p = await start({})
    const candidate = {
      provider: 'openai-compatible' as const,
      model: '',
      openaiBaseUrl: `${servers.mock.url}/v1`,
      anthropicBaseUrl: '',
    }
    expect(await p.runtime.listModels({ candidate })).toMatchObject({
      ok: true,
      models: ['from-the-form'],
      from: 'server',
    })
  })

  it('falls back to the built-in list where the server has no /models', async () => {
    const server = await startSseServer((res) => {
      res.writeHead(404, { 'content-type': 'text/plain' })
      res.end('not here')
    })
    servers.closeAfter(server.close)
    const p = await start(providerEnv('openai-compatible', server.url))
    expect(await p.runtime.listModels({})).toMatchObject({
      ok: true,
      from: 'builtin',
      models: expect.arrayContaining(['gpt-4.1']),
    })
  })
})

describe('testConnection', () => {
  it('says the configured model answered', async () => {
    scriptReplies(servers.mock, [{ content: 'OK' }])
    const p = await start(providerEnv('openai-compatible', servers.mock.url))
    expect(await p.runtime.testConnection({})).toEqual({
      ok: true,
      message: `Connected: test-model · ${new URL(servers.mock.url).host} answered.`,
    })
    expect(modelRequests(p.requests)).toHaveLength(1)
  })

  it('says in plain words that the key was refused', async () => {
    scriptReplies(servers.mock, [
      { error: { message: 'Invalid API key', type: 'authentication_error' }, status: 401 },
    ])
    const p = await start(providerEnv('anthropic', servers.mock.url))
    expect(await p.runtime.testConnection({})).toEqual({
      ok: false,
      reason: 'failed',
      message:
        'The server refused the API key (HTTP 401: "Invalid API key"). Check it in Settings.',
    })
  })

  it('says the server is not running', async () => {
    const server = await startSseServer(() => {})
    server.close()
    const p = await start(providerEnv('openai-compatible', server.url))
    expect(await p.runtime.testConnection({})).toEqual({
      ok: false,
      reason: 'failed',
      message: `Can't reach ${server.url}. Is the server running?`,
    })
  })

  it('the demo has nothing to connect to', async () => {
    const p = await start({})
    expect(await p.runtime.testConnection({})).toMatchObject({ ok: true })
    expect(p.requests).toEqual([])
  })

  it('tests the provider in the Settings form, unsaved, with the key typed there, and saves nothing', async () => {
    scriptReplies(servers.mock, [{ content: 'OK' }])
    const p = await start({})
    const candidate = {
      provider: 'openai-compatible' as const,
      model: 'typed-model',
      openaiBaseUrl: `${servers.mock.url}/v1`,
      anthropicBaseUrl: '',
      openaiApiKey: 'typed-key',
    }
    const result = await p.runtime.testConnection({ candidate })
    expect(result).toEqual({
      ok: true,
      message: `Connected: typed-model · ${new URL(servers.mock.url).host} answered.`,
    })
    expect(JSON.stringify(result)).not.toContain('typed-key')
    expect(modelRequests(p.requests)[0]?.headers.authorization).toBe('Bearer typed-key')
    // Still the demo: nothing of the form was kept.
    expect(await p.runtime.testConnection({})).toMatchObject({ ok: true })
    expect((await p.runtime.getSettings({})).provider).not.toBe('openai-compatible')
  })

  it('a candidate whose address is not one is refused as bad input before anything runs', async () => {
    const bad = {
      provider: 'openai-compatible',
      model: '',
      openaiBaseUrl: 'not a url',
      anthropicBaseUrl: '',
    }
    expect(BRIDGE_CALLS.testConnection.input.safeParse({ candidate: bad }).success).toBe(false)
  })
})

describe('the stream idle limit', () => {
  it('comes from the streamIdleSeconds setting', async () => {
    let sawRequest: () => void = () => {}
    const requested = new Promise<void>((resolve) => (sawRequest = resolve))
    const server = await startSseServer(() => sawRequest()) // never answers
    servers.closeAfter(server.close)
    const p = await start(providerEnv('openai-compatible', server.url))
    await p.runtime.updateSettings({ streamIdleSeconds: 5 })
    const sessionId = await newSession(p.runtime)
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    await p.runtime.send({ sessionId, text: 'hi' })
    await requested
    await vi.advanceTimersByTimeAsync(4_900)
    expect(p.runtime.events.some(isTurnEnd)).toBe(false)
    await vi.advanceTimersByTimeAsync(200)
    // The UIs see the end once its checkpoint (a real git process) is taken.
    vi.useRealTimers()
    const end = p.runtime.events.find(isTurnEnd) ?? (await waitForEvent(p.runtime, isTurnEnd))
    expect(end.event).toMatchObject({ reason: 'error', errorKind: 'server' })
    expect(end.event.type === 'turn_end' && end.event.error).toContain('sent nothing for 5 s')
  })
})
