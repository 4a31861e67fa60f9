import { tmpdir } from 'node:os'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { McpServerInfoSchema } from '../../../shared/mcp-servers'
import type { Json } from '../../../shared/session-events'
import { McpServerManager } from './server-manager'
import { FakeAsker, type ReceivedAsk } from './testing/fake-asker'
import { ManualClock } from './testing/manual-clock'
import { entry, scriptedServer, waitForManager, waitForState } from './testing/mcp-servers'

/**
 * Against a scripted MCP server (SDK server side, its own process): concurrent elicitations, a
 * refused form, url mode, withdrawal by the server and by the end of the waiting call, a crash
 * mid-elicitation and the restart with backoff, idle calls.
 */

const IDLE_MS = 10_000

function call(
  tool: string,
  { turnId = 't1', toolCallId = `call-${tool}`, signal = new AbortController().signal } = {},
) {
  return { sessionId: 's1', turnId, toolCallId, input: {} as Json, signal }
}

function text(output: Json): string {
  if (output === null || typeof output !== 'object' || Array.isArray(output)) return ''
  if (typeof output.error === 'string') return output.error
  const content = output.content
  return Array.isArray(content)
    ? content
        .map((item) =>
          item !== null && typeof item === 'object' && !Array.isArray(item) ? item.text : '',
        )
        .join('\n')
    : ''
}

function message(asked: ReceivedAsk): string {
  return asked.request.body.kind === 'form' ? asked.request.body.message : ''
}

describe('a scripted MCP server', () => {
  const asker = new FakeAsker()
  const clock = new ManualClock()
  const manager = new McpServerManager({
    workspace: tmpdir(),
    asker,
    clock,
    callIdleMs: IDLE_MS,
  })
  const run = (tool: string, options?: Parameters<typeof call>[1]) =>
    manager.call(`mcp__scripted__${tool}`, call(tool, options))

  /** What the server recorded, once it includes `expected` (asked again until it does). */
  async function serverEvents(expected: string): Promise<string[]> {
    for (let attempt = 0; attempt < 50; attempt++) {
      const events = JSON.parse(text((await run('events')).output)) as string[]
      if (events.includes(expected)) return events
    }
    throw new Error(`the server never recorded ${expected}`)
  }

  beforeAll(async () => {
    await manager.setServers([
      entry('scripted', scriptedServer()),
      entry('steady', scriptedServer()),
    ])
  })
  afterAll(() => manager.close())

  it('answers two elicitations in flight at once, out of order, each to the question it came with', async () => {
    const pending = run('ask_two')
    const a = await asker.next()
    const b = await asker.next()
    const [first, second] = message(a) === 'Question first' ? [a, b] : [b, a]
    expect(message(first)).toBe('Question first')
    expect(message(second)).toBe('Question second')
    expect(first.request.source).not.toEqual(second.request.source)
    expect(first.request.source).toMatchObject({
      kind: 'mcp',
      server: 'scripted',
      toolCallId: 'call-ask_two',
    })

    second.answer({ kind: 'answered', value: { action: 'accept', content: { name: 'bob' } } })
    first.answer({ kind: 'answered', value: { action: 'decline' } })

    expect(text((await pending).output)).toBe(
      'first={"action":"decline"}\nsecond={"action":"accept","content":{"name":"bob"}}',
    )
  })

  it('passes the requested schema on exactly as the server sent it, keywords outside the spec included', async () => {
    const pending = run('ask')
    const asked = await asker.next()
    expect(asked.request.body).toEqual({
      kind: 'form',
      message: 'Question one',
      mode: 'form',
      requestedSchema: {
        type: 'object',
        properties: { name: { type: 'string', title: 'Name', pattern: '^[a-z]+$' } },
        required: ['name'],
      },
    })
    asked.answer({ kind: 'answered', value: { action: 'accept', content: { name: 'ann' } } })
    expect(text((await pending).output)).toBe('{"action":"accept","content":{"name":"ann"}}')
  })

  it('answers a form the broker refuses (a password field) with JSON-RPC invalid params and its reason', async () => {
    const pending = run('ask_password')
    const asked = await asker.next()
    expect(asked.request.body).toMatchObject({
      requestedSchema: { properties: { password: { type: 'string', title: 'Password' } } },
    })
    asked.answer({ kind: 'refused', message: 'Parley does not ask for secrets in forms' })
    expect(text((await pending).output)).toBe(
      'error -32602 MCP error -32602: Parley does not ask for secrets in forms',
    )
  })

  it('puts an URL-mode elicitation to the person as a link to open, and answers decline as the spec says', async () => {
    const pending = manager.call('mcp__scripted__ask_url', {
      ...call('ask_url'),
      input: { url: 'https://pay.example.com/checkout', message: 'Pay at pay.example.com' },
    })
    const asked = await asker.next()
    expect(asked.request.body).toEqual({
      kind: 'link',
      purpose: 'open',
      message: 'Pay at pay.example.com',
      url: 'https://pay.example.com/checkout',
    })
    expect(asked.request.source).toMatchObject({ kind: 'mcp', server: 'scripted' })
    asked.answer({ kind: 'answered', value: { optionId: 'decline' } })
    expect(text((await pending).output)).toBe('{"action":"decline"}')
  })

  it('after the page is opened, waits for the server’s completion notification, which withdraws the wait', async () => {
    const pending = run('ask_url')
    const asked = await asker.next()
    const url = (asked.request.body as { url: string }).url
    asked.answer({ kind: 'answered', value: { optionId: 'open' } })
    const wait = await asker.next()
    expect(wait.request.body).toMatchObject({ kind: 'link', purpose: 'waiting', url })
    // What the person's browser does: the page, once opened, tells the server it is done.
    await fetch(url)
    await wait.whenWithdrawn
    expect(text((await pending).output)).toBe('{"action":"accept"}, then the page was opened')
  })

  it('withdraws the form at once when the server cancels its request', async () => {
    const pending = run('ask_then_withdraw')
    const asked = await asker.next()
    expect(asked.withdrawn).toBe(false)
    await run('withdraw')
    await asked.whenWithdrawn
    expect(asked.withdrawn).toBe(true)
    expect(text((await pending).output)).toContain('the server withdrew the question')
  })

  it('withdraws the form when the waiting tool call is cancelled, and the server hears of both', async () => {
    const turn = new AbortController()
    const pending = run('ask', { signal: turn.signal })
    const asked = await asker.next()
    turn.abort(new Error('the person pressed Stop'))
    await asked.whenWithdrawn
    const outcome = await pending
    expect(outcome.isError).toBe(true)
    expect(text(outcome.output)).toBe(
      'mcp__scripted__ask was cancelled: the turn ended before MCP server "scripted" answered.',
    )
    const events = await serverEvents('one: {"action":"cancel"}')
    expect(events).toContain('ask cancelled by the client')
  })

  it('withdraws the form when the tool call it came with returns without waiting for it', async () => {
    const pending = run('ask_and_return')
    const asked = await asker.next()
    await run('release', { turnId: 't2' })
    expect(text((await pending).output)).toBe('returned before the answer')
    await asked.whenWithdrawn
    await serverEvents('unawaited: {"action":"cancel"}')
  })

  it('answers cancel to a question asked while no tool call is running, and notes it on the server', async () => {
    const before = asker.received.length
    await run('ask_later')
    await waitForManager(manager, (servers) =>
      servers.some(
        (server) =>
          server.name === 'scripted' &&
          server.notices.some((n) => n.includes('no tool call was running')),
      ),
    )
    await serverEvents('late: {"action":"cancel"}')
    expect(asker.received.length).toBe(before)
  })

  it('keeps a call waiting on the person past the idle limit, and cancels one that stays silent', async () => {
    const pending = run('ask')
    const asked = await asker.next()
    clock.advance(IDLE_MS)
    expect(asked.withdrawn).toBe(false)
    asked.answer({ kind: 'answered', value: { action: 'accept', content: { name: 'late' } } })
    expect(text((await pending).output)).toBe('{"action":"accept","content":{"name":"late"}}')

    const silent = run('hang')
    await serverEvents('hang started')
    clock.advance(IDLE_MS)
    const outcome = await silent
    expect(text(outcome.output)).toBe(
      'mcp__scripted__hang was cancelled: MCP server "scripted" sent nothing for 10 s. It may or may not have taken effect; check before retrying.',
    )
    await serverEvents('hang cancelled by the client')
  })

  it('withdraws a pending form when the server crashes, ends the waiting call with a clear error, and restarts it with backoff', async () => {
    const pending = run('ask')
    const asked = await asker.next()
    const restarting = waitForState(manager, 'scripted', 'restarting')
    await run('crash', { toolCallId: 'call-crash' })
    await asked.whenWithdrawn

    const outcome = await pending
    expect(outcome.isError).toBe(true)
    expect(text(outcome.output)).toBe(
      'MCP server "scripted" stopped while mcp__scripted__ask was running (the server process exited), so the call may or may not have taken effect. Parley restarts the server; check the effect before calling it again.',
    )

    const info = await restarting
    expect(info.status).toMatchObject({ attempt: 1, maxAttempts: 5, retryAt: clock.now() + 500 })
    expect(info.status.reason).toBe(
      'the server process exited\nscripted server: crashing on purpose',
    )
    expect(McpServerInfoSchema.safeParse(info).success).toBe(true)
    expect(clock.pending()).toContain(500)
    // Its tools stay offered, and a call meanwhile says what is going on.
    expect(manager.tools().some((tool) => tool.name === 'mcp__scripted__echo')).toBe(true)
    expect(text((await run('echo')).output)).toMatch(
      /^MCP server "scripted" stopped \(the server process exited\) and is being restarted \(attempt 1 of 5\)/,
    )
    // Nothing else is affected: the other server kept running and answering.
    expect(manager.list().find((server) => server.name === 'steady')?.status).toEqual({
      state: 'ready',
    })
    const steady = await manager.call('mcp__steady__echo', {
      ...call('echo'),
      input: { message: 'still here' },
    })
    expect(text(steady.output)).toBe('echo: still here')

    const ready = waitForState(manager, 'scripted', 'ready')
    clock.advance(500)
    await ready
    expect(
      text(
        (await manager.call('mcp__scripted__echo', { ...call('echo'), input: { message: 'back' } }))
          .output,
      ),
    ).toBe('echo: back')

    // A second crash soon after waits twice as long.
    const again = waitForState(manager, 'scripted', 'restarting')
    await run('crash')
    expect((await again).status).toMatchObject({ attempt: 2, retryAt: clock.now() + 1_000 })
    const readyAgain = waitForState(manager, 'scripted', 'ready')
    clock.advance(1_000)
    await readyAgain
  })

  it('restarts a server on request at once, ending its calls in flight with an error', async () => {
    const pending = run('hang')
    expect(await manager.restart('scripted')).toBe(true)
    expect(text((await pending).output)).toMatch(
      /^MCP server "scripted" stopped while mcp__scripted__hang was running \(it was restarted\)/,
    )
    expect(manager.list().find((server) => server.name === 'scripted')?.status).toEqual({
      state: 'ready',
    })
    expect(await manager.restart('nonexistent')).toBe(false)
  })

  it('stops a server removed from the configuration, ending its calls with an error that says so', async () => {
    const pending = manager.call('mcp__steady__hang', call('hang'))
    await manager.setServers([entry('scripted', scriptedServer())])
    expect(text((await pending).output)).toBe(
      'MCP server "steady" stopped while mcp__steady__hang was running (it was removed from the configuration), so the call may or may not have taken effect. It was removed from the configuration; continue without it.',
    )
    expect(manager.list().map((server) => server.name)).toEqual(['scripted'])
    expect(manager.tools().some((tool) => tool.server === 'steady')).toBe(false)
  })
})

describe('servers that cannot start', () => {
  const manager = new McpServerManager({ workspace: tmpdir(), asker: new FakeAsker() })
  afterAll(() => manager.close())

  it('are failed with the reason (the end of their stderr), offer no tools, and are not retried', async () => {
    await manager.setServers([
      entry('missing', {
        transport: 'stdio',
        command: '/nonexistent/mcp-server',
        args: [],
        env: {},
      }),
      entry('broken', {
        transport: 'stdio',
        command: process.execPath,
        args: ['-e', 'process.stderr.write("config error: no token\\n"); process.exit(2)'],
        env: {},
      }),
    ])
    const [missing, broken] = manager.list()
    expect(missing?.status).toMatchObject({
      state: 'failed',
      reason: expect.stringContaining('ENOENT'),
    })
    expect(broken?.status).toMatchObject({
      state: 'failed',
      reason: expect.stringContaining('config error: no token'),
    })
    expect(manager.tools()).toEqual([])
  })

  it('lists a workspace server awaiting approval without starting it', async () => {
    await manager.setServers([
      entry('unapproved', scriptedServer(), { origin: 'workspace', approved: false }),
    ])
    expect(manager.list()).toMatchObject([
      { name: 'unapproved', origin: 'workspace', status: { state: 'needs_approval' }, tools: [] },
    ])
    expect(await manager.restart('unapproved')).toBe(false)
    const outcome = await manager.call('mcp__unapproved__echo', call('echo'))
    expect(outcome.isError).toBe(true)
  })
})
