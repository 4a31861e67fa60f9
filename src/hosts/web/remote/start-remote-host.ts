import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:https'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { networkInterfaces } from 'node:os'
import { join } from 'node:path'
import type { Duplex } from 'node:stream'
import { WebSocketServer, type RawData, type WebSocket } from 'ws'
import { z } from 'zod'
import type { BridgeHandlers } from '../../../shared/bridge-dispatch'
import { coalesceDeltas } from '../../../shared/coalesce-deltas'
import { contentSecurityPolicy } from '../../../shared/content-security-policy'
import type { DeviceRef } from '../../../shared/devices'
import { LIMITS } from '../../../shared/limits'
import { WEB_SOCKET_PATH, type WebServerMessage } from '../../../shared/web-protocol'
import type { DeviceStore } from '../../../main/runtime/remote/device-store'
import { writePrivateFile } from '../../../main/runtime/settings/private-file'
import { answerWebMessage } from '../answer-web-message'
import { rawText, type WebHostRuntime } from '../start-web-host'
import { serveStatic } from '../static-files'
import { refuseForDevice } from './device-access'
import { deviceSettingsView } from './device-settings'
import { AttemptLimiter, PairingCodes } from './pairing-codes'
import { loadOrCreateCertificate } from './tls-certificate'

/** Where the phone opens the app to pair: `https://ADDRESS:PORT/pair#code=CODE` (pinned). */
export const PAIR_PATH = '/pair'

/** WebSocket close code a revoked device's pages get. */
export const REVOKED_CLOSE_CODE = 4401

const MAX_FRAME_BYTES = 2 * LIMITS.payloadBytes + 64 * 1024
const MAX_BUFFERED_BYTES = 64 * 1024 * 1024
const MAX_PAIR_BODY_BYTES = 4 * 1024

const PairBodySchema = z.strictObject({
  code: z.string().min(1).max(100),
  /** What the device calls itself; shown in Settings → Devices. */
  name: z.string().max(120),
})

/** The runtime as the remote listener needs it: a device's calls carry which device made them. */
export interface RemoteHostRuntime extends WebHostRuntime {
  /** The same calls, with every answer recorded as made from `device`. */
  forDevice?(device: DeviceRef): BridgeHandlers
}

export interface StartRemoteHostOptions {
  runtime: RemoteHostRuntime
  devices: DeviceStore
  /** Holds the certificate and the remembered port (`remote/`). */
  dataDir: string
  rendererDir: string
  /** The port to try first; the one used last time (kept in the data dir) unless given; 0 = any. */
  port?: number
  /** The interface to listen on: every one (the LAN and 127.0.0.1) unless a test narrows it. */
  bind?: string
  /** The machine's LAN addresses; read from the system unless a test pins them. */
  lanAddresses?: readonly string[]
  /** Clock for pairing codes and rate limits; tests move it. */
  now?: () => number
}

export interface RemoteHost {
  readonly port: number
  /** The LAN addresses the listener answers to (besides 127.0.0.1 and localhost). */
  readonly addresses: readonly string[]
  /** The certificate (PEM), for a client that should trust exactly it. */
  readonly certificate: string
  /** A new single-use pairing link, valid ten minutes: `https://ADDRESS:PORT/pair#code=CODE`. */
  pairingLink(): string
  /** Open pages of one device right now. */
  connectionsOf(deviceId: string): number
  close(): Promise<void>
}

/** This machine's IPv4 LAN addresses (not loopback). */
export function lanAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flatMap((list) => list ?? [])
    .filter((net) => net.family === 'IPv4' && !net.internal)
    .map((net) => net.address)
}

function rememberedPort(dataDir: string): number {
  try {
    const port = Number(readFileSync(join(dataDir, 'remote', 'port'), 'utf8').trim())
    return Number.isInteger(port) && port > 0 && port < 65536 ? port : 0
  } catch {
    return 0
  }
}

async function listen(server: Server, port: number, bind: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, bind, () => {
      server.off('error', reject)
      server.on('error', () => undefined)
      resolve()
    })
  })
}

/** Reads a small request body; null when it is larger than `max` bytes. */
async function readBody(request: IncomingMessage, max: number): Promise<string | null> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of request) {
    const buffer = chunk as Buffer
    size += buffer.length
    if (size > max) return null
    chunks.push(buffer)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/**
 * `parley serve --remote`: the app over HTTPS on the LAN (and on 127.0.0.1, same port), for
 * paired devices only. The page itself holds no data; a device pairs by posting a one-time code
 * from the printed link and gets its own token, and only then may it open the bridge — a narrower
 * one than the computer's (`refuseForDevice`). Every request must name this server in Host; pairing
 * and the socket must come from the page this server served (Origin). A refused request gets a
 * bare status and nothing else.
 */
export async function startRemoteHost(options: StartRemoteHostOptions): Promise<RemoteHost> {
  const { runtime, devices } = options
  const now = options.now ?? Date.now
  const addresses = options.lanAddresses ?? lanAddresses()
  const { key, cert } = await loadOrCreateCertificate(options.dataDir, addresses)
  const codes = new PairingCodes(now)
  const limiter = new AttemptLimiter(now)
  let port = 0
  const allowedHosts = () =>
    ['127.0.0.1', 'localhost', ...addresses].map((host) => `${host}:${port}`)
  const hostOf = (request: IncomingMessage) => {
    const host = request.headers.host ?? ''
    return allowedHosts().includes(host) ? host : null
  }
  const headers = {
    'Content-Security-Policy': contentSecurityPolicy(),
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Strict-Transport-Security': 'max-age=31536000',
  }
  const bare = (response: ServerResponse, status: number) => {
    response.writeHead(status, { 'Content-Length': '0', 'Cache-Control': 'no-store' })
    response.end()
  }

  const pair = async (request: IncomingMessage, response: ServerResponse, host: string) => {
    if (request.headers.origin !== `https://${host}`) return bare(response, 403)
    if (!limiter.allow(request.socket.remoteAddress ?? '')) return bare(response, 429)
    const text = await readBody(request, MAX_PAIR_BODY_BYTES)
    let body: z.infer<typeof PairBodySchema> | null
    try {
      const parsed = PairBodySchema.safeParse(JSON.parse(text ?? ''))
      body = parsed.success ? parsed.data : null
    } catch {
      body = null
    }
    if (!body) return bare(response, 400)
    if (!codes.redeem(body.code).ok) return bare(response, 403)
    const { device, token } = await devices.add(body.name.replace(/\p{Cc}/gu, ''))
    response.writeHead(200, {
      ...headers,
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
    })
    response.end(JSON.stringify({ token, device }))
  }

  const server = createServer({ key, cert }, (request, response) => {
    const host = hostOf(request)
    if (!host) return bare(response, 403)
    const path = URL.parse(request.url ?? '/', 'https://x')?.pathname ?? '/'
    if (path === PAIR_PATH && request.method === 'POST') {
      pair(request, response, host).catch(() => response.destroy())
      return
    }
    // The pairing link opens the app itself, which then pairs with the code in its fragment.
    if (path === PAIR_PATH) request.url = '/'
    serveStatic(request, response, { root: options.rendererDir, headers }).catch(() =>
      response.destroy(),
    )
  })

  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES })
  const byDevice = new Map<string, Set<WebSocket>>()
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy())
    const refuse = () =>
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n')
    const host = hostOf(request)
    const url = URL.parse(request.url ?? '', 'https://x')
    if (!host || url?.pathname !== WEB_SOCKET_PATH) return refuse()
    if (request.headers.origin !== `https://${host}`) return refuse()
    const device = devices.verify(url.searchParams.get('token') ?? '')
    if (!device) return refuse()
    sockets.handleUpgrade(request, socket, head, (client) => {
      const open = byDevice.get(device.id) ?? new Set()
      open.add(client)
      byDevice.set(device.id, open)
      client.on('close', () => open.delete(client))
      connected(client, { id: device.id, name: device.name })
    })
  })

  const send = (client: WebSocket, message: WebServerMessage | string) => {
    if (client.readyState !== client.OPEN) return
    if (client.bufferedAmount > MAX_BUFFERED_BYTES) return client.terminate()
    client.send(typeof message === 'string' ? message : JSON.stringify(message))
  }
  const connected = (client: WebSocket, device: DeviceRef) => {
    devices.used(device.id)
    const handlers = deviceHandlers(runtime.forDevice?.(device) ?? runtime)
    client.on('error', () => client.terminate())
    client.on('message', (data: RawData, isBinary: boolean) => {
      if (isBinary) return
      devices.used(device.id)
      void answerWebMessage(handlers, rawText(data), refuseForDevice).then(
        (reply) => reply && send(client, reply),
        () => undefined,
      )
    })
  }

  // A revoked device's pages are cut off at once.
  const offRevoked = devices.onRevoked(({ revoked }) => {
    for (const client of byDevice.get(revoked) ?? []) client.close(REVOKED_CLOSE_CODE, 'revoked')
    byDevice.delete(revoked)
  })
  const offEvents = runtime.onEvent(
    coalesceDeltas((event) => {
      const message = JSON.stringify({ kind: 'event', event } satisfies WebServerMessage)
      for (const client of sockets.clients) send(client, message)
    }, setImmediate),
  )

  const bind = options.bind ?? '0.0.0.0'
  const wanted = options.port ?? rememberedPort(options.dataDir)
  try {
    await listen(server, wanted, bind).catch((error: NodeJS.ErrnoException) => {
      // The port remembered from last time is taken: any free one will do.
      if (options.port === undefined && wanted !== 0 && error.code === 'EADDRINUSE')
        return listen(server, 0, bind)
      throw error
    })
  } catch (error) {
    offRevoked()
    offEvents()
    throw error
  }
  const address = server.address()
  port = typeof address === 'object' && address !== null ? address.port : 0
  await writePrivateFile(join(options.dataDir, 'remote', 'port'), `${port}\n`)

  let closing: Promise<void> | undefined
  return {
    port,
    addresses,
    certificate: cert,
    pairingLink() {
      const { code } = codes.issue()
      return `https://${addresses[0] ?? '127.0.0.1'}:${port}${PAIR_PATH}#code=${code}`
    },
    connectionsOf: (deviceId) => byDevice.get(deviceId)?.size ?? 0,
    close() {
      closing ??= (async () => {
        offRevoked()
        offEvents()
        for (const client of sockets.clients) client.terminate()
        sockets.close()
        await new Promise<void>((resolve) => {
          server.close(() => resolve())
          server.closeAllConnections()
        })
      })()
      return closing
    },
  }
}

/** The calls a device's socket runs: the runtime's, with Settings as a device may see them. */
function deviceHandlers(handlers: BridgeHandlers): BridgeHandlers {
  const getSettings: BridgeHandlers['getSettings'] = async (input) =>
    deviceSettingsView(await handlers.getSettings(input))
  return new Proxy(handlers, {
    get(target, key) {
      if (key === 'getSettings') return getSettings
      const value: unknown = Reflect.get(target, key)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}
