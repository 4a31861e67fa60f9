import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer, type RawData, type WebSocket } from 'ws'
import type { BridgeEvent } from '../../shared/bridge'
import type { BridgeHandlers } from '../../shared/bridge-dispatch'
import { coalesceDeltas } from '../../shared/coalesce-deltas'
import { contentSecurityPolicy } from '../../shared/content-security-policy'
import { LIMITS } from '../../shared/limits'
import type { WebServerMessage } from '../../shared/web-protocol'
import { answerWebMessage } from './answer-web-message'
import { serveStatic } from './static-files'
import { allowedHosts, checkUpgrade } from './upgrade-guard'

/** The address the web host binds to. Never anything reachable from another machine. */
export const WEB_HOST_ADDRESS = '127.0.0.1'

/**
 * Frames larger than this close the connection (1009) without being read. Below it, a message is
 * parsed and `dispatchBridgeCall` refuses any input over LIMITS.payloadBytes with a typed error;
 * the slack covers the envelope and JSON escaping.
 */
const MAX_FRAME_BYTES = 2 * LIMITS.payloadBytes + 64 * 1024

/** A tab that stops reading is dropped before its unsent events fill the host's memory. */
const MAX_BUFFERED_BYTES = 64 * 1024 * 1024
/**
 * How long a close waits for tabs to finish their close handshake, and then for the calls still
 * being answered (a draft lands in milliseconds; a connection test may take seconds, and a quit
 * does not wait for it).
 */
const CLOSE_GRACE_MS = 1_000

/** What the web host needs from the runtime: the bridge calls and the live events. */
export interface WebHostRuntime extends BridgeHandlers {
  onEvent(listener: (event: BridgeEvent) => void): () => void
}

export interface StartWebHostOptions {
  runtime: WebHostRuntime
  /** 0 = any free port (the default). */
  port?: number
  /** The built renderer (`out/renderer`). */
  rendererDir: string
  /** Per-launch secret; random unless a test pins it. */
  token?: string
}

export interface WebHost {
  /** `http://127.0.0.1:PORT/#token=TOKEN`: opens the app, which learns the token from the fragment. */
  readonly url: string
  /** `http://127.0.0.1:PORT` */
  readonly origin: string
  readonly port: number
  readonly token: string
  /** Connected WebSocket clients right now. */
  clientCount(): number
  /** Stops listening and disconnects every tab. Does not close the runtime. */
  close(): Promise<void>
}

/**
 * `parley serve` as a library: an HTTP server on 127.0.0.1 serving the built renderer, plus the
 * ParleyBridge over a WebSocket at WEB_SOCKET_PATH speaking src/shared/web-protocol.ts. Upgrades
 * are checked (Host, Origin, token) before a socket exists; every message goes through the same
 * validation as IPC; every connected tab receives every event.
 */
export async function startWebHost(options: StartWebHostOptions): Promise<WebHost> {
  const { runtime } = options
  const token = options.token ?? randomBytes(32).toString('base64url')
  let port = 0
  const headers = () => ({
    'Content-Security-Policy': contentSecurityPolicy(
      allowedHosts(port).map((host) => `ws://${host}`),
    ),
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
  })

  const server = createServer((request, response) => {
    // A rebound DNS name may fetch the page, but gets nothing from it (the token is not in it).
    if (!allowedHosts(port).includes(request.headers.host ?? '')) {
      response.writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8' })
      response.end('Forbidden host\n')
      return
    }
    serveStatic(request, response, { root: options.rendererDir, headers: headers() }).catch(() => {
      response.destroy()
    })
  })
  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES })

  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    // A peer that resets mid-handshake must not take the host down with an unhandled error.
    socket.on('error', () => socket.destroy())
    const verdict = checkUpgrade(request, { port, token })
    if (!verdict.ok) {
      const status = verdict.status === 404 ? '404 Not Found' : '403 Forbidden'
      socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`)
      return
    }
    sockets.handleUpgrade(request, socket, head, (client) => sockets.emit('connection', client))
  })

  const send = (client: WebSocket, message: WebServerMessage | string) => {
    if (client.readyState !== client.OPEN) return
    if (client.bufferedAmount > MAX_BUFFERED_BYTES) {
      client.terminate()
      return
    }
    client.send(typeof message === 'string' ? message : JSON.stringify(message))
  }

  // Calls being answered, so a close waits for them: a draft saved just as Parley quits is kept.
  const answering = new Set<Promise<void>>()
  sockets.on('connection', (client: WebSocket) => {
    client.on('error', () => client.terminate())
    client.on('message', (data: RawData, isBinary: boolean) => {
      // Text frames only; a binary frame carries no call we could answer.
      if (isBinary) return
      const answered = answerWebMessage(runtime, rawText(data)).then(
        (reply) => {
          if (reply) send(client, reply)
        },
        () => undefined,
      )
      answering.add(answered)
      void answered.finally(() => answering.delete(answered))
    })
  })

  // Deltas that arrive together go out as one message: a fast model costs the page a few
  // messages per frame instead of one per token.
  const unsubscribe = runtime.onEvent(
    coalesceDeltas((event) => {
      const message = JSON.stringify({ kind: 'event', event } satisfies WebServerMessage)
      for (const client of sockets.clients) send(client, message)
    }, setImmediate),
  )

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(options.port ?? 0, WEB_HOST_ADDRESS, () => {
        server.off('error', reject)
        // Once listening, errors (e.g. EMFILE on accept) are transient; the server keeps going.
        server.on('error', () => undefined)
        resolve()
      })
    })
  } catch (error) {
    unsubscribe()
    throw error
  }
  const address = server.address()
  port = typeof address === 'object' && address !== null ? address.port : 0
  const origin = `http://${WEB_HOST_ADDRESS}:${port}`

  let closing: Promise<void> | undefined
  return {
    url: `${origin}/#token=${token}`,
    origin,
    port,
    token,
    clientCount: () => sockets.clients.size,
    close() {
      closing ??= (async () => {
        unsubscribe()
        // A tab's close reply comes after every message it sent before it, so once each tab has
        // closed, every call it made has been read; then the calls still running are awaited.
        const tabsClosed = [...sockets.clients].map(
          (client) => new Promise<void>((resolve) => client.once('close', () => resolve())),
        )
        for (const client of sockets.clients) client.close(1001, 'Parley is shutting down')
        // Tabs that ignore the close handshake are cut off rather than holding the exit.
        await withinGrace(Promise.all(tabsClosed))
        for (const client of sockets.clients) client.terminate()
        await withinGrace(Promise.all([...answering]))
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

/** Resolves when `work` settles or after {@link CLOSE_GRACE_MS}, whichever comes first. */
async function withinGrace(work: Promise<unknown>): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  const grace = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, CLOSE_GRACE_MS)
    timer.unref()
  })
  await Promise.race([work, grace])
  clearTimeout(timer)
}

/** A WebSocket message's text, whatever form `ws` hands it in. */
export function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8')
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8')
  return data.toString('utf8')
}
