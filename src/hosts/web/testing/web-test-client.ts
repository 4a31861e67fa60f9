import WebSocket from 'ws'
import type { BridgeEvent, BridgeMethod } from '../../../shared/bridge'
import { WEB_SOCKET_PATH, WebServerMessageSchema } from '../../../shared/web-protocol'
import type { WebHost } from '../start-web-host'

/**
 * Test support: a real `ws` client of the web host that speaks web-protocol.ts the way the
 * browser page does (Origin = the served origin, token from the printed URL), with knobs to
 * present the wrong Host, Origin or token.
 */
export interface TestClient {
  socket: WebSocket
  events: BridgeEvent[]
  /** Raw replies by id (results), for assertions on malformed traffic. */
  call(method: BridgeMethod | string, input?: unknown): Promise<unknown>
  sendRaw(data: string | Buffer, binary?: boolean): void
  /** Resolves with the reply to a raw message carrying this id. */
  reply(id: number): Promise<unknown>
  nextEvent<T extends BridgeEvent>(match: (event: BridgeEvent) => event is T): Promise<T>
  closed: Promise<{ code: number }>
  close(): void
}

export interface ConnectOptions {
  origin?: string | null
  host?: string
  token?: string | null
  path?: string
  /** Over TLS (the remote listener), trusting exactly this certificate. */
  ca?: string
}

/** What a client needs to know of a host: what `parley serve` prints is enough. */
export type HostAddress = Pick<WebHost, 'port' | 'token' | 'origin'>

export function socketUrl(host: HostAddress, options: ConnectOptions = {}): string {
  const token = options.token === undefined ? host.token : options.token
  const query = token === null ? '' : `?token=${encodeURIComponent(token)}`
  return `${options.ca ? 'wss' : 'ws'}://127.0.0.1:${host.port}${options.path ?? WEB_SOCKET_PATH}${query}`
}

/** Opens a connection; rejects with the HTTP status when the host refuses the upgrade. */
export function connect(host: HostAddress, options: ConnectOptions = {}): Promise<TestClient> {
  const origin = options.origin === undefined ? host.origin : options.origin
  const socket = new WebSocket(socketUrl(host, options), {
    ...(origin !== null && { origin }),
    ...(options.host !== undefined && { headers: { host: options.host } }),
    ...(options.ca !== undefined && { ca: options.ca }),
  })
  const events: BridgeEvent[] = []
  const eventWaiters = new Set<(event: BridgeEvent) => void>()
  const replyWaiters = new Map<number, (result: unknown) => void>()
  const replies = new Map<number, unknown>()
  let nextId = 1_000_000
  socket.on('message', (data) => {
    const message = WebServerMessageSchema.parse(JSON.parse(String(data)))
    if (message.kind === 'event') {
      events.push(message.event)
      for (const waiter of eventWaiters) waiter(message.event)
    } else {
      replies.set(message.id, message.result)
      replyWaiters.get(message.id)?.(message.result)
    }
  })
  const closed = new Promise<{ code: number }>((resolve) =>
    socket.on('close', (code) => resolve({ code })),
  )
  const reply = (id: number) =>
    replies.has(id)
      ? Promise.resolve(replies.get(id))
      : new Promise<unknown>((resolve) => replyWaiters.set(id, resolve))
  const client: TestClient = {
    socket,
    events,
    closed,
    call(method, input) {
      const id = nextId++
      socket.send(JSON.stringify({ id, method, input }))
      return reply(id)
    },
    sendRaw: (data, binary = false) => socket.send(data, { binary }),
    reply,
    nextEvent<T extends BridgeEvent>(match: (event: BridgeEvent) => event is T) {
      const seen = events.find(match)
      if (seen) return Promise.resolve(seen)
      return new Promise<T>((resolve) => {
        const waiter = (event: BridgeEvent) => {
          if (!match(event)) return
          eventWaiters.delete(waiter)
          resolve(event)
        }
        eventWaiters.add(waiter)
      })
    },
    close: () => socket.close(),
  }
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(client))
    socket.once('unexpected-response', (_request, response) => {
      reject(
        Object.assign(new Error(`refused: ${response.statusCode}`), {
          status: response.statusCode,
        }),
      )
      socket.terminate()
    })
    socket.on('error', reject)
  })
}
