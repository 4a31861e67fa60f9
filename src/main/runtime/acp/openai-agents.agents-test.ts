import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { Fixture } from '@copilotkit/aimock'
import type { AskBody } from '../interactions/asker'
import { processesWithEnv, startMockModel } from './testing/codex-offline'
import {
  agentEntry,
  copilotAgent,
  mainRequest,
  opencodeAgent,
  qwenAgent,
  SIDE_REQUESTS,
} from './testing/real-agents'
import type { FakeAsk } from './testing/fake-asker'
import { RunnerHarness } from './testing/runner-harness'

/**
 * opencode, Qwen Code and Copilot CLI — agents that speak to an OpenAI-compatible model — through
 * Parley's ACP runner, offline against aimock's Chat Completions API. Run with
 * `npm run test:agents` (scripts/test-agents.mjs installs them and passes their entries in
 * PARLEY_AGENT_*). None of them forwards a question tool over ACP.
 */

const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

type PermissionBody = Extract<AskBody, { kind: 'agent_permission' }>

/** Each agent: how it is started, the names of its shell and file-writing tools, its asking mode. */
const AGENTS = [
  {
    name: 'opencode',
    env: 'OPENCODE',
    make: opencodeAgent,
    shell: 'bash',
    write: 'write',
    writeInput: (path: string, content: string) => ({ filePath: path, content }),
    askingMode: undefined,
  },
  {
    name: 'Qwen Code',
    env: 'QWEN',
    make: qwenAgent,
    shell: 'run_shell_command',
    write: 'write_file',
    writeInput: (path: string, content: string) => ({ file_path: path, content }),
    // It starts in "auto" (a classifier decides): "default" asks about edits and commands.
    askingMode: 'default',
  },
  {
    name: 'Copilot CLI',
    env: 'COPILOT',
    make: copilotAgent,
    shell: 'bash',
    write: 'create',
    writeInput: (path: string, content: string) => ({ path, file_text: content }),
    askingMode: undefined,
  },
] as const

describe.each(AGENTS)('$name', (spec) => {
  const entry = agentEntry(spec.env)
  if (!entry)
    throw new Error(`run with \`npm run test:agents\` (PARLEY_AGENT_${spec.env} is not set)`)

  /** A turn in which the model runs `command` with the agent's shell tool, then says `reply`. */
  const shellTurn = (prompt: string, command: string, reply: string): Fixture[] => [
    ...mainRequest(spec.shell, prompt, 'first', (name) => ({
      toolCalls: [
        { name, arguments: JSON.stringify({ command, description: 'Run a command for the test' }) },
      ],
    })),
    ...mainRequest(spec.shell, prompt, 'follow-up', () => ({ content: reply })),
  ]

  async function start(fixtures: (workspace: string) => Fixture[]) {
    const h = new RunnerHarness()
    const model = await startMockModel([...fixtures(h.workspace), ...SIDE_REQUESTS])
    cleanups.push(
      () => model.stop(),
      () => h.dispose(),
    )
    const { agent, env } = spec.make(entry as string, h.root, model.url)
    h.start(agent, { env })
    expect(await h.runner.connect()).toEqual({ ok: true })
    if (spec.askingMode) expect(await h.runner.setMode(spec.askingMode)).toEqual({ ok: true })
    return { h, model, home: env.HOME ?? '' }
  }

  const answer = (ask: FakeAsk, kind: 'allow_once' | 'reject_once') => {
    const body = ask.request.body as PermissionBody
    const option = body.options.find((o) => o.kind === kind)
    expect(option).toBeDefined()
    ask.answer({ kind: 'answered', value: { optionId: option?.optionId ?? '' } })
  }

  const lastStatus = (h: RunnerHarness, toolCallId: string | undefined) =>
    h
      .of('agent_tool_call_update')
      .filter((u) => u.toolCallId === toolCallId && u.status !== undefined)
      .at(-1)?.status

  it('runs a turn, and a command it asks about shows the command up front; allowed, it runs', async () => {
    const { h } = await start(() => [
      {
        match: { userMessage: 'say hello', hasToolResult: false },
        response: { content: 'Hello there.' },
      },
      ...shellTurn('make a file', 'echo allowed > allowed.txt', 'Made it.'),
    ])
    const hello = h.runner.startTurn('t-1', 'say hello')
    if (hello.ok) await hello.done
    expect(h.replyText('t-1')).toContain('Hello there.')

    const started = h.runner.startTurn('t-2', 'make a file')
    const ask = await h.asker.waitForAsk()
    const body = ask.request.body as PermissionBody
    expect(body.toolKind).toBe('execute')
    // What runs, whatever the title says (Copilot CLI titles it with the model's description).
    expect(body.command ?? body.title).toContain('echo allowed > allowed.txt')
    answer(ask, 'allow_once')
    if (started.ok) await started.done
    expect(h.of('turn_end').map((e) => e.reason)).toEqual(['completed', 'completed'])
    expect(readFileSync(join(h.workspace, 'allowed.txt'), 'utf8')).toBe('allowed\n')
    expect(h.replyText('t-2')).toContain('Made it.')
  })

  it('a command the person rejects does not run and its row says Rejected', async () => {
    const { h } = await start(() => shellTurn('make a file', 'echo no > rejected.txt', 'Fine.'))
    const started = h.runner.startTurn('t-1', 'make a file')
    const ask = await h.asker.waitForAsk()
    answer(ask, 'reject_once')
    if (started.ok) await started.done
    expect(existsSync(join(h.workspace, 'rejected.txt'))).toBe(false)
    const id = (ask.request.source as { toolCallId?: string }).toolCallId
    expect(lastStatus(h, id)).toBe('rejected')
  })

  it('asks once for a file it writes, and the file is written', async () => {
    const { h } = await start((workspace) => [
      ...mainRequest(spec.write, 'write notes', 'first', (name) => ({
        toolCalls: [
          {
            name,
            arguments: JSON.stringify(spec.writeInput(join(workspace, 'notes.txt'), 'hello\n')),
          },
        ],
      })),
      ...mainRequest(spec.write, 'write notes', 'follow-up', () => ({ content: 'Wrote notes.' })),
    ])
    h.asker.policy = () => ({ allowed: false, message: 'asked a second time' })
    const started = h.runner.startTurn('t-1', 'write notes')
    const ask = await h.asker.waitForAsk()
    const body = ask.request.body as PermissionBody
    const file = join(h.workspace, 'notes.txt')
    expect([...body.locations, ...(body.diffs ?? []).map((d) => d.path)]).toContain(file)
    answer(ask, 'allow_once')
    if (started.ok) await started.done
    expect(h.of('turn_end')).toEqual([expect.objectContaining({ reason: 'completed' })])
    expect(readFileSync(file, 'utf8')).toBe('hello\n')
    expect(h.asker.asks).toHaveLength(1)
    expect(h.asker.authorizations).toEqual([])
  })

  it('Stop at an open permission ends the turn as stopped and leaves no call running', async () => {
    const { h } = await start(() => shellTurn('make a file', 'echo stop > stopped.txt', 'Done.'))
    const started = h.runner.startTurn('t-1', 'make a file')
    const ask = await h.asker.waitForAsk()
    await h.runner.stop()
    if (started.ok) await started.done
    expect(h.of('turn_end')).toEqual([expect.objectContaining({ reason: 'stopped' })])
    const id = (ask.request.source as { toolCallId?: string }).toolCallId
    expect(lastStatus(h, id)).toMatch(/^(cancelled|failed|rejected)$/)
    expect(existsSync(join(h.workspace, 'stopped.txt'))).toBe(false)
  })

  it('killed mid-turn, ends the turn with the reason and leaves no call running', async () => {
    const { h, home } = await start(() =>
      shellTurn('make a file', 'echo kill > killed.txt', 'Done.'),
    )
    const started = h.runner.startTurn('t-1', 'make a file')
    const ask = await h.asker.waitForAsk()
    for (const pid of processesWithEnv('HOME', home)) process.kill(pid, 'SIGKILL')
    if (started.ok) await started.done
    expect(h.of('turn_end')).toEqual([
      expect.objectContaining({ reason: 'error', error: expect.stringContaining('exited') }),
    ])
    const id = (ask.request.source as { toolCallId?: string }).toolCallId
    expect(lastStatus(h, id)).toBe('failed')
  })
})
