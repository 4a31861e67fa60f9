import { afterEach, describe, expect, it } from 'vitest'
import { SessionEventSchema } from '../../../shared/session-events'
import type { FakeAgentScript } from './testing/fake-acp-agent'
import { CODEX_LIKE_CONFIG } from './testing/codex-like-config'
import { RunnerHarness } from './testing/runner-harness'

const harnesses: RunnerHarness[] = []
afterEach(async () => {
  await Promise.all(harnesses.splice(0).map((h) => h.dispose()))
})

function harness(): RunnerHarness {
  const h = new RunnerHarness()
  harnesses.push(h)
  return h
}

const FORM = {
  message: 'Which database should I use?',
  requestedSchema: {
    type: 'object',
    properties: { db: { type: 'string', title: 'Database', enum: ['postgres', 'sqlite'] } },
    required: ['db'],
  },
}

/** Like Codex: in plan collaboration mode it asks with a form, otherwise it just answers. */
const PLANNER: FakeAgentScript = {
  agentInfo: { name: 'codex-acp', title: 'Codex', version: '2.6.0' },
  configOptions: CODEX_LIKE_CONFIG,
  turns: [
    {
      when: 'database',
      whenConfig: { collaboration_mode: 'plan' },
      steps: [{ elicit: FORM, as: 'form' }, { say: 'Planned with {{form}}' }],
    },
    { when: 'database', steps: [{ say: 'Using Postgres without asking.' }] },
  ],
}

async function runTurn(h: RunnerHarness, text: string, turnId: string) {
  const started = h.runner.startTurn(turnId, text)
  if (!started.ok) throw new Error(started.message)
  await started.done
}

describe('an ACP agent’s session config options', () => {
  it('keeps the select options the agent announces, with categories, grouped values and current values, and records them', async () => {
    const h = harness()
    h.start(h.scriptAgent(PLANNER))
    expect(await h.runner.connect()).toEqual({ ok: true })

    const options = h.runner.config?.options ?? []
    expect(options.map((o) => [o.id, o.category, o.currentValue])).toEqual([
      ['mode', 'mode', 'agent'],
      ['collaboration_mode', 'collaboration_mode', 'default'],
      ['reasoning_effort', 'thought_level', 'medium'],
      ['model', 'model', 'gpt-fast'],
      ['verbose', undefined, 'false'],
    ])
    expect(options[0]?.values[0]).toEqual({
      value: 'read-only',
      name: 'Read Only',
      description: 'Asks before it changes anything',
      group: 'Sandbox Modes',
    })
    // An on/off option is kept as two values, marked as such.
    expect(options.find((o) => o.id === 'verbose')).toMatchObject({
      kind: 'boolean',
      values: [
        { value: 'true', name: 'On' },
        { value: 'false', name: 'Off' },
      ],
    })
    // The mode option is also the agent-mode picker's list.
    expect(h.runner.modes?.via).toEqual({ kind: 'config_option', configId: 'mode' })
    const [recorded] = h.of('agent_config')
    expect(recorded?.options).toEqual(options)
    expect(SessionEventSchema.safeParse(recorded).success).toBe(true)
  })

  it('advertises boolean options and turns one on as a boolean, recorded as the person’s choice', async () => {
    const h = harness()
    h.start(
      h.scriptAgent({
        ...PLANNER,
        turns: [
          { when: 'check', whenConfig: { verbose: 'true' }, steps: [{ say: 'verbose on' }] },
          { when: 'check', steps: [{ say: 'verbose off' }] },
          { when: 'caps', steps: [{ say: '{{clientCapabilities}}' }] },
        ],
      }),
    )
    await runTurn(h, 'caps', 't-0')
    expect(JSON.parse(h.replyText('t-0'))).toMatchObject({
      session: { configOptions: { boolean: {} } },
    })
    expect(await h.runner.setConfigOption('verbose', 'true')).toEqual({ ok: true })
    expect(h.runner.config?.options.find((o) => o.id === 'verbose')?.currentValue).toBe('true')
    expect(h.of('agent_config').at(-1)?.chosen).toEqual({ configId: 'verbose', value: 'true' })
    await runTurn(h, 'check', 't-1')
    expect(h.replyText('t-1')).toBe('verbose on')
  })

  it('sets an option through the agent, records its answer as the person’s choice, and the agent behaves accordingly', async () => {
    const h = harness()
    h.start(h.scriptAgent(PLANNER))
    await runTurn(h, 'pick a database', 't-1')
    expect(h.replyText('t-1')).toBe('Using Postgres without asking.')

    expect(await h.runner.setConfigOption('collaboration_mode', 'plan')).toEqual({ ok: true })
    expect(h.runner.config?.options.find((o) => o.id === 'collaboration_mode')?.currentValue).toBe(
      'plan',
    )
    expect(h.of('agent_config').at(-1)?.chosen).toEqual({
      configId: 'collaboration_mode',
      value: 'plan',
    })

    const started = h.runner.startTurn('t-2', 'pick a database')
    const ask = await h.asker.waitForAsk()
    expect(ask.request.body).toMatchObject({ kind: 'form', message: FORM.message })
    ask.answer({ kind: 'answered', value: { action: 'accept', content: { db: 'sqlite' } } })
    if (started.ok) await started.done
    expect(h.replyText('t-2')).toContain('sqlite')
  })

  it('sets the agent mode through its mode config option, recorded as a choice too', async () => {
    const h = harness()
    h.start(h.scriptAgent(PLANNER))
    expect(await h.runner.setMode('read-only')).toEqual({ ok: true })
    expect(h.runner.modes?.currentModeId).toBe('read-only')
    expect(h.of('agent_config').at(-1)?.chosen).toEqual({ configId: 'mode', value: 'read-only' })
  })

  it('with ACP modes and a "mode" option mirroring them (as Codex sends both), the modes follow the option and a mode change goes through it', async () => {
    const h = harness()
    h.start(
      h.scriptAgent({
        ...PLANNER,
        modes: {
          currentModeId: 'agent',
          availableModes: [
            { id: 'read-only', name: 'Read Only' },
            { id: 'agent', name: 'Agent' },
            { id: 'full-access', name: 'Full Access' },
          ],
        },
      }),
    )
    await h.runner.connect()
    expect(h.runner.modes?.via).toEqual({ kind: 'session_mode' })
    expect(await h.runner.setConfigOption('mode', 'read-only')).toEqual({ ok: true })
    expect(h.runner.modes?.currentModeId).toBe('read-only')
    expect(await h.runner.setMode('full-access')).toEqual({ ok: true })
    expect(h.runner.modes?.currentModeId).toBe('full-access')
    expect(h.of('agent_config').at(-1)?.chosen).toEqual({ configId: 'mode', value: 'full-access' })
  })

  it('refuses an option or value the agent does not offer with a clear message, asking the agent nothing', async () => {
    const h = harness()
    h.start(h.scriptAgent(PLANNER))
    await h.runner.connect()
    const before = h.records.length
    expect(await h.runner.setConfigOption('collaboration_mode', 'pair')).toEqual({
      ok: false,
      message: 'Codex offers no "pair" for Collaboration mode',
    })
    expect(await h.runner.setConfigOption('temperature', 'hot')).toEqual({
      ok: false,
      message: 'Codex has no setting "temperature"',
    })
    expect(h.records.length).toBe(before)
  })

  it('says what the agent answered when it refuses a change, and keeps its values', async () => {
    const h = harness()
    h.start(
      h.scriptAgent({
        ...PLANNER,
        failSetConfig: { configId: 'model', message: 'that model needs a subscription' },
      }),
    )
    await h.runner.connect()
    expect(await h.runner.setConfigOption('model', 'gpt-deep')).toEqual({
      ok: false,
      message: 'Codex did not change Model: that model needs a subscription',
    })
    expect(h.runner.config?.options.find((o) => o.id === 'model')?.currentValue).toBe('gpt-fast')
    expect(h.of('agent_config').some((c) => c.chosen)).toBe(false)
  })

  it('applies the person’s choices again to the agent session opened after a restart, in the order they were made', async () => {
    const first = harness()
    first.start(first.scriptAgent(PLANNER))
    await first.runner.connect()
    expect(await first.runner.setConfigOption('mode', 'read-only')).toEqual({ ok: true })
    expect(await first.runner.setConfigOption('collaboration_mode', 'plan')).toEqual({ ok: true })
    await first.runner.close({ reason: 'shutdown' })

    // The next start: the agent's new process remembers nothing and reports its defaults.
    const second = harness()
    const choices = first.of('agent_config').flatMap((c) => (c.chosen ? [c.chosen] : []))
    const previous = first.of('agent_session').at(-1)
    second.start(second.scriptAgent(PLANNER), {
      choices,
      ...(previous ? { previous } : {}),
    })
    expect(await second.runner.connect()).toEqual({ ok: true })
    const values = second.runner.config?.options.map((o) => [o.id, o.currentValue])
    expect(values).toContainEqual(['mode', 'read-only'])
    expect(values).toContainEqual(['collaboration_mode', 'plan'])
    expect(second.runner.modes?.currentModeId).toBe('read-only')

    const started = second.runner.startTurn('t-1', 'pick a database')
    const ask = await second.asker.waitForAsk()
    expect(ask.request.body).toMatchObject({ kind: 'form' })
    ask.answer({ kind: 'answered', value: { action: 'decline' } })
    if (started.ok) await started.done
  })
})
