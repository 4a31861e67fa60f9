import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { BridgeEvent } from '../../../shared/bridge'
import type { PendingInteraction } from '../../../shared/interactions'
import {
  isTurnEnd,
  makeRig,
  newSession,
  nthInteraction,
  readLogRecords,
  startRuntime,
  waitForEvent,
  type TestRig,
  type TestRuntime,
} from '../testing/runtime-test-kit'
import type { FakeAgentScript } from './testing/fake-acp-agent'
import { FAKE_AGENT_PATH } from './testing/runner-harness'
import { CODEX_LIKE_CONFIG } from './testing/codex-like-config'

const open: TestRuntime[] = []
afterEach(async () => {
  await Promise.all(open.splice(0).map((r) => r.close()))
})

/** A runtime whose new sessions talk to the fake ACP agent playing `script`. */
async function withAgent(
  script: FakeAgentScript,
  rig: TestRig = makeRig({ turns: [{ steps: [{ say: 'unused' }] }] }),
  interactive = true,
) {
  const scriptPath = join(rig.dir, 'agent.json')
  writeFileSync(scriptPath, JSON.stringify(script))
  const runtime = await startRuntime(rig, {
    acp: `${process.execPath} --no-warnings ${FAKE_AGENT_PATH} ${scriptPath}`,
    interactive,
  })
  open.push(runtime)
  return { rig, runtime }
}

const OPTIONS = [
  { optionId: 'allow', name: 'Yes, proceed', kind: 'allow_once' },
  { optionId: 'reject', name: 'No, and tell the agent what to do', kind: 'reject_once' },
]
const permission = {
  permission: {
    toolCall: { toolCallId: 'call-1', title: 'rm -rf build', kind: 'execute' },
    options: OPTIONS,
  },
  as: 'p',
}
const FORM = {
  message: 'Pick a database',
  requestedSchema: {
    type: 'object',
    properties: {
      db: { type: 'string', title: 'Database', enum: ['postgres', 'sqlite'] },
      replicas: { type: 'integer', title: 'Replicas', minimum: 1, maximum: 5 },
    },
    required: ['db'],
  },
}

const lastText = (records: ReturnType<typeof readLogRecords>) =>
  records.filter((e) => e.type === 'assistant_text').at(-1)

describe('a session that talks to an ACP agent', () => {
  it("asks permission in the tray with the agent's own options and continues the same turn", async () => {
    const { rig, runtime } = await withAgent({
      turns: [{ steps: [permission, { say: 'answer {{p}}' }] }],
    })
    const sessionId = await newSession(runtime)
    expect((await runtime.listSessions({}))[0]).toMatchObject({ agent: { name: 'fake-acp-agent' } })
    await runtime.send({ sessionId, text: 'clean up' })
    const request = await nthInteraction(runtime, 1)
    expect(request).toMatchObject({
      kind: 'agent_permission',
      title: 'rm -rf build',
      options: OPTIONS,
      source: { kind: 'acp' },
      orphaned: false,
    })
    expect(
      await runtime.respondToAgentPermission({ requestId: request.requestId, optionId: 'nope' }),
    ).toMatchObject({ ok: false, reason: 'unknown_option' })
    expect(
      await runtime.respondToAgentPermission({ requestId: request.requestId, optionId: 'allow' }),
    ).toEqual({ ok: true })
    expect((await waitForEvent(runtime, isTurnEnd)).event).toMatchObject({ reason: 'completed' })
    const records = readLogRecords(rig, sessionId)
    expect(lastText(records)).toMatchObject({ text: expect.stringContaining('"optionId":"allow"') })
    expect(records.filter((e) => e.type === 'interaction_response')).toEqual([
      expect.objectContaining({ outcome: 'answered', response: { optionId: 'allow' } }),
    ])
  })

  it('shows a form, refuses an invalid answer at its field, and sends the accepted content', async () => {
    const { rig, runtime } = await withAgent({
      turns: [{ steps: [{ elicit: FORM, as: 'f' }, { say: 'got {{f}}' }] }],
    })
    const sessionId = await newSession(runtime)
    await runtime.send({ sessionId, text: 'set up' })
    const form = await nthInteraction(runtime, 1)
    expect(form).toMatchObject({
      kind: 'form',
      form: {
        message: 'Pick a database',
        fields: [
          { key: 'db', type: 'choice', title: 'Database', required: true },
          { key: 'replicas', type: 'number', integer: true, minimum: 1, maximum: 5 },
        ],
      },
    })
    expect(
      await runtime.respondToForm({
        requestId: form.requestId,
        response: { action: 'accept', content: { db: 'postgres', replicas: 9 } },
      }),
    ).toMatchObject({ ok: false, reason: 'invalid', message: expect.stringContaining('replicas') })
    expect(
      await runtime.respondToForm({
        requestId: form.requestId,
        response: { action: 'accept', content: { db: 'sqlite', replicas: 2 } },
      }),
    ).toEqual({ ok: true })
    await waitForEvent(runtime, isTurnEnd)
    expect(lastText(readLogRecords(rig, sessionId))?.type === 'assistant_text').toBe(true)
    expect(JSON.stringify(lastText(readLogRecords(rig, sessionId)))).toContain('sqlite')
  })

  it('Stop answers the waiting permission as cancelled and ends the turn stopped', async () => {
    const { rig, runtime } = await withAgent({ turns: [{ steps: [permission, { say: 'ran' }] }] })
    const sessionId = await newSession(runtime)
    await runtime.send({ sessionId, text: 'go' })
    const request = await nthInteraction(runtime, 1)
    expect(await runtime.stop({ sessionId })).toEqual({ ok: true })
    const records = readLogRecords(rig, sessionId)
    expect(records.at(-1)).toMatchObject({ type: 'turn_end', reason: 'stopped' })
    expect(records).toContainEqual(
      expect.objectContaining({ type: 'interaction_response', outcome: 'stopped' }),
    )
    expect(runtime.events).toContainEqual(
      expect.objectContaining({ type: 'interaction_settled', requestId: request.requestId }),
    )
    expect(await runtime.listPending({ sessionId })).toEqual([])
  })

  it('an agent that dies mid-question leaves the form shown as orphaned; its answer can go on as a message', async () => {
    const { rig, runtime } = await withAgent({
      turns: [
        { when: '^ask', steps: [{ elicit: FORM, as: 'f', wait: false }, { exit: 3 }] },
        { when: 'My answer', steps: [{ say: 'thanks' }] },
      ],
    })
    const sessionId = await newSession(runtime)
    await runtime.send({ sessionId, text: 'ask me' })
    const form = await nthInteraction(runtime, 1)
    const orphaned = await waitForEvent(
      runtime,
      (e): e is Extract<BridgeEvent, { type: 'interaction_updated' }> =>
        e.type === 'interaction_updated' && e.interaction.requestId === form.requestId,
    )
    expect(orphaned.interaction).toMatchObject({ kind: 'form', orphaned: true })
    expect((await waitForEvent(runtime, isTurnEnd)).event).toMatchObject({
      reason: 'error',
      error: expect.stringContaining('exited unexpectedly'),
    })
    // Still in the tray: answering it as a response is refused, as a message it goes on.
    expect(
      await runtime.respondToForm({
        requestId: form.requestId,
        response: { action: 'accept', content: { db: 'sqlite' } },
      }),
    ).toMatchObject({ ok: false, reason: 'orphaned' })
    const sent = await runtime.sendFormAsMessage({
      requestId: form.requestId,
      response: { action: 'accept', content: { db: 'sqlite' } },
    })
    expect(sent).toMatchObject({ ok: true })
    const second = await waitForEvent(
      runtime,
      (e) =>
        isTurnEnd(e) && sent.ok && e.event.type === 'turn_end' && e.event.turnId === sent.turnId,
    )
    expect(second).toBeDefined()
    const records = readLogRecords(rig, sessionId)
    expect(records.filter((e) => e.type === 'user_message').at(-1)).toMatchObject({
      text: expect.stringContaining('- Database: sqlite'),
    })
    expect(records).toContainEqual(
      expect.objectContaining({ type: 'interaction_response', outcome: 'sent_as_message' }),
    )
  })

  it('after the agent dies mid-permission, the orphaned request does not count as waiting input and a new message is taken', async () => {
    const { runtime } = await withAgent({
      turns: [
        { when: '^clean', steps: [{ ...permission, wait: false }, { exit: 3 }] },
        { when: 'again', steps: [{ say: 'back' }] },
      ],
    })
    const sessionId = await newSession(runtime)
    await runtime.send({ sessionId, text: 'clean up' })
    await nthInteraction(runtime, 1)
    await waitForEvent(runtime, isTurnEnd)
    const [pending] = await runtime.listPending({ sessionId })
    // Still shown (it can be dismissed), but nobody waits on it.
    expect(pending).toMatchObject({ kind: 'agent_permission', orphaned: true })
    const listed = await runtime.listSessions({})
    expect(listed.find((s) => s.id === sessionId)).toMatchObject({ pendingCount: 0 })
    expect(await runtime.send({ sessionId, text: 'try again' })).toMatchObject({ ok: true })
  })

  it('after a restart a form that was waiting comes back orphaned and can be dismissed', async () => {
    const script: FakeAgentScript = { turns: [{ steps: [{ elicit: FORM, as: 'f' }] }] }
    const { rig, runtime } = await withAgent(script)
    const sessionId = await newSession(runtime)
    await runtime.send({ sessionId, text: 'go' })
    const form = await nthInteraction(runtime, 1)
    await runtime.close()
    open.splice(open.indexOf(runtime), 1)

    const { runtime: again } = await withAgent(script, rig)
    const pending: PendingInteraction[] = await again.listPending({ sessionId })
    expect(pending).toEqual([
      expect.objectContaining({
        requestId: form.requestId,
        kind: 'form',
        orphaned: true,
        recovered: true,
      }),
    ])
    expect(readLogRecords(rig, sessionId)).toContainEqual(
      expect.objectContaining({ type: 'turn_end', reason: 'interrupted' }),
    )
    expect(await again.dismissInteraction({ requestId: form.requestId })).toEqual({ ok: true })
    expect(await again.listPending({ sessionId })).toEqual([])
    expect(readLogRecords(rig, sessionId).at(-1)).toMatchObject({
      type: 'interaction_response',
      outcome: 'dismissed',
    })
  })

  it('after a restart sets the mode the person chose again before the next prompt (an agent whose new process starts in its default mode)', async () => {
    const script: FakeAgentScript = {
      modes: {
        currentModeId: 'auto',
        availableModes: [
          { id: 'auto', name: 'Auto' },
          { id: 'manual', name: 'Manual' },
        ],
      },
      turns: [
        { whenMode: 'manual', steps: [{ say: 'asking first' }] },
        { steps: [{ say: 'running unasked' }] },
      ],
    }
    const { rig, runtime } = await withAgent(script)
    const sessionId = await newSession(runtime)
    await runtime.send({ sessionId, text: 'hello' })
    await waitForEvent(runtime, isTurnEnd)
    expect(await runtime.setAgentMode({ sessionId, modeId: 'manual' })).toEqual({ ok: true })
    await runtime.close()
    open.splice(open.indexOf(runtime), 1)

    const { runtime: again } = await withAgent(script, rig)
    await again.send({ sessionId, text: 'hello again' })
    await waitForEvent(again, isTurnEnd)
    expect(lastText(readLogRecords(rig, sessionId))).toMatchObject({ text: 'asking first' })
    const summary = (await again.listSessions({})).find((s) => s.id === sessionId)
    expect(summary?.agentModes).toMatchObject({ currentModeId: 'manual' })
  })

  it('shows the agent’s config options on the session, sets one through the bridge, and after a restart shows it again and applies it to the agent', async () => {
    const script: FakeAgentScript = {
      configOptions: CODEX_LIKE_CONFIG,
      turns: [
        { whenConfig: { collaboration_mode: 'plan' }, steps: [{ say: 'planning' }] },
        { steps: [{ say: 'doing' }] },
      ],
    }
    const { rig, runtime } = await withAgent(script)
    const sessionId = await newSession(runtime)
    await runtime.send({ sessionId, text: 'hello' })
    await waitForEvent(runtime, isTurnEnd)
    const summary = (await runtime.listSessions({})).find((s) => s.id === sessionId)
    expect(summary?.agentConfig?.map((o) => o.id)).toEqual([
      'mode',
      'collaboration_mode',
      'reasoning_effort',
      'model',
      'verbose',
    ])
    // The mode option is the agent-mode picker: the UIs leave it out of the config pickers.
    expect(summary?.agentModes).toMatchObject({ currentModeId: 'agent', configId: 'mode' })

    expect(
      await runtime.setAgentConfigOption({ sessionId, configId: 'collaboration_mode', value: 'x' }),
    ).toEqual({
      ok: false,
      reason: 'failed',
      message: 'Fake Agent offers no "x" for Collaboration mode',
    })
    const changed = waitForEvent(
      runtime,
      (e): e is Extract<BridgeEvent, { type: 'session_changed' }> =>
        e.type === 'session_changed' &&
        e.session?.agentConfig?.find((o) => o.id === 'collaboration_mode')?.currentValue === 'plan',
    )
    expect(
      await runtime.setAgentConfigOption({
        sessionId,
        configId: 'collaboration_mode',
        value: 'plan',
      }),
    ).toEqual({ ok: true })
    await changed
    await runtime.close()
    open.splice(open.indexOf(runtime), 1)

    const { runtime: again } = await withAgent(script, rig)
    const before = (await again.listSessions({})).find((s) => s.id === sessionId)
    expect(before?.agentConfig?.find((o) => o.id === 'collaboration_mode')?.currentValue).toBe(
      'plan',
    )
    await again.send({ sessionId, text: 'hello again' })
    await waitForEvent(again, isTurnEnd)
    // The agent's new process started in its default; Parley applied the choice before the prompt.
    expect(lastText(readLogRecords(rig, sessionId))).toMatchObject({ text: 'planning' })
  })

  it('a config option on a session of Parley’s own agent is refused as not an agent session', async () => {
    const rig = makeRig({ turns: [{ steps: [{ say: 'hi' }] }] })
    const runtime = await startRuntime(rig)
    open.push(runtime)
    const sessionId = await newSession(runtime)
    expect(
      await runtime.setAgentConfigOption({ sessionId, configId: 'model', value: 'fast' }),
    ).toEqual({ ok: false, reason: 'not_an_agent_session' })
    expect(
      await runtime.setAgentConfigOption({ sessionId: 'nope', configId: 'model', value: 'fast' }),
    ).toEqual({ ok: false, reason: 'not_found' })
  })

  it('refuses, at the broker’s door and with invalid params, what no tray can show: a url-mode link that is not http(s), a schema-less form, a permission without options or with an unusable option id', async () => {
    const bad = (toolCallId: string, options: unknown[]) => ({
      permission: { toolCall: { toolCallId, title: 'Run it', kind: 'execute' }, options },
    })
    const { rig, runtime } = await withAgent({
      turns: [
        {
          steps: [
            {
              elicit: {
                message: 'Sign in',
                mode: 'url',
                url: 'javascript:alert(1)',
                elicitationId: 'e1',
              },
              as: 'u',
            },
            { elicit: { message: 'No schema' }, as: 'n' },
            { ...bad('c-none', []), as: 'p0' },
            { ...bad('c-empty-id', [{ optionId: '', name: 'Yes', kind: 'allow_once' }]), as: 'p1' },
            { ...bad('c-twice', [OPTIONS[0], OPTIONS[0]]), as: 'p2' },
            { say: '{{u}}|{{n}}|{{p0}}|{{p1}}|{{p2}}' },
          ],
        },
      ],
    })
    const sessionId = await newSession(runtime)
    await runtime.send({ sessionId, text: 'go' })
    const end = (await waitForEvent(runtime, isTurnEnd)).event
    expect(end).toMatchObject({ reason: 'completed' })
    expect(runtime.events.some((e) => e.type === 'interaction_added')).toBe(false)
    const text = lastText(readLogRecords(rig, sessionId))
    const replies = (text?.type === 'assistant_text' ? text.text : '').split('|')
    expect(replies).toHaveLength(5)
    for (const reply of replies)
      expect(reply).toMatch(/^\{"error":\{"code":-32602,"message":"[^"]+/)
    expect(replies[0]).toContain('the link must be an http:// or https:// URL')
    expect(replies[1]).toContain('object schema')
    expect(replies.slice(2).join()).toContain('permission options must be 1–10')
  })

  it('headless (parley run), nobody is asked: a permission is refused on the record, and no form can be asked', async () => {
    const { rig, runtime } = await withAgent(
      { turns: [{ steps: [permission, { elicit: FORM, as: 'f' }, { say: '{{p}} {{f}}' }] }] },
      undefined,
      false,
    )
    const sessionId = await newSession(runtime)
    await runtime.send({ sessionId, text: 'go' })
    expect((await waitForEvent(runtime, isTurnEnd)).event).toMatchObject({ reason: 'completed' })
    expect(runtime.events.some((e) => e.type === 'interaction_added')).toBe(false)
    const records = readLogRecords(rig, sessionId)
    // Headless advertises no form elicitation, so the agent cannot ask one.
    expect(records.filter((e) => e.type === 'interaction_response')).toEqual([
      expect.objectContaining({ outcome: 'answered', response: { optionId: 'reject' } }),
    ])
    expect(JSON.stringify(lastText(records))).toContain('reject')
  })

  it('a sign-in the person puts off ends the turn as an auth error naming the methods; Retry is refused in words and nothing runs', async () => {
    const { runtime, rig } = await withAgent({
      authMethods: [{ id: 'login', name: 'Log in with a browser' }],
      requireAuth: 'login',
      turns: [{ steps: [{ say: 'never' }] }],
    })
    const sessionId = await newSession(runtime)
    await runtime.send({ sessionId, text: 'hello' })
    // The sign-in tray, through the broker like any asker, and on the record before it shows.
    const request = await nthInteraction(runtime, 1)
    expect(request).toMatchObject({
      kind: 'agent_permission',
      title: 'fake-acp-agent needs you to sign in',
      options: [
        { optionId: 'method:login', name: 'Log in with a browser' },
        { optionId: 'not_now', name: 'Not now' },
      ],
      signIn: { agent: 'fake-acp-agent', ways: [{ kind: 'agent', name: 'Log in with a browser' }] },
    })
    expect(readLogRecords(rig, sessionId).some((r) => r.type === 'interaction_request')).toBe(true)
    expect(
      await runtime.respondToAgentPermission({ requestId: request.requestId, optionId: 'not_now' }),
    ).toEqual({ ok: true })
    expect((await waitForEvent(runtime, isTurnEnd)).event).toMatchObject({
      reason: 'error',
      errorKind: 'auth',
      error: expect.stringContaining('Log in with a browser'),
    })
    const before = runtime.events.length
    expect(await runtime.retryTurn({ sessionId })).toMatchObject({
      ok: false,
      reason: 'nothing_to_retry',
      message: expect.stringContaining('send your message again'),
    })
    expect(runtime.events.slice(before).some((e) => e.type === 'turn_started')).toBe(false)
  })

  it('a sign-in chosen in the tray authenticates and finishes the same turn', async () => {
    const { runtime } = await withAgent({
      authMethods: [{ id: 'login', name: 'Log in with a browser' }],
      requireAuth: 'login',
      turns: [{ steps: [{ say: 'signed in' }] }],
    })
    const sessionId = await newSession(runtime)
    await runtime.send({ sessionId, text: 'hello' })
    const request = await nthInteraction(runtime, 1)
    expect(
      await runtime.respondToAgentPermission({
        requestId: request.requestId,
        optionId: 'method:login',
      }),
    ).toEqual({ ok: true })
    expect((await waitForEvent(runtime, isTurnEnd)).event).toMatchObject({ reason: 'completed' })
  })

  it('Settings name the --acp agent of this launch, so a UI can offer it', async () => {
    const { runtime } = await withAgent({ turns: [] })
    expect((await runtime.getSettings({})).commandLineAgent).toMatchObject({
      id: 'command-line',
      name: 'fake-acp-agent',
      command: process.execPath,
    })
  })
})

describe('an ACP agent’s session title (session_info_update)', () => {
  it('becomes the session’s title, kept after a restart, unless the person renamed the session', async () => {
    const { rig, runtime } = await withAgent({
      turns: [
        { when: 'first', steps: [{ sessionTitle: 'Fix the flaky test' }, { say: 'ok' }] },
        { when: 'second', steps: [{ sessionTitle: 'Another title' }, { say: 'ok' }] },
      ],
    })
    const sessionId = await newSession(runtime)
    await runtime.send({ sessionId, text: 'first, please look at the tests' })
    const first = await waitForEvent(runtime, isTurnEnd)
    expect((await runtime.listSessions({}))[0]?.title).toBe('Fix the flaky test')
    expect(readLogRecords(rig, sessionId)).toContainEqual(
      expect.objectContaining({ type: 'session_update', title: 'Fix the flaky test', by: 'agent' }),
    )

    await runtime.renameSession({ sessionId, title: 'My name for it' })
    await runtime.send({ sessionId, text: 'second' })
    const firstEnd = first.event
    await waitForEvent(
      runtime,
      (e) =>
        isTurnEnd(e) &&
        e.event.type === 'turn_end' &&
        firstEnd.type === 'turn_end' &&
        e.event.turnId !== firstEnd.turnId,
    )
    expect((await runtime.listSessions({}))[0]?.title).toBe('My name for it')
  })
})

describe('an ACP agent’s usage (usage_update)', () => {
  it('is recorded when it changes and carried in the session’s summary, also after a restart', async () => {
    const { rig, runtime } = await withAgent({
      turns: [
        {
          steps: [
            { usage: { used: 1_000, size: 200_000 } },
            { usage: { used: 1_000, size: 200_000 } },
            { usage: { used: 12_345, size: 200_000, cost: { amount: 0.42, currency: 'USD' } } },
            { say: 'ok' },
          ],
        },
      ],
    })
    const sessionId = await newSession(runtime)
    await runtime.send({ sessionId, text: 'hello' })
    await waitForEvent(runtime, isTurnEnd)
    expect((await runtime.listSessions({}))[0]?.usage).toEqual({
      used: 12_345,
      size: 200_000,
      cost: { amount: 0.42, currency: 'USD' },
    })
    expect(readLogRecords(rig, sessionId).filter((e) => e.type === 'context_usage')).toHaveLength(2)
    await runtime.close()
    const again = await startRuntime(rig, {})
    open.push(again)
    expect((await again.listSessions({}))[0]?.usage).toMatchObject({ used: 12_345 })
  })
})
