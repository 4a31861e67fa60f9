import type {
  BridgeEvent,
  BridgeInput,
  BridgeMethod,
  BridgeOutput,
  ParleyBridge,
  WebCall,
} from '../../shared'
import { BRIDGE_METHODS } from '../../shared/bridge-methods'
import { WEB_SOCKET_PATH } from '../../shared/web-socket-path'
import { BridgeCallError } from './bridge-call-error'
import { CONTRACT, type Contract } from './contract'

export { BridgeCallError }

/** The WebSocket surface the client needs; the browser's WebSocket satisfies it. */
export type SocketLike = {
  readonly readyState: number
  send(data: string): void
  close(): void
  onopen: ((event: Event) => void) | null
  onclose: ((event: CloseEvent) => void) | null
  onerror: ((event: Event) => void) | null
  onmessage: ((event: MessageEvent) => void) | null
}

/**
 * 'refused': the server is there but turned the socket away — the page's link carries a token
 * from an earlier start of `parley serve` (or of an unpaired device). No retry helps.
 */
export type ConnectionState = 'connecting' | 'open' | 'reconnecting' | 'refused'

export type WebSocketBridgeOptions = {
  url: string
  createSocket?: (url: string) => SocketLike
  /** Waits before reconnect attempt n (0-based); the default backs off from 250 ms to 5 s. */
  reconnectDelay?: (attempt: number) => number
  setTimer?: (callback: () => void, ms: number) => unknown
  /**
   * Whether the server answers plain HTTP, asked once, when the page's first socket closes without
   * opening: the server served this page a moment ago, so if it still answers, the upgrade was
   * refused (a stale token), not lost. Never asked once a socket has opened: a server that went
   * down is then retried quietly (asking it would log a failed request in the console).
   * The default asks the page's origin.
   */
  serverAnswers?: () => Promise<boolean>
}

/** The http(s) origin of a ws(s) URL, for asking whether the server is up. */
const httpOrigin = (url: string): string => new URL(url.replace(/^ws/, 'http')).origin

const askOrigin = (url: string) => async (): Promise<boolean> => {
  try {
    const response = await fetch(`${httpOrigin(url)}/`, { method: 'HEAD', cache: 'no-store' })
    return response.ok
  } catch {
    return false
  }
}

/** A ParleyBridge over the web host's WebSocket, plus connection status for the UI. */
export type WebSocketBridge = ParleyBridge & {
  /**
   * Called now with the current status, then with every change; a change to 'open' after
   * 'reconnecting' means the caller should re-read state.
   */
  onConnection(callback: (state: ConnectionState) => void): () => void
  close(): void
}

const OPEN = 1

/** `ws(s)://<host>/ws?token=…` for a page served by the web host with `#token=…`. */
export function webSocketUrl(
  location: Pick<Location, 'protocol' | 'host' | 'hash'>,
  /** A paired device's own token (the remote listener's pages), used when the URL has none. */
  deviceToken?: string,
): string {
  const token =
    new URLSearchParams(location.hash.replace(/^#/, '')).get('token') ?? deviceToken ?? ''
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws'
  return `${scheme}://${location.host}${WEB_SOCKET_PATH}?token=${encodeURIComponent(token)}`
}

/**
 * Speaks src/shared/web-protocol.ts: each call gets an id, replies are paired by id and validated
 * against the call's output schema, events are validated before anyone sees them. Calls made
 * while disconnected wait for the connection; calls in flight when it drops fail (their outcome
 * is unknown, the caller re-reads state after reconnecting).
 */
export function createWebSocketBridge(options: WebSocketBridgeOptions): WebSocketBridge {
  const createSocket = options.createSocket ?? ((url: string) => new WebSocket(url))
  const reconnectDelay = options.reconnectDelay ?? ((n: number) => Math.min(5_000, 250 * 2 ** n))
  const setTimer = options.setTimer ?? ((cb: () => void, ms: number) => setTimeout(cb, ms))
  const serverAnswers = options.serverAnswers ?? askOrigin(options.url)

  type Waiter = {
    method: BridgeMethod
    resolve: (value: unknown) => void
    reject: (e: Error) => void
  }
  const inFlight = new Map<number, Waiter>()
  const outbox: WebCall[] = []
  const eventListeners = new Set<(event: BridgeEvent) => void>()
  const connectionListeners = new Set<(state: ConnectionState) => void>()
  let nextId = 0
  let attempt = 0
  let closed = false
  let socket: SocketLike

  let state: ConnectionState = 'connecting'
  const setState = (next: ConnectionState) => {
    state = next
    connectionListeners.forEach((l) => l(next))
  }

  // Messages that came before the schema checks were loaded, in order.
  const early: unknown[] = []
  let contract = CONTRACT.current()
  let loading = false
  const loadContract = () => {
    if (loading) return
    loading = true
    CONTRACT.load().then(
      (loaded) => {
        contract = loaded
        for (const raw of early.splice(0)) handleMessage(raw, loaded)
      },
      // A chunk that failed to load is fetched again by the next message.
      () => {
        loading = false
      },
    )
  }
  const onMessage = (raw: unknown) => {
    if (contract && early.length === 0) {
      handleMessage(raw, contract)
      return
    }
    early.push(raw)
    loadContract()
  }

  const handleMessage = (raw: unknown, { checkMessage, checkResult }: Contract) => {
    let data: unknown
    try {
      data = JSON.parse(String(raw))
    } catch {
      return
    }
    const parsed = checkMessage(data)
    if (!parsed.success) return
    const message = parsed.data
    if (message.kind === 'event') {
      eventListeners.forEach((l) => l(message.event))
      return
    }
    const waiter = inFlight.get(message.id)
    if (!waiter) return
    inFlight.delete(message.id)
    try {
      waiter.resolve(checkResult(waiter.method, message.result))
    } catch (error) {
      waiter.reject(error as Error)
    }
  }

  let everOpened = false
  const connect = () => {
    let opened = false
    socket = createSocket(options.url)
    socket.onopen = () => {
      opened = true
      everOpened = true
      attempt = 0
      for (const call of outbox.splice(0)) socket.send(JSON.stringify(call))
      setState('open')
    }
    socket.onmessage = (event) => onMessage(event.data)
    socket.onclose = () => {
      const queued = new Set(outbox.map((m) => m.id))
      for (const [id, waiter] of inFlight) {
        if (queued.has(id)) continue
        inFlight.delete(id)
        waiter.reject(new BridgeCallError(waiter.method, 'disconnected', 'connection lost'))
      }
      if (closed) return
      if (opened || everOpened || attempt > 0) {
        setState('reconnecting')
        setTimer(connect, reconnectDelay(attempt++))
        return
      }
      // Never opened: either the server is down (try again) or it refused this page's token.
      void serverAnswers().then((answers) => {
        if (closed) return
        if (answers) {
          setState('refused')
          return
        }
        setState('reconnecting')
        setTimer(connect, reconnectDelay(attempt++))
      })
    }
    socket.onerror = () => {
      // onclose follows and schedules the reconnect.
    }
  }

  const call = <M extends BridgeMethod>(method: M, input: BridgeInput<M>) =>
    new Promise<BridgeOutput<M>>((resolve, reject) => {
      if (closed) {
        reject(new BridgeCallError(method, 'disconnected', 'bridge closed'))
        return
      }
      const id = nextId++
      inFlight.set(id, { method, resolve: resolve as (value: unknown) => void, reject })
      const message: WebCall = { id, method, input }
      if (socket.readyState === OPEN) socket.send(JSON.stringify(message))
      else outbox.push(message)
    })

  setState('connecting')
  connect()
  // Fetched while the socket connects.
  if (!contract) loadContract()

  const methods = Object.fromEntries(
    BRIDGE_METHODS.map((method) => [method, (input: never) => call(method, input)]),
  ) as unknown as Omit<ParleyBridge, 'onEvent'>

  return {
    ...methods,
    onEvent(callback) {
      eventListeners.add(callback)
      return () => eventListeners.delete(callback)
    },
    onConnection(callback) {
      // A late subscriber learns the current state at once (the socket may already be open).
      callback(state)
      connectionListeners.add(callback)
      return () => connectionListeners.delete(callback)
    },
    close() {
      closed = true
      socket.close()
    },
  }
}
