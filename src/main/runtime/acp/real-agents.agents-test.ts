import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { AskBody } from '../interactions/asker'
import type { Fixture } from '@copilotkit/aimock'
import { startMockModel } from './testing/codex-offline'
import { agentEntry, claudeAgent, mainRequest, SIDE_REQUESTS } from './testing/real-agents'
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
    const model = await startMockModel([...fixtures(h.workspace), SIDE_REQUESTS])
    cleanups.push(
      () => model.stop(),
      () => h.dispose(),
    )
    const { agent, env: agentEnv } = claudeAgent(entry as string, h.root, model.url)
    h.start(agent, { env: agentEnv })
    expect(await h.runner.connect()).toEqual({ ok: true })
    // The current adapter starts in "Auto" (its own classifier decides): pick the mode that asks.
    const manual = h.runner.modes?.available.find((m) => /^(default|manual)$/i.test(m.id))
    if (manual && h.runner.modes?.currentModeId !== manual.id) {
      expect(await h.runner.setMode(manual.id)).toEqual({ ok: true })
    }
    return { model, h }
  }

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
