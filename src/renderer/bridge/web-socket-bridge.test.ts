import { describe, expect, it } from 'vitest'
import type { BridgeEvent } from '../../shared'
import {
  BridgeCallError,
  createWebSocketBridge,
  webSocketUrl,
  type ConnectionState,
  type SocketLike,
} from './web-socket-bridge'

class FakeSocket implements SocketLike {
  readyState = 0
  sent: Array<{ id: number; method: string; input: unknown }> = []
  onopen: ((event: Event) => void) | null = null
  onclose: ((event: CloseEvent) => void) | null = null
  onerror: ((event: Event) => void) | null = null
  onmessage: ((event: MessageEvent) => void) | null = null
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data))
  }
  close() {
    this.readyState = 3
    this.onclose?.(new Event('close') as CloseEvent)
  }
  open() {
    this.readyState = 1
    this.onopen?.(new Event('open'))
  }
  receive(message: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(message) }))
  }
}

function setup(serverAnswers: () => Promise<boolean> = async () => false) {
  const sockets: FakeSocket[] = []
  const timers: Array<() => void> = []
  const states: ConnectionState[] = []
  const bridge = createWebSocketBridge({
    url: 'ws://127.0.0.1:1/ws?token=abc',
    createSocket: (url) => {
      const socket = new FakeSocket(url)
      sockets.push(socket)
      return socket
    },
    setTimer: (cb) => timers.push(cb),
    serverAnswers,
  })
  bridge.onConnection((s) => states.push(s))
  const current = () => sockets.at(-1) as FakeSocket
  return { bridge, sockets, timers, states, current }
}

const summary = {
  id: 's1',
  title: 'One',
  workspace: '/w',
  mode: 'ask',
  backend: 'fake',
  createdAt: 1,
  updatedAt: 1,
  running: false,
  pendingCount: 0,
}

describe('the WebSocket bridge', () => {
  it('reads the token from the page fragment into the socket URL', () => {
    expect(webSocketUrl({ protocol: 'http:', host: '127.0.0.1:4000', hash: '#token=a%2Fb' })).toBe(
      'ws://127.0.0.1:4000/ws?token=a%2Fb',
    )
    expect(webSocketUrl({ protocol: 'https:', host: 'h', hash: '' })).toBe('wss://h/ws?token=')
  })

  it('sends calls made before the socket opens, and pairs replies by id', async () => {
    const { bridge, current } = setup()
    const first = bridge.listSessions({})
    const second = bridge.listPending({ sessionId: 's1' })
    current().open()
    const [a, b] = current().sent
    expect(a).toMatchObject({ method: 'listSessions', input: {} })
    current().receive({ kind: 'result', id: b?.id, result: [] })
    current().receive({ kind: 'result', id: a?.id, result: [summary] })
    expect(await first).toEqual([summary])
    expect(await second).toEqual([])
  })

  it('turns a host error or a malformed reply into a typed error', async () => {
    const { bridge, current } = setup()
    current().open()
    const refused = bridge.send({ sessionId: 's1', text: 'hi' })
    const malformed = bridge.listSessions({})
    const [a, b] = current().sent
    current().receive({
      kind: 'result',
      id: a?.id,
      result: { ok: false, reason: 'invalid_input', message: 'no' },
    })
    current().receive({ kind: 'result', id: b?.id, result: [{ id: 42 }] })
    await expect(refused).rejects.toMatchObject({ reason: 'invalid_input' })
    await expect(malformed).rejects.toBeInstanceOf(BridgeCallError)
  })

  it('delivers only events that match the schema', () => {
    const { bridge, current } = setup()
    const seen: BridgeEvent[] = []
    bridge.onEvent((e) => seen.push(e))
    current().open()
    current().receive({
      kind: 'event',
      event: { type: 'turn_started', sessionId: 's1', turnId: 't1' },
    })
    current().receive({ kind: 'event', event: { type: 'turn_started', sessionId: 's1' } })
    current().onmessage?.(new MessageEvent('message', { data: 'not json' }))
    expect(seen).toEqual([{ type: 'turn_started', sessionId: 's1', turnId: 't1' }])
  })

  it('tells a late subscriber that the link is already open', () => {
    const { bridge, current } = setup()
    current().open()
    const late: ConnectionState[] = []
    bridge.onConnection((s) => late.push(s))
    expect(late).toEqual(['open'])
  })

  it('fails calls in flight when the link drops, then reconnects and reports it', async () => {
    const { bridge, sockets, timers, states, current } = setup()
    current().open()
    const lost = bridge.getSettings({})
    current().close()
    await expect(lost).rejects.toMatchObject({ reason: 'disconnected' })
    expect(states).toEqual(['connecting', 'open', 'reconnecting'])
    const waiting = bridge.listSessions({})
    timers.shift()?.()
    expect(sockets).toHaveLength(2)
    current().open()
    expect(states.at(-1)).toBe('open')
    current().receive({ kind: 'result', id: current().sent[0]?.id, result: [] })
    expect(await waiting).toEqual([])
  })

  it('says the link was refused, and stops retrying, when the server is up but never opens the socket', async () => {
    const { timers, states, current } = setup(async () => true)
    current().close()
    await Promise.resolve()
    await Promise.resolve()
    expect(states).toEqual(['connecting', 'refused'])
    expect(timers).toHaveLength(0)
  })

  it('never asks the server again once a socket opened: a restart is retried quietly', async () => {
    let asked = 0
    const { states, current } = setup(async () => {
      asked += 1
      return true
    })
    current().open()
    current().close()
    expect(states).toEqual(['connecting', 'open', 'reconnecting'])
    expect(asked).toBe(0)
  })

  it('keeps reconnecting when a socket that never opened finds the server down', async () => {
    const { sockets, timers, states, current } = setup(async () => false)
    current().close()
    await Promise.resolve()
    await Promise.resolve()
    expect(states).toEqual(['connecting', 'reconnecting'])
    timers.shift()?.()
    expect(sockets).toHaveLength(2)
  })
})
