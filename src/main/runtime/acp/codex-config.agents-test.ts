import { afterEach, describe, expect, it } from 'vitest'
import {
  isTurnEnd,
  makeRig,
  nthInteraction,
  readLogRecords,
  startRuntime,
  waitForEvent,
  type TestRuntime,
} from '../testing/runtime-test-kit'
import {
  codexHome,
  codexQuestionFixtures,
  startMockModel,
  turnRequestBodies,
} from './testing/codex-offline'
import { agentEntry } from './testing/real-agents'

/**
 * The newer Codex adapter (`@agentclientprotocol/codex-acp`, installed by `npm run test:agents`)
 * through the whole runtime, as a person uses it: its session config options on the session, plan
 * mode set with the same bridge call the composer's pickers and the terminal's /config make, and
 * then its structured question answered in the tray (the broker's FIFO, `respondToForm`).
 */

const entry = agentEntry('CODEX_ACP')
if (!entry) throw new Error('run with `npm run test:agents` (PARLEY_AGENT_CODEX_ACP is not set)')

const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

const FIXTURES = codexQuestionFixtures('plan the storage', 'Planned around SQLite.')

describe('Codex’s session config options through the runtime', () => {
  it('shows its options on the session; plan mode set through the bridge makes it ask a form, answered in the tray, and it continues the same turn', async () => {
    const model = await startMockModel(FIXTURES)
    cleanups.push(() => model.stop())
    const rig = makeRig({ turns: [{ steps: [{ say: 'unused' }] }] })
    const runtime: TestRuntime = await startRuntime(rig)
    cleanups.push(() => runtime.close())
    const env = { ...codexHome(rig.dir, model.url, 'mock', 'gpt-6.1-sol'), NO_BROWSER: '1' }
    const updated = await runtime.updateSettings({
      agents: [{ id: 'codex', name: 'Codex', command: process.execPath, args: [entry], env }],
    })
    expect(updated.ok).toBe(true)
    const created = await runtime.createSession({ agent: 'codex', mode: 'ask' })
    if (!created.ok) throw new Error(created.reason)
    const sessionId = created.session.id

    // Setting an option starts the agent; its answer is the session's options from then on.
    expect(
      await runtime.setAgentConfigOption({ sessionId, configId: 'mode', value: 'read-only' }),
    ).toEqual({ ok: true })
    expect(
      await runtime.setAgentConfigOption({
        sessionId,
        configId: 'collaboration_mode',
        value: 'plan',
      }),
    ).toEqual({ ok: true })
    const summary = (await runtime.listSessions({})).find((s) => s.id === sessionId)
    const config = summary?.agentConfig ?? []
    expect(config.map((o) => o.category)).toEqual(
      expect.arrayContaining(['mode', 'model', 'thought_level', 'collaboration_mode']),
    )
    expect(config.find((o) => o.id === 'collaboration_mode')?.currentValue).toBe('plan')
    expect(summary?.agentModes).toMatchObject({ currentModeId: 'read-only', configId: 'mode' })
    expect(
      await runtime.setAgentConfigOption({ sessionId, configId: 'collaboration_mode', value: 'x' }),
    ).toMatchObject({ ok: false, reason: 'failed', message: expect.stringContaining('"x"') })

    await runtime.send({ sessionId, text: 'plan the storage' })
    const form = await nthInteraction(runtime, 1)
    if (form.kind !== 'form') throw new Error(`expected a form, got ${form.kind}`)
    expect(form.source).toMatchObject({ kind: 'acp', agent: 'Codex' })
    const field = form.form.fields.find((f) => f.type === 'choice')
    if (field?.type !== 'choice') throw new Error('the form has no choice field')
    expect(field.title).toBe('Which database should I use?')
    const sqlite = field.options.find((o) => o.label.startsWith('SQLite'))
    expect(sqlite).toBeDefined()
    expect(
      await runtime.respondToForm({
        requestId: form.requestId,
        response: { action: 'accept', content: { [field.key]: sqlite?.value ?? '' } },
      }),
    ).toEqual({ ok: true })
    expect((await waitForEvent(runtime, isTurnEnd)).event).toMatchObject({ reason: 'completed' })

    const records = readLogRecords(rig, sessionId)
    const chosen = records.flatMap((e) => (e.type === 'agent_config' && e.chosen ? [e.chosen] : []))
    expect(chosen).toEqual([
      { configId: 'mode', value: 'read-only' },
      { configId: 'collaboration_mode', value: 'plan' },
    ])
    // The turn's last request carries the answer (Codex's side request for a title may come later).
    expect(turnRequestBodies(model.mock).at(-1)).toContain('SQLite')
  }, 180_000)
})
