import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { BridgeEvent } from '../../shared/bridge'
import type { Scenario } from '../../shared/scenario'
import { LISTENING_PREFIX, serveCommand, type ServeIo } from './serve-command'
import type { WebHost } from '../../hosts/web/start-web-host'
import { connect } from '../../hosts/web/testing/web-test-client'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'parley-serve-'))
  await mkdir(join(dir, 'ws'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

/** Runs `parley serve` in-process; `stop()` plays the part of Ctrl-C. */
function serve(args: { scenario?: Scenario; scenarioText?: string; port?: number }) {
  let stop: () => void = () => undefined
  const stopped = new Promise((resolve) => (stop = () => resolve(undefined)))
  const out: string[] = []
  const err: string[] = []
  let onLine: (line: string) => void = () => undefined
  const firstLine = new Promise<string>((resolve) => (onLine = resolve))
  const io: ServeIo = {
    stdout: (text) => {
      out.push(text)
      onLine(text)
    },
    stderr: (text) => err.push(text),
    stopRequested: () => stopped,
  }
  const scenarioPath = join(dir, 'scenario.json')
  const exit = writeFile(
    scenarioPath,
    args.scenarioText ?? JSON.stringify(args.scenario ?? { turns: [{ steps: [{ say: 'hi' }] }] }),
  ).then(() =>
    serveCommand(
      {
        json: false,
        positionals: [],
        scenario: scenarioPath,
        dataDir: join(dir, 'data'),
        workspace: join(dir, 'ws'),
        port: args.port ?? 0,
      },
      io,
    ),
  )
  return { exit, firstLine, out, err, stop: () => stop() }
}

/** What a browser learns from the printed URL. */
function hostFromUrl(url: string): WebHost {
  const parsed = new URL(url)
  const token = new URLSearchParams(parsed.hash.slice(1)).get('token') ?? ''
  return {
    url,
    origin: parsed.origin,
    port: Number(parsed.port),
    token,
    clientCount: () => 0,
    close: async () => undefined,
  }
}

const scenario: Scenario = {
  turns: [
    {
      steps: [
        {
          say: 'Running the tests first.',
          call: [{ tool: 'run_command', input: { command: 'echo ok' } }],
        },
        {
          say: 'One question.',
          call: [
            {
              tool: 'AskUserQuestion',
              input: {
                questions: [
                  { question: 'Which colour?', options: [{ label: 'Red' }, { label: 'Blue' }] },
                ],
              },
            },
          ],
        },
        { say: 'You chose {{lastToolResult}}' },
      ],
    },
  ],
}

describe('parley serve', () => {
  it('prints the pinned line, runs a whole turn with a permission prompt and a question over the WebSocket, and stops cleanly', async () => {
    const run = serve({ scenario })
    const line = await run.firstLine
    expect(line).toMatch(/^Parley listening on http:\/\/127\.0\.0\.1:\d+\/#token=[A-Za-z0-9_-]+\n$/)
    expect(line.startsWith(LISTENING_PREFIX)).toBe(true)

    const client = await connect(hostFromUrl(line.slice(LISTENING_PREFIX.length).trim()))
    const created = (await client.call('createSession', { mode: 'ask' })) as {
      ok: true
      session: { id: string }
    }
    expect(created, JSON.stringify(created)).toMatchObject({ ok: true })
    const sessionId = created.session.id
    const added =
      (kind: 'permission' | 'question') =>
      (e: BridgeEvent): e is Extract<BridgeEvent, { type: 'interaction_added' }> =>
        e.type === 'interaction_added' && e.sessionId === sessionId && e.interaction.kind === kind
    expect(await client.call('send', { sessionId, text: 'check the build' })).toMatchObject({
      ok: true,
    })

    const permission = await client.nextEvent(added('permission'))
    expect(permission.interaction).toMatchObject({ tool: 'run_command' })
    expect(
      await client.call('respondToPermission', {
        requestId: permission.interaction.requestId,
        decision: 'allow',
      }),
    ).toEqual({ ok: true })

    const question = await client.nextEvent(added('question'))
    expect(await client.call('listPending', { sessionId })).toEqual([question.interaction])
    expect(
      await client.call('respondToQuestion', {
        requestId: question.interaction.requestId,
        answers: ['Blue'],
      }),
    ).toEqual({ ok: true })

    const end = await client.nextEvent(
      (e): e is Extract<BridgeEvent, { type: 'session_event' }> =>
        e.type === 'session_event' && e.sessionId === sessionId && e.event.type === 'turn_end',
    )
    expect(end.event).toMatchObject({ type: 'turn_end', reason: 'completed' })
    const opened = (await client.call('openSession', { sessionId })) as {
      ok: true
      events: Array<{ type: string; text?: string }>
    }
    const texts = opened.events.filter((e) => e.type === 'assistant_text').map((e) => e.text)
    expect(texts.at(-1)).toContain('Blue')
    expect(await client.call('listPending', { sessionId })).toEqual([])

    run.stop()
    expect(await run.exit).toBe(0)
    expect((await client.closed).code).toBe(1001)
    expect(run.out).toHaveLength(1)
  })

  it('refuses an unusable scenario file with a one-line reason and exit code 2', async () => {
    const run = serve({ scenarioText: '{"turns": "nope"}' })
    expect(await run.exit).toBe(2)
    expect(run.out).toEqual([])
    expect(run.err.join('')).toMatch(/^parley serve: scenario .+ is invalid/)
  })

  it('says so when the port is taken, and exits 1', async () => {
    const blocker = createServer()
    const port = await new Promise<number>((resolve) =>
      blocker.listen(0, '127.0.0.1', () => resolve((blocker.address() as { port: number }).port)),
    )
    const run = serve({ port })
    expect(await run.exit).toBe(1)
    expect(run.err.join('')).toContain(`port ${port} is already in use`)
    blocker.close()
  })
})
