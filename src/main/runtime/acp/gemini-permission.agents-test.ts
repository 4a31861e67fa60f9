import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { AskBody } from '../interactions/asker'
import { startMockModel } from './testing/codex-offline'
import { agentEntry, geminiAgent, mainRequest, SIDE_REQUESTS } from './testing/real-agents'
import { RunnerHarness } from './testing/runner-harness'

/**
 * Gemini CLI (installed by `npm run test:agents`) in its "Default" mode, which prompts for
 * approval: one permission round trip — its request in the tray with its own options, Allow sent
 * back, the command run, the same turn finished.
 */

const entry = agentEntry('GEMINI')
if (!entry) throw new Error('run with `npm run test:agents` (PARLEY_AGENT_GEMINI is not set)')

const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

type PermissionBody = Extract<AskBody, { kind: 'agent_permission' }>

describe('Gemini CLI’s permission request', () => {
  it('asks with its own options before running a command; Allow reaches it and the turn goes on', async () => {
    const h = new RunnerHarness()
    const model = await startMockModel([
      ...mainRequest('run_shell_command', 'make a file', 'first', (name) => ({
        toolCalls: [
          {
            name,
            arguments: JSON.stringify({ command: 'touch made.txt', description: 'Make a file' }),
          },
        ],
      })),
      ...mainRequest('run_shell_command', 'make a file', 'follow-up', () => ({
        content: 'Made it.',
      })),
      ...SIDE_REQUESTS,
    ])
    cleanups.push(
      () => model.stop(),
      () => h.dispose(),
    )
    const { agent, env } = geminiAgent(entry, h.root, model.url)
    h.start(agent, { env })
    expect(await h.runner.connect()).toEqual({ ok: true })
    if (h.runner.modes?.currentModeId !== 'default')
      expect(await h.runner.setMode('default')).toEqual({ ok: true })

    const started = h.runner.startTurn('t-1', 'make a file')
    const ask = await h.asker.waitForAsk()
    const body = ask.request.body as PermissionBody
    expect(body.kind).toBe('agent_permission')
    expect(body.options.map((o) => o.kind)).toContain('allow_once')
    const allow = body.options.find((o) => o.kind === 'allow_once')
    ask.answer({ kind: 'answered', value: { optionId: allow?.optionId ?? '' } })
    if (started.ok) await started.done

    expect(h.of('turn_end')).toEqual([expect.objectContaining({ reason: 'completed' })])
    expect(existsSync(join(h.workspace, 'made.txt'))).toBe(true)
    expect(h.asker.asks).toHaveLength(1)
    expect(h.replyText('t-1')).toContain('Made it.')
  }, 300_000)
})
