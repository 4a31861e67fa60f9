import { afterEach, describe, expect, it } from 'vitest'
import type { AskBody } from '../interactions/asker'
import {
  codexAgent,
  codexHome,
  codexQuestionFixtures,
  startMockModel,
} from './testing/codex-offline'
import { RunnerHarness } from './testing/runner-harness'

/**
 * The newer Codex adapter, `@agentclientprotocol/codex-acp` 2.6.0 (it brings `@openai/codex`,
 * about 170 MB to download and 460 MB installed, so it is not a devDependency): a real
 * `elicitation/create` form from Codex's `request_user_input`, answered through the asker. Run
 * with `npm run test:codex-next`, which installs the adapter into node_modules/.cache first and
 * passes its entry in PARLEY_CODEX_ACP_NEXT.
 */

const adapter = process.env.PARLEY_CODEX_ACP_NEXT
if (!adapter)
  throw new Error('run with `npm run test:codex-next` (PARLEY_CODEX_ACP_NEXT is not set)')

const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

const FIXTURES = codexQuestionFixtures('ask me', 'Thanks, SQLite it is.')

describe('the newer Codex adapter over ACP, offline', () => {
  it('asks a real form (elicitation/create) in plan mode and Codex receives the answer in the same turn', async () => {
    const model = await startMockModel(FIXTURES)
    const h = new RunnerHarness()
    cleanups.push(
      () => model.stop(),
      () => h.dispose(),
    )
    const env = { ...codexHome(h.root, model.url, 'mock', 'gpt-6.1-sol'), NO_BROWSER: '1' }
    h.start(codexAgent(process.execPath, [adapter]), { env })
    expect(await h.runner.connect()).toEqual({ ok: true })
    // Its default "agent" mode would send risky calls to a reviewer model instead of asking, so:
    // read-only, and plan collaboration, where Codex may ask the person questions.
    expect(h.runner.modes?.available.map((m) => m.id)).toContain('read-only')
    expect(await h.runner.setMode('read-only')).toEqual({ ok: true })
    expect(await h.runner.setConfigOption('collaboration_mode', 'plan')).toEqual({ ok: true })

    const started = h.runner.startTurn('t-1', 'ask me')
    const ask = await h.asker.waitForAsk()
    const body = ask.request.body as Extract<AskBody, { kind: 'form' }>
    expect(body.kind).toBe('form')
    expect(body.mode).toBe('form')
    expect(JSON.stringify(body.requestedSchema)).toContain('Which database should I use?')
    expect(ask.request.source).toMatchObject({ kind: 'acp', agent: 'Codex' })
    ask.answer({ kind: 'answered', value: { action: 'accept', content: { db_choice: 'SQLite' } } })
    if (started.ok) await started.done

    expect(h.of('turn_end')).toEqual([expect.objectContaining({ reason: 'completed' })])
    expect(h.replyText('t-1')).toContain('Thanks, SQLite it is.')
    const toolResult = JSON.stringify(model.mock.getRequests().at(-1)?.body)
    expect(toolResult).toContain('SQLite')
    expect(toolResult).toContain('db_choice')
  })
})
