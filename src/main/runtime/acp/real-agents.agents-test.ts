import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { AskBody } from '../interactions/asker'
import type { ChatCompletionRequest, Fixture } from '@copilotkit/aimock'
import {
  codexAgent,
  codexHome,
  escalatedCommand,
  processesWithEnv,
  startMockModel,
  turnRequestBodies,
} from './testing/codex-offline'
import {
  agentEntry,
  claudeAgent,
  geminiAgent,
  mainRequest,
  SIDE_REQUESTS,
} from './testing/real-agents'
import { RunnerHarness } from './testing/runner-harness'

/**
 * Real agents nobody on this project wrote, through Parley's ACP runner, offline against aimock.
 * Run with `npm run test:agents` (scripts/test-agents.mjs installs the pinned adapters outside the
 * project's dependencies and passes their entries in PARLEY_AGENT_*).
 */

const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

type PermissionBody = Extract<AskBody, { kind: 'agent_permission' }>

const CLAUDE = [
  { adapter: '@zed-industries/claude-code-acp', env: 'CLAUDE_CODE_ACP' },
  { adapter: '@agentclientprotocol/claude-agent-acp', env: 'CLAUDE_AGENT_ACP' },
] as const

describe.each(CLAUDE)('Claude Code through $adapter', ({ env }) => {
  const entry = agentEntry(env)
  if (!entry) throw new Error(`run with \`npm run test:agents\` (PARLEY_AGENT_${env} is not set)`)

  async function start(fixtures: (workspace: string) => Fixture[]) {
    const h = new RunnerHarness()
    const model = await startMockModel([...fixtures(h.workspace), ...SIDE_REQUESTS])
    cleanups.push(
      () => model.stop(),
      () => h.dispose(),
    )
    const { agent, env: agentEnv } = claudeAgent(entry as string, h.root, model.url)
    h.start(agent, { env: agentEnv })
    expect(await h.runner.connect()).toEqual({ ok: true })
    // Parley names it as it names itself, never after its script file ("index").
    expect(h.runner.agentName).toMatch(/claude/i)
    // The current adapter starts in "Auto" (its own classifier decides): pick the mode that asks.
    const manual = h.runner.modes?.available.find((m) => /^(default|manual)$/i.test(m.id))
    if (manual && h.runner.modes?.currentModeId !== manual.id) {
      expect(await h.runner.setMode(manual.id)).toEqual({ ok: true })
    }
    return { model, h, home: agentEnv.HOME ?? '' }
  }

  /** A turn in which Claude runs `rm -rf build` with its Bash tool, which it asks about. */
  const bash = () => [
    ...mainRequest('Bash', 'clean the build', 'first', (name) => ({
      toolCalls: [
        { name, arguments: JSON.stringify({ command: 'rm -rf build', description: 'Clean' }) },
      ],
    })),
    ...mainRequest('Bash', 'clean the build', 'follow-up', () => ({ content: 'Cleaned.' })),
  ]

  it('Stop at an open permission ends the turn as stopped and settles the call as cancelled', async () => {
    const { h } = await start(bash)
    const started = h.runner.startTurn('t-1', 'clean the build')
    const ask = await h.asker.waitForAsk()
    const body = ask.request.body as PermissionBody
    // Parley's own review labels the agent's command.
    expect(body.risk).toBe('high')
    await h.runner.stop()
    if (started.ok) await started.done
    expect(h.of('turn_end')).toEqual([expect.objectContaining({ reason: 'stopped' })])
    const call = h.of('agent_tool_call')[0]
    expect(
      h
        .of('agent_tool_call_update')
        .filter((u) => u.toolCallId === call?.toolCallId)
        .at(-1),
    ).toMatchObject({
      status: expect.stringMatching(/^(cancelled|failed)$/),
    })
  })

  it('killed mid-prompt, ends the turn with the reason and leaves no call running', async () => {
    const { h, home } = await start(bash)
    const started = h.runner.startTurn('t-1', 'clean the build')
    await h.asker.waitForAsk()
    for (const pid of processesWithEnv('HOME', home)) process.kill(pid, 'SIGKILL')
    if (started.ok) await started.done
    expect(h.of('turn_end')).toEqual([
      expect.objectContaining({ reason: 'error', error: expect.stringMatching(/claude/i) }),
    ])
    const call = h.of('agent_tool_call')[0]
    expect(
      h
        .of('agent_tool_call_update')
        .filter((u) => u.toolCallId === call?.toolCallId)
        .at(-1),
    ).toMatchObject({
      status: 'failed',
    })
  })

  it('is named as it names itself and asks once for a Write: the file is written with no second prompt', async () => {
    const { h } = await start((workspace) => [
      ...mainRequest('Write', 'write notes', 'first', (name) => ({
        toolCalls: [
          {
            name,
            arguments: JSON.stringify({
              file_path: join(workspace, 'notes.txt'),
              content: 'hello\n',
            }),
          },
        ],
      })),
      ...mainRequest('Write', 'write notes', 'follow-up', () => ({ content: 'Wrote notes.txt.' })),
    ])
    const file = join(h.workspace, 'notes.txt')
    h.asker.policy = () => ({ allowed: false, message: 'asked a second time' })

    const started = h.runner.startTurn('t-1', 'write notes')
    const ask = await h.asker.waitForAsk()
    const body = ask.request.body as PermissionBody
    expect(body.kind).toBe('agent_permission')
    expect(h.runner.agentName).not.toMatch(/^(index|jiti)$/)
    // The file and its content, from whatever update the adapter sent them in.
    expect(body.locations.concat(body.diffs?.map((d) => d.path) ?? [])).toContain(file)
    const allow = body.options.find((o) => o.kind === 'allow_once')
    expect(allow).toBeDefined()
    ask.answer({ kind: 'answered', value: { optionId: allow?.optionId ?? '' } })
    if (started.ok) await started.done
    expect(h.of('turn_end')).toEqual([expect.objectContaining({ reason: 'completed' })])
    expect(readFileSync(file, 'utf8')).toBe('hello\n')
    expect(h.asker.asks).toHaveLength(1)
    expect(h.asker.authorizations).toEqual([])
    expect(h.replyText('t-1')).toContain('Wrote notes.txt.')
  })
})

// The older adapter sometimes cannot find the session again when the process that held it was
// ended right after its turn, so the restart is checked with the current one.
describe('Claude Code through @agentclientprotocol/claude-agent-acp across a restart', () => {
  const entry = agentEntry('CLAUDE_AGENT_ACP')
  if (!entry)
    throw new Error('run with `npm run test:agents` (PARLEY_AGENT_CLAUDE_AGENT_ACP is not set)')

  it('after a restart continues its own session: the model sees the earlier turns', async () => {
    const h = new RunnerHarness()
    const model = await startMockModel([
      // The second turn is answered with the word only when its request carries the first turn.
      ...mainRequest('Bash', 'Remember the word PAPAYA', 'first', () => ({
        content: 'You gave me PAPAYA.',
      })).map((f) => ({
        ...f,
        match: {
          predicate: (request: ChatCompletionRequest) =>
            (f.match.predicate?.(request) ?? false) &&
            JSON.stringify(request.messages).includes('Which word did I give you?'),
        },
      })),
      ...mainRequest('Bash', 'Which word did I give you?', 'first', () => ({
        content: 'I do not know.',
      })),
      ...mainRequest('Bash', 'Remember the word PAPAYA', 'first', () => ({ content: 'Noted.' })),
      ...SIDE_REQUESTS,
    ])
    cleanups.push(
      () => model.stop(),
      () => h.dispose(),
    )
    const { agent: firstAgent, env: firstEnv } = claudeAgent(entry, h.root, model.url)
    h.start(firstAgent, { env: firstEnv })
    const first = h.runner.startTurn('t-1', 'Remember the word PAPAYA')
    if (first.ok) await first.done
    const opened = h.of('agent_session').at(-1)
    await h.runner.close({ reason: 'shutdown' })

    // Parley starts again: a new runner and agent process, given the session's newest record.
    const { agent, env } = claudeAgent(entry, h.root, model.url)
    h.start(agent, { env, ...(opened ? { previous: opened } : {}) })
    const second = h.runner.startTurn('t-2', 'Which word did I give you?')
    if (second.ok) await second.done
    expect(h.of('turn_end').map((e) => e.reason)).toEqual(['completed', 'completed'])
    expect(h.of('agent_session').at(-1)).toMatchObject({
      agentSessionId: opened?.agentSessionId,
      opened: expect.stringMatching(/^(resumed|loaded)$/),
    })
    expect(h.replyText('t-1')).toContain('Noted.')
    expect(h.replyText('t-2')).toContain('You gave me PAPAYA.')
  })
})

describe('Claude Code’s AskUserQuestion through @agentclientprotocol/claude-agent-acp', () => {
  const entry = agentEntry('CLAUDE_AGENT_ACP')
  if (!entry)
    throw new Error('run with `npm run test:agents` (PARLEY_AGENT_CLAUDE_AGENT_ACP is not set)')

  it('arrives as a form, and the answer reaches the model in the same turn', async () => {
    const h = new RunnerHarness()
    const question = {
      question: 'Which database should I use?',
      header: 'Database',
      multiSelect: false,
      options: [
        { label: 'Postgres', description: 'A server database.' },
        { label: 'SQLite', description: 'A single file.' },
      ],
    }
    const model = await startMockModel([
      ...mainRequest('AskUserQuestion', 'ask me', 'first', (name) => ({
        toolCalls: [{ name, arguments: JSON.stringify({ questions: [question] }) }],
      })),
      ...mainRequest('AskUserQuestion', 'ask me', 'follow-up', () => ({
        content: 'SQLite it is.',
      })),
      ...SIDE_REQUESTS,
    ])
    cleanups.push(
      () => model.stop(),
      () => h.dispose(),
    )
    const { agent, env } = claudeAgent(entry, h.root, model.url)
    h.start(agent, { env })
    const started = h.runner.startTurn('t-1', 'ask me')
    const ask = await h.asker.waitForAsk()
    const body = ask.request.body as Extract<AskBody, { kind: 'form' }>
    expect(body.kind).toBe('form')
    // The question's header titles its field; its options are the field's choices.
    const schema = JSON.stringify(body.requestedSchema)
    expect(schema).toContain('"title":"Database"')
    expect(schema).toContain('"const":"SQLite"')
    const properties = Object.keys(
      (body.requestedSchema as { properties?: Record<string, unknown> }).properties ?? {},
    )
    const content = Object.fromEntries(properties.slice(0, 1).map((key) => [key, 'SQLite']))
    ask.answer({ kind: 'answered', value: { action: 'accept', content } })
    if (started.ok) await started.done
    expect(h.of('turn_end')).toEqual([expect.objectContaining({ reason: 'completed' })])
    expect(h.replyText('t-1')).toContain('SQLite it is.')
    expect(turnRequestBodies(model.mock).at(-1)).toContain('SQLite')
  })
})

describe('Codex through @agentclientprotocol/codex-acp', () => {
  const entry = agentEntry('CODEX_ACP')
  if (!entry) throw new Error('run with `npm run test:agents` (PARLEY_AGENT_CODEX_ACP is not set)')

  it('asks permission for a command with its own options, and the choice reaches it', async () => {
    const h = new RunnerHarness()
    const model = await startMockModel([
      {
        match: { userMessage: 'make a file', hasToolResult: false },
        response: escalatedCommand('touch made.txt'),
      },
      {
        match: { userMessage: 'make a file', hasToolResult: true },
        response: { content: 'Made it.' },
      },
    ])
    cleanups.push(
      () => model.stop(),
      () => h.dispose(),
    )
    const env = { ...codexHome(h.root, model.url, 'mock', 'gpt-6.1-sol'), NO_BROWSER: '1' }
    h.start(codexAgent(process.execPath, [entry]), { env })
    expect(await h.runner.connect()).toEqual({ ok: true })
    // Its default "agent" mode sends risky calls to a reviewer model instead of asking.
    expect(await h.runner.setMode('read-only')).toEqual({ ok: true })
    const started = h.runner.startTurn('t-1', 'make a file')
    const ask = await h.asker.waitForAsk()
    const body = ask.request.body as PermissionBody
    expect(body.options.map((o) => o.name)).toContain('No, and tell Codex what to do differently')
    const allow = body.options.find((o) => o.kind === 'allow_once')
    ask.answer({ kind: 'answered', value: { optionId: allow?.optionId ?? '' } })
    if (started.ok) await started.done
    expect(h.of('turn_end')).toEqual([expect.objectContaining({ reason: 'completed' })])
    expect(h.replyText('t-1')).toContain('Made it.')
  })
})

describe('Gemini CLI', () => {
  const entry = agentEntry('GEMINI')
  if (!entry) throw new Error('run with `npm run test:agents` (PARLEY_AGENT_GEMINI is not set)')

  it('runs a whole turn with a tool call, which ends settled, and replies in the same turn', async () => {
    const h = new RunnerHarness()
    const file = join(h.workspace, 'hello.txt')
    const model = await startMockModel([
      ...mainRequest('write_file', 'write hello', 'first', (name) => ({
        toolCalls: [{ name, arguments: JSON.stringify({ file_path: file, content: 'hi\n' }) }],
      })),
      ...mainRequest('write_file', 'write hello', 'follow-up', () => ({ content: 'Wrote it.' })),
      ...SIDE_REQUESTS,
    ])
    cleanups.push(
      () => model.stop(),
      () => h.dispose(),
    )
    const { agent, env } = geminiAgent(entry, h.root, model.url)
    h.start(agent, { env })
    // Gemini CLI takes about a minute before its first model request on a loaded machine. In its
    // default mode here it asked nothing (an agent permission, should it come, is answered Allow).
    const started = h.runner.startTurn('t-1', 'write hello')
    void h.asker.waitForAsk().then((ask) => {
      const body = ask.request.body as PermissionBody
      const allow = body.options.find((o) => o.kind === 'allow_once')
      ask.answer({ kind: 'answered', value: { optionId: allow?.optionId ?? '' } })
    })
    if (started.ok) await started.done
    expect(h.of('turn_end')).toEqual([expect.objectContaining({ reason: 'completed' })])
    const call = h.of('agent_tool_call')[0]
    expect(call).toMatchObject({ kind: 'edit', locations: [{ path: file }] })
    const last = h
      .of('agent_tool_call_update')
      .filter((u) => u.toolCallId === call?.toolCallId && u.status !== undefined)
      .at(-1)
    expect(last?.status).not.toMatch(/^(pending|in_progress)$/)
    expect(h.replyText('t-1')).toContain('Wrote it.')
  }, 300_000)
})
