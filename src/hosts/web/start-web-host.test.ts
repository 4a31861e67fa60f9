import fc from 'fast-check'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { request } from 'node:http'
import { connect as netConnect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeAll, afterAll, beforeEach, describe, expect, it } from 'vitest'
import { type BridgeEvent } from '../../shared/bridge'
import { BRIDGE_METHODS } from '../../shared/bridge-methods'
import { LIMITS } from '../../shared/limits'
import {
  exerciseEveryCall,
  expectBridgeError,
  oversizedPayload,
  WRONGLY_TYPED,
  expectSafeReply,
} from '../../main/desktop/testing/bridge-conformance'
import { createFakeRuntime, type FakeRuntime } from '../../main/desktop/testing/fake-runtime'
import { startWebHost, type WebHost } from './start-web-host'
import { connect, type TestClient } from './testing/web-test-client'

let rendererDir: string
let runtime: FakeRuntime
let host: WebHost
const clients: TestClient[] = []

beforeAll(async () => {
  rendererDir = await mkdtemp(join(tmpdir(), 'parley-renderer-'))
  await mkdir(join(rendererDir, 'assets'))
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>Parley</title>')
  await writeFile(join(rendererDir, 'assets', 'index-abc.js'), 'console.log(1)')
  await writeFile(join(rendererDir, 'assets', 'index-abc.css'), 'body{}')
  await writeFile(join(rendererDir, '..', 'parley-secret-beside.txt'), 'secret')
})
afterAll(async () => {
  await rm(rendererDir, { recursive: true, force: true })
  await rm(join(rendererDir, '..', 'parley-secret-beside.txt'), { force: true })
})

beforeEach(async () => {
  runtime = createFakeRuntime()
  host = await startWebHost({ runtime, port: 0, rendererDir })
})
afterEach(async () => {
  for (const client of clients.splice(0)) client.close()
  await host.close()
})

const open = async (options?: Parameters<typeof connect>[1]) => {
  const client = await connect(host, options)
  clients.push(client)
  return client
}

/** A plain HTTP GET with an explicit Host header (fetch would not let us forge it). */
function get(
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<{
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: host.port,
        path,
        method,
        headers: { host: `127.0.0.1:${host.port}`, ...headers },
      },
      (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (body += chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
      },
    )
    req.on('error', reject)
    req.end()
  })
}

describe('startWebHost', () => {
  it('listens on 127.0.0.1 only, on a free port, and its URL carries a fresh random token', async () => {
    expect(host.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#token=[A-Za-z0-9_-]{43}$/)
    expect(host.port).toBeGreaterThan(0)
    const other = await startWebHost({ runtime, port: 0, rendererDir })
    expect(other.token).not.toBe(host.token)
    expect(other.port).not.toBe(host.port)
    await other.close()
  })

  it('reports a port already in use instead of crashing', async () => {
    await expect(startWebHost({ runtime, port: host.port, rendererDir })).rejects.toMatchObject({
      code: 'EADDRINUSE',
    })
  })
})

describe('serving the built renderer', () => {
  it('serves the app page and assets with their types and a strict CSP allowing only its own socket', async () => {
    const page = await get('/')
    expect(page.status).toBe(200)
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(page.body).toContain('<title>Parley</title>')
    const csp = String(page.headers['content-security-policy'])
    expect(csp).toContain("script-src 'self'")
    expect(csp).toContain(
      `connect-src 'self' ws://127.0.0.1:${host.port} ws://localhost:${host.port}`,
    )
    expect(page.headers['x-content-type-options']).toBe('nosniff')
    expect((await get('/assets/index-abc.js')).headers['content-type']).toBe(
      'text/javascript; charset=utf-8',
    )
    expect((await get('/assets/index-abc.css')).headers['content-type']).toBe(
      'text/css; charset=utf-8',
    )
    expect((await get('/index.html?x=1')).status).toBe(200)
  })

  it('never serves a file outside the renderer folder', async () => {
    for (const path of [
      '/../parley-secret-beside.txt',
      '/%2e%2e/parley-secret-beside.txt',
      '/assets/..%2f..%2fparley-secret-beside.txt',
      '/..%5cparley-secret-beside.txt',
      '/%00index.html',
      '/%E0%A4%A',
    ]) {
      const response = await get(path)
      expect([400, 404], path).toContain(response.status)
      expect(response.body).not.toContain('secret')
    }
    expect((await get('/missing.js')).status).toBe(404)
    expect((await get('/favicon.ico')).status).toBe(204)
    expect((await get('/assets')).status).toBe(404)
  })

  it('refuses a foreign Host header (DNS rebinding) and methods other than GET/HEAD', async () => {
    expect((await get('/', { host: 'evil.example:80' })).status).toBe(403)
    expect((await get('/', { host: `attacker.test:${host.port}` })).status).toBe(403)
    expect((await get('/', { host: `localhost:${host.port}` })).status).toBe(200)
    expect((await get('/', {}, 'POST')).status).toBe(405)
    expect((await get('/', {}, 'HEAD')).body).toBe('')
  })

  it('says the app is not built when the renderer folder is empty', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'parley-empty-'))
    const bare = await startWebHost({ runtime, rendererDir: empty })
    const response = await new Promise<number>((resolve) =>
      request(
        {
          host: '127.0.0.1',
          port: bare.port,
          path: '/',
          headers: { host: `127.0.0.1:${bare.port}` },
        },
        (res) => {
          res.resume()
          resolve(res.statusCode ?? 0)
        },
      ).end(),
    )
    expect(response).toBe(503)
    await bare.close()
    await rm(empty, { recursive: true })
  })
})

describe('who may open the WebSocket', () => {
  it('accepts the served page: its origin (either name), its Host and the token', async () => {
    await open()
    await open({ origin: `http://localhost:${host.port}`, host: `localhost:${host.port}` })
    expect(host.clientCount()).toBe(2)
  })

  const refusals: Array<[string, (h: WebHost) => Parameters<typeof connect>[1], number]> = [
    ['a foreign Origin', () => ({ origin: 'https://evil.example' }), 403],
    ['a same-machine page on another port', () => ({ origin: 'http://127.0.0.1:1' }), 403],
    ['a file:// page', () => ({ origin: 'null' }), 403],
    ['no Origin at all', () => ({ origin: null }), 403],
    ['a rebound Host name', (h) => ({ host: `evil.example:${h.port}` }), 403],
    ['a Host with another port', () => ({ host: '127.0.0.1:1' }), 403],
    ['no token', () => ({ token: null }), 403],
    ['an empty token', () => ({ token: '' }), 403],
    ['a wrong token of the right length', (h) => ({ token: 'x'.repeat(h.token.length) }), 403],
    ['a prefix of the token', (h) => ({ token: h.token.slice(0, 10) }), 403],
    ['another path', () => ({ path: '/socket' }), 404],
  ]
  it.each(refusals)('refuses %s before any call', async (_name, options, status) => {
    await expect(connect(host, options(host))).rejects.toMatchObject({ status })
    expect(host.clientCount()).toBe(0)
    expect(runtime.calls).toEqual([])
  })
})

describe('a hostile peer', () => {
  it('cannot crash the host by resetting during the handshake or sending garbage HTTP', async () => {
    for (const payload of [
      `GET /ws?token=${host.token} HTTP/1.1\r\nHost: 127.0.0.1:${host.port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n`,
      `GET /ws HTTP/1.1\r\nHost: evil\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n`,
      '\u0000\u0001 not http at all\r\n\r\n',
    ]) {
      await new Promise<void>((resolve) => {
        const socket = netConnect(host.port, '127.0.0.1', () => {
          socket.write(payload)
          socket.resetAndDestroy()
          resolve()
        })
        socket.on('error', () => undefined)
      })
    }
    const client = await open()
    expect(await client.call('listSessions', {})).toEqual([])
  })
})

describe('bridge calls over the WebSocket', () => {
  it('runs every call end to end with valid input', async () => {
    const client = await open()
    const seen = await exerciseEveryCall((method, input) => client.call(method, input))
    expect([...seen].sort()).toEqual([...BRIDGE_METHODS].sort())
  })

  it('answers wrongly typed payloads for every call with invalid_input and changes nothing', async () => {
    const client = await open()
    await client.call('createSession', { title: 'Keep me' })
    const before = runtime.snapshot()
    const callsBefore = runtime.calls.length
    for (const [method, input] of WRONGLY_TYPED)
      expectBridgeError(await client.call(method, input), 'invalid_input')
    expect(runtime.snapshot()).toBe(before)
    expect(runtime.calls.length).toBe(callsBefore)
  })

  it('refuses an oversized payload with a typed error and keeps the connection', async () => {
    const client = await open()
    expectBridgeError(await client.call('send', oversizedPayload()), 'invalid_input')
    expect(runtime.calls).toEqual([])
    expect(await client.call('listSessions', {})).toEqual([])
  })

  it('closes a connection whose frame is far beyond any valid payload, and keeps serving others', async () => {
    const big = await open()
    const other = await open()
    big.sendRaw(
      JSON.stringify({
        id: 1,
        method: 'send',
        input: { text: 'x'.repeat(2 * LIMITS.payloadBytes + 70_000) },
      }),
    )
    expect((await big.closed).code).toBe(1009)
    expect(await other.call('listSessions', {})).toEqual([])
    expect(runtime.calls).toEqual(['listSessions'])
  })

  it('answers malformed messages with a typed error when their id is readable, and otherwise ignores them', async () => {
    const client = await open()
    client.sendRaw('{not json')
    client.sendRaw('null')
    client.sendRaw('[1,2,3]')
    client.sendRaw(Buffer.from(JSON.stringify({ id: 5, method: 'listSessions', input: {} })), true)
    client.sendRaw(JSON.stringify({ id: 7, method: 42, input: {} }))
    client.sendRaw(JSON.stringify({ id: 8, method: 'listSessions', input: {}, extra: true }))
    client.sendRaw(JSON.stringify({ id: 9, method: 'rm -rf /', input: {} }))
    client.sendRaw(JSON.stringify({ id: 10, method: '__proto__', input: {} }))
    client.sendRaw(JSON.stringify({ id: 11, method: 'constructor', input: {} }))
    expectBridgeError(await client.reply(7), 'invalid_input')
    expectBridgeError(await client.reply(8), 'invalid_input')
    expectBridgeError(await client.reply(9), 'unknown_method')
    expectBridgeError(await client.reply(10), 'unknown_method')
    expectBridgeError(await client.reply(11), 'unknown_method')
    expect(await client.call('listSessions', {})).toEqual([])
    expect(runtime.calls).toEqual(['listSessions'])
  })

  it('survives arbitrary JSON as a message and as any call’s input: typed answers, no change unless valid', async () => {
    const client = await open()
    await client.call('createSession', { title: 'Existing' })
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...BRIDGE_METHODS),
        fc.jsonValue(),
        fc.jsonValue(),
        async (method, input, junk) => {
          const before = runtime.snapshot()
          client.sendRaw(JSON.stringify(junk))
          const result = await client.call(method, input)
          expectSafeReply(method, input, result, before, runtime.snapshot())
        },
      ),
      { numRuns: 200 },
    )
    expect(host.clientCount()).toBe(1)
  })
})

describe('live events', () => {
  it('reach every connected tab, and an answer from one tab settles the request for all', async () => {
    const first = await open()
    const second = await open()
    const created = (await first.call('createSession', {})) as { session: { id: string } }
    const sessionId = created.session.id
    await first.call('send', { sessionId, text: 'go' })
    const isAdded = (e: BridgeEvent): e is Extract<BridgeEvent, { type: 'interaction_added' }> =>
      e.type === 'interaction_added' && e.interaction.kind === 'permission'
    const [seenByFirst, seenBySecond] = await Promise.all([
      first.nextEvent(isAdded),
      second.nextEvent(isAdded),
    ])
    expect(seenBySecond).toEqual(seenByFirst)
    const requestId = seenByFirst.interaction.requestId
    const isSettled = (
      e: BridgeEvent,
    ): e is Extract<BridgeEvent, { type: 'interaction_settled' }> =>
      e.type === 'interaction_settled' && e.requestId === requestId
    expect(await second.call('respondToPermission', { requestId, decision: 'deny' })).toEqual({
      ok: true,
    })
    // The slower tab's answer arrives late and is refused, not applied.
    expect(await first.call('respondToPermission', { requestId, decision: 'allow' })).toMatchObject(
      {
        ok: false,
        reason: 'unknown_request',
      },
    )
    const [a, b] = await Promise.all([first.nextEvent(isSettled), second.nextEvent(isSettled)])
    expect(a.outcome).toBe('denied')
    expect(b.outcome).toBe('denied')
  })

  it('on close, finishes the calls it is running before it resolves (a draft saved as Parley quits is kept)', async () => {
    let release: () => void = () => {}
    const gate = new Promise<void>((resolve) => (release = resolve))
    const list = runtime.listSessions.bind(runtime)
    let started = 0
    let finished = 0
    runtime.listSessions = async (input) => {
      started++
      await gate
      finished++
      return list(input)
    }
    const client = await open()
    for (let i = 0; i < 3; i++) void client.call('listSessions', {})
    await expect.poll(() => started).toBe(3)
    const closed = host.close()
    setTimeout(release, 20)
    await closed
    expect(finished).toBe(3)
  })

  it('on close, does not wait on a call that never finishes: the quit goes ahead', async () => {
    let started = false
    runtime.listSessions = () => {
      started = true
      return new Promise(() => {})
    }
    const client = await open()
    void client.call('listSessions', {})
    await expect.poll(() => started).toBe(true)
    await host.close()
    expect((await client.closed).code).toBe(1001)
  })

  it('disconnects every tab with 1001 on close and stops forwarding events', async () => {
    const client = await open()
    await host.close()
    expect((await client.closed).code).toBe(1001)
    await runtime.createSession({})
    expect(client.events).toEqual([])
  })
})
