import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { request } from 'node:https'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createFakeRuntime, type FakeRuntime } from '../../../main/desktop/testing/fake-runtime'
import { DeviceStore } from '../../../main/runtime/remote/device-store'
import { connect, type TestClient } from '../testing/web-test-client'
import { PAIRING_CODE_TTL_MS } from './pairing-codes'
import { REVOKED_CLOSE_CODE, startRemoteHost, type RemoteHost } from './start-remote-host'

/** A documentation-only address (TEST-NET-1): printed in links, never contacted. */
const LAN = '192.0.2.10'

let dir: string
let host: RemoteHost
let runtime: FakeRuntime
let devices: DeviceStore
let clock: number
const clients: TestClient[] = []

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'parley-remote-'))
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>Parley</title>')
  clock = Date.UTC(2026, 11, 1, 12)
  devices = new DeviceStore(dir, () => clock)
  runtime = createFakeRuntime()
  host = await startRemoteHost({
    runtime,
    devices,
    dataDir: dir,
    rendererDir: dir,
    port: 0,
    bind: '127.0.0.1',
    lanAddresses: [LAN],
    now: () => clock,
  })
})
afterEach(async () => {
  for (const client of clients.splice(0)) client.close()
  await host.close()
  await rm(dir, { recursive: true, force: true })
})

/** The printed link with its host replaced by 127.0.0.1, as a test may use it. */
const onLoopback = (link: string) => link.replace(`//${LAN}:`, '//127.0.0.1:')
const codeOf = (link: string) => new URL(link).hash.replace('#code=', '')
const origin = () => `https://127.0.0.1:${host.port}`

type Reply = { status: number; body: string }
function https(
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: host.port,
        path,
        method: options.method ?? 'GET',
        ca: host.certificate,
        headers: options.headers,
        // The certificate names 127.0.0.1; a forged Host header must not make the client balk first.
        checkServerIdentity: () => undefined,
      },
      (res) => {
        let body = ''
        res.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
      },
    )
    req.on('error', reject)
    req.end(options.body)
  })
}

const pair = (code: string, headers: Record<string, string> = { origin: origin() }) =>
  https('/pair', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ code, name: 'Pixel 7 · Chrome' }),
  })

const openAs = async (token: string) => {
  const client = await connect(
    { port: host.port, token, origin: origin() },
    { ca: host.certificate },
  )
  clients.push(client)
  return client
}

describe('pairing a phone over HTTPS', () => {
  it('prints a link to the LAN address whose code, sent from the page, pairs the device', async () => {
    const link = host.pairingLink()
    expect(link).toMatch(new RegExp(`^https://${LAN}:${host.port}/pair#code=[\\w-]+$`))
    const page = await https(new URL(onLoopback(link)).pathname)
    expect(page).toMatchObject({ status: 200, body: '<!doctype html><title>Parley</title>' })

    const paired = await pair(codeOf(link))
    expect(paired.status).toBe(200)
    const { token, device } = JSON.parse(paired.body) as { token: string; device: { name: string } }
    expect(device.name).toBe('Pixel 7 · Chrome')
    expect(devices.list().map((d) => d.name)).toEqual(['Pixel 7 · Chrome'])

    const client = await openAs(token)
    expect(await client.call('listInbox', {})).toEqual([])
  })

  it('stores only a hash of the device token', async () => {
    const { token } = JSON.parse((await pair(codeOf(host.pairingLink()))).body) as {
      token: string
    }
    const { readFile } = await import('node:fs/promises')
    const stored = await readFile(devices.path, 'utf8')
    expect(stored).not.toContain(token)
    expect(stored).toMatch(/"tokenHash": "[0-9a-f]{64}"/)
  })

  it('refuses a code used once already, with nothing in the reply', async () => {
    const code = codeOf(host.pairingLink())
    expect((await pair(code)).status).toBe(200)
    expect(await pair(code)).toEqual({ status: 403, body: '' })
    expect(devices.list()).toHaveLength(1)
  })

  it('refuses a code older than ten minutes', async () => {
    const code = codeOf(host.pairingLink())
    clock += PAIRING_CODE_TTL_MS
    expect(await pair(code)).toEqual({ status: 403, body: '' })
    expect(devices.list()).toEqual([])
  })

  it('limits pairing attempts: the sixth guess in a minute is refused even with a good code', async () => {
    for (let i = 0; i < 5; i++) expect((await pair(`guess-${i}`)).status).toBe(403)
    expect(await pair(codeOf(host.pairingLink()))).toEqual({ status: 429, body: '' })
    clock += 60_000
    expect((await pair(codeOf(host.pairingLink()))).status).toBe(200)
  })

  it('refuses pairing from another origin and any request naming another host', async () => {
    const code = codeOf(host.pairingLink())
    expect(await pair(code, { origin: 'https://evil.example' })).toEqual({ status: 403, body: '' })
    expect(await https('/', { headers: { host: `rebound.example:${host.port}` } })).toEqual({
      status: 403,
      body: '',
    })
    expect((await pair(code)).status).toBe(200)
  })

  it('opens the bridge to a paired device only, from the served origin', async () => {
    const { token } = JSON.parse((await pair(codeOf(host.pairingLink()))).body) as {
      token: string
    }
    await expect(openAs('not-a-token')).rejects.toMatchObject({ status: 403 })
    await expect(
      connect({ port: host.port, token, origin: 'https://evil.example' }, { ca: host.certificate }),
    ).rejects.toMatchObject({ status: 403 })
  })

  it('a revoked device is cut off at once and cannot come back', async () => {
    const { token, device } = JSON.parse((await pair(codeOf(host.pairingLink()))).body) as {
      token: string
      device: { id: string }
    }
    const client = await openAs(token)
    expect(host.connectionsOf(device.id)).toBe(1)
    await devices.revoke(device.id)
    expect((await client.closed).code).toBe(REVOKED_CLOSE_CODE)
    await expect(openAs(token)).rejects.toMatchObject({ status: 403 })
  })
})

describe('what a paired device may do', () => {
  it("reads Settings without a secret: no agent's environment or command line, no notice address, no URL's password", async () => {
    await runtime.updateSettings({
      agents: [
        {
          id: 'claude',
          name: 'Claude Code',
          command: '/home/me/bin/claude-acp',
          args: ['--api-key', 'sk-ant-argument-secret'],
          env: { ANTHROPIC_API_KEY: 'sk-ant-env-secret' },
        },
      ],
      notifyUrl: 'https://ntfy.sh/my-secret-topic',
      openaiBaseUrl: 'https://me:hunter2@llm.example:8443/v1?key=query-secret',
      defaultWorkspace: '/home/me/acme-layoffs',
    })
    const { token } = JSON.parse((await pair(codeOf(host.pairingLink()))).body) as {
      token: string
    }
    const settings = await (await openAs(token)).call('getSettings', {})
    const text = JSON.stringify(settings)
    for (const secret of [
      'sk-ant-argument-secret',
      'sk-ant-env-secret',
      'ANTHROPIC_API_KEY',
      'my-secret-topic',
      'hunter2',
      'query-secret',
      '/home/me',
    ])
      expect(text).not.toContain(secret)
    expect(settings).toMatchObject({
      defaultMode: 'ask',
      backendLabel: 'Fake runtime',
      openaiBaseUrl: 'https://llm.example:8443',
      agents: [{ id: 'claude', name: 'Claude Code' }],
    })
  })

  it('answers and reads, but may not change settings, pair devices or switch to bypass', async () => {
    const { token } = JSON.parse((await pair(codeOf(host.pairingLink()))).body) as {
      token: string
    }
    const client = await openAs(token)
    expect(await client.call('listSessions', {})).toEqual([])
    for (const [method, input] of [
      ['updateSettings', { defaultMode: 'bypass' }],
      ['listDevices', {}],
      ['revokeDevice', { deviceId: 'x' }],
      ['approveMcpServers', { workspace: '/w', hash: 'h' }],
      ['addMcpServer', { name: 'x', command: 'sh', args: ['-c', 'id'] }],
      ['createSession', {}],
      ['setSessionMode', { sessionId: 's1', mode: 'bypass' }],
      ['listCheckpoints', { sessionId: 's1' }],
      ['previewCheckpoint', { sessionId: 's1', turnId: 't1' }],
      ['restoreCheckpoint', { sessionId: 's1', turnId: 't1', restore: 'both', force: true }],
    ] as const)
      expect(await client.call(method, input)).toMatchObject({ ok: false, reason: 'forbidden' })
  })

  it('answers a permission for this turn only: no lasting rule, no rule list, no removal', async () => {
    const { token } = JSON.parse((await pair(codeOf(host.pairingLink()))).body) as {
      token: string
    }
    const client = await openAs(token)
    for (const scope of ['session', 'project', 'global'] as const)
      expect(
        await client.call('respondToPermission', {
          requestId: 'perm-1',
          decision: 'allow',
          remember: true,
          scope,
        }),
      ).toMatchObject({ ok: false, reason: 'forbidden' })
    expect(await client.call('listPermissionRules', {})).toMatchObject({ reason: 'forbidden' })
    expect(await client.call('removePermissionRule', { ruleId: 'rule-1' })).toMatchObject({
      reason: 'forbidden',
    })
    // For the turn, the call goes through (to a request that is not waiting).
    expect(
      await client.call('respondToPermission', {
        requestId: 'perm-1',
        decision: 'allow',
        remember: true,
        scope: 'turn',
      }),
    ).toMatchObject({ ok: false, reason: 'unknown_request' })
  })
})
