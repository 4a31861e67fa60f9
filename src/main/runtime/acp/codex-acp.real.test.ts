import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Fixture } from '@copilotkit/aimock'
import type { AskBody } from '../interactions/asker'
import {
  codexAcpWrapper,
  codexAgent,
  codexHome,
  escalatedCommand,
  processesWithCodexHome,
  startMockModel,
  type MockModel,
} from './testing/codex-offline'
import { RunnerHarness } from './testing/runner-harness'

/**
 * The real Codex agent (`@zed-industries/codex-acp` 0.16.0, its binary spawned directly), offline
 * against aimock. Nobody on this project wrote it: these tests check that Parley's ACP backend
 * works with an agent as shipped.
 */

const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function setUp(fixtures: Fixture[], provider: 'mock' | 'openai' = 'mock', extraEnv = {}) {
  const model: MockModel = await startMockModel(fixtures)
  const h = new RunnerHarness()
  cleanups.push(
    () => model.stop(),
    () => h.dispose(),
  )
  const env = { ...codexHome(h.root, model.url, provider), ...extraEnv }
  return { h, model, env }
}

const MAKE_FILE: Fixture[] = [
  {
    match: { userMessage: 'make the file', hasToolResult: false },
    response: escalatedCommand('touch made-by-codex.txt'),
  },
  {
    match: { userMessage: 'make the file', hasToolResult: true },
    response: { content: 'Created made-by-codex.txt.' },
  },
  {
    match: { userMessage: 'and again', hasToolResult: false },
    response: escalatedCommand('touch made-by-codex.txt'),
  },
  {
    match: { userMessage: 'and again', hasToolResult: true },
    response: { content: 'Touched it again.' },
  },
  { match: { userMessage: 'anything else' }, response: { content: 'Nothing else to do.' } },
]

async function answerNextPermission(h: RunnerHarness, optionId: string, count: number) {
  const ask = await h.asker.waitForAsk(count)
  ask.answer({ kind: 'answered', value: { optionId } })
  return ask
}

async function turn(
  h: RunnerHarness,
  turnId: string,
  text: string,
  answer?: { optionId: string; count: number },
) {
  const started = h.runner.startTurn(turnId, text)
  if (!started.ok) throw new Error(started.message)
  if (answer) await answerNextPermission(h, answer.optionId, answer.count)
  await started.done
  return h.of('turn_end').find((e) => e.turnId === turnId)
}

describe('the real Codex agent over ACP, offline', () => {
  it('asks permission with Codex’s own options, runs the approved command in the workspace, and a second turn continues the same ACP session', async () => {
    const { h, model, env } = await setUp(MAKE_FILE)
    h.start(codexAgent(), { env })
    const end = await turn(h, 't-1', 'make the file', { optionId: 'approved', count: 1 })
    expect(end).toMatchObject({ reason: 'completed' })
    const body = h.asker.asks[0]?.request.body as Extract<AskBody, { kind: 'agent_permission' }>
    expect(body.title).toBe('touch made-by-codex.txt')
    expect(body.toolKind).toBe('execute')
    expect(body.detail).toContain('Run touch made-by-codex.txt for you')
    expect(body.options).toEqual([
      { optionId: 'approved', name: 'Yes, proceed', kind: 'allow_once' },
      {
        optionId: 'approved-execpolicy-amendment',
        name: "Yes, and don't ask again for commands that start with `touch made-by-codex.txt`",
        kind: 'allow_always',
      },
      { optionId: 'abort', name: 'No, and tell Codex what to do differently', kind: 'reject_once' },
    ])
    expect(h.asker.asks[0]?.request.source).toMatchObject({ kind: 'acp', agent: 'Codex' })
    expect(existsSync(join(h.workspace, 'made-by-codex.txt'))).toBe(true)
    expect(h.replyText('t-1')).toBe('Created made-by-codex.txt.')
    expect(h.of('agent_tool_call')[0]).toMatchObject({
      title: 'touch made-by-codex.txt',
      kind: 'execute',
    })
    expect(h.of('agent_tool_call_update').at(-1)).toMatchObject({ status: 'completed' })
    expect(h.of('agent_modes')[0]?.available.map((m) => m.id)).toEqual([
      'read-only',
      'auto',
      'full-access',
    ])

    // Turn two: same process, same ACP session — the model sees the first turn in its history.
    expect(await turn(h, 't-2', 'anything else')).toMatchObject({ reason: 'completed' })
    expect(h.replyText('t-2')).toBe('Nothing else to do.')
    expect(h.of('agent_session')).toHaveLength(1)
    const last = model.mock.getRequests().at(-1)
    expect(JSON.stringify(last?.body)).toContain('make the file')
  })

  it('with "allow always", Codex runs the same command again without asking', async () => {
    const { h, env } = await setUp(MAKE_FILE)
    h.start(codexAgent(), { env })
    await turn(h, 't-1', 'make the file', { optionId: 'approved-execpolicy-amendment', count: 1 })
    expect(existsSync(join(h.workspace, 'made-by-codex.txt'))).toBe(true)
    expect(await turn(h, 't-2', 'and again')).toMatchObject({ reason: 'completed' })
    expect(h.replyText('t-2')).toBe('Touched it again.')
    expect(h.asker.asks).toHaveLength(1)
  })

  it('with "No, and tell Codex what to do differently", nothing runs and Codex ends the turn', async () => {
    const { h, env } = await setUp(MAKE_FILE)
    h.start(codexAgent(), { env })
    const end = await turn(h, 't-1', 'make the file', { optionId: 'abort', count: 1 })
    expect(end).toMatchObject({ reason: 'aborted' })
    expect(existsSync(join(h.workspace, 'made-by-codex.txt'))).toBe(false)
  })

  it('Stop while Codex waits for permission answers it cancelled, runs nothing, and ends the turn as stopped', async () => {
    const { h, env } = await setUp(MAKE_FILE)
    h.start(codexAgent(), { env })
    const started = h.runner.startTurn('t-1', 'make the file')
    const ask = await h.asker.waitForAsk()
    await h.runner.stop()
    if (started.ok) await started.done
    expect(ask.request.signal?.aborted).toBe(true)
    expect(h.of('turn_end')).toEqual([expect.objectContaining({ reason: 'stopped' })])
    expect(existsSync(join(h.workspace, 'made-by-codex.txt'))).toBe(false)
  })

  it('without configured auth, says Codex needs sign-in and lists its methods; with OPENAI_API_KEY in the agent’s own env it signs in by itself', async () => {
    const fixtures: Fixture[] = [{ match: {}, response: { content: 'Signed in and working.' } }]
    const bare = await setUp(fixtures, 'openai')
    // Headless: nobody to ask in the sign-in tray, so the turn ends with the methods named.
    bare.h.start(codexAgent(), { env: bare.env, interactive: false })
    const end = await turn(bare.h, 't-1', 'hello')
    expect(end).toMatchObject({ reason: 'error', errorKind: 'auth' })
    expect(end?.error).toContain('Codex needs you to sign in before it can start a session')
    expect(end?.error).toContain('Login with ChatGPT (chatgpt)')
    expect(end?.error).toContain('Use OPENAI_API_KEY (openai-api-key) — set OPENAI_API_KEY')
    expect(end?.error).toContain('Use CODEX_API_KEY (codex-api-key) — set CODEX_API_KEY')
    expect(end?.errorDetail).toBe('Authentication required')

    // Parley's own provider keys never reach an agent: the key goes in the agent's env (Settings).
    const keyed = await setUp(fixtures, 'openai')
    keyed.h.start(
      { ...codexAgent(), env: { OPENAI_API_KEY: 'sk-offline-test' } },
      { env: keyed.env },
    )
    expect(await turn(keyed.h, 't-1', 'hello')).toMatchObject({ reason: 'completed' })
    expect(keyed.h.replyText('t-1')).toBe('Signed in and working.')
  })

  it('closing a session started through the npm wrapper ends the Codex binary too', async () => {
    const { h, env } = await setUp(MAKE_FILE)
    h.start(codexAgent(process.execPath, [codexAcpWrapper()]), { env })
    expect(await h.runner.connect()).toEqual({ ok: true })
    // The wrapper (node) and the binary it runs both carry this CODEX_HOME.
    expect(processesWithCodexHome(env.CODEX_HOME).length).toBeGreaterThanOrEqual(2)
    await h.runner.close({ reason: 'removed' })
    await vi.waitFor(() => expect(processesWithCodexHome(env.CODEX_HOME)).toEqual([]), {
      timeout: 10_000,
      interval: 50,
    })
  })
})
