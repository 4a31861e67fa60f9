import { afterEach, describe, expect, it } from 'vitest'
import type { BridgeEvent } from '../../shared/bridge'
import type { SettingsPatch } from '../../shared/settings'
import {
  isTurnEnd,
  readLogRecords,
  makeRig,
  newSession,
  nthInteraction,
  startRuntime,
  TWO_QUESTIONS,
  waitForEvent,
  type TestRuntime,
} from './testing/runtime-test-kit'

const open: TestRuntime[] = []
afterEach(async () => {
  await Promise.all(open.splice(0).map((r) => r.close()))
})

const scenario = {
  turns: [
    {
      when: 'ask',
      steps: [
        { call: [{ tool: 'AskUserQuestion', input: TWO_QUESTIONS }] },
        { say: 'done asking' },
      ],
    },
    {
      when: 'run',
      steps: [
        { call: [{ tool: 'run_command', input: { command: 'echo -n hi' } }] },
        { say: 'done running' },
      ],
    },
  ],
}

type InboxChanged = Extract<BridgeEvent, { type: 'inbox_changed' }>
const inboxEvents = (runtime: TestRuntime): InboxChanged[] =>
  runtime.events.filter((e): e is InboxChanged => e.type === 'inbox_changed')

async function twoSessionsWaiting() {
  const runtime = await startRuntime(makeRig(scenario))
  open.push(runtime)
  const first = await newSession(runtime)
  await runtime.renameSession({ sessionId: first, title: 'Migrate the database' })
  await runtime.send({ sessionId: first, text: 'ask me' })
  const question = await nthInteraction(runtime, 1)
  const second = await newSession(runtime)
  await runtime.renameSession({ sessionId: second, title: 'Clean the build' })
  await runtime.send({ sessionId: second, text: 'run it' })
  const permission = await nthInteraction(runtime, 2)
  return { runtime, first, second, question, permission }
}

describe('the inbox across sessions', () => {
  it('lists every waiting request oldest first with its session title, asker and kind', async () => {
    const { runtime, first, second, question, permission } = await twoSessionsWaiting()
    const inbox = await runtime.listInbox({})
    expect(
      inbox.map((item) => [item.sessionId, item.sessionTitle, item.asker, item.interaction.kind]),
    ).toEqual([
      [first, 'Migrate the database', 'The agent', 'question'],
      [second, 'Clean the build', 'The agent', 'permission'],
    ])
    expect(inbox.map((item) => item.interaction.requestId)).toEqual([
      question.requestId,
      permission.requestId,
    ])
    expect(inbox[0]?.waitingSince).toBe(question.createdAt)
  })

  it('announces each change of the set once, without being asked', async () => {
    const { runtime, question } = await twoSessionsWaiting()
    expect(inboxEvents(runtime).map((e) => e.items.length)).toEqual([1, 2])

    await runtime.respondToQuestion({ requestId: question.requestId, answers: ['Expand', null] })
    await waitForEvent(runtime, isTurnEnd)
    const last = inboxEvents(runtime).at(-1)
    expect(last?.items.map((item) => item.sessionTitle)).toEqual(['Clean the build'])
    expect(inboxEvents(runtime)).toHaveLength(3)
  })

  it('renaming a session with a request waiting announces the new title', async () => {
    const { runtime, second } = await twoSessionsWaiting()
    await runtime.renameSession({ sessionId: second, title: 'Tidy the build' })
    expect(
      inboxEvents(runtime)
        .at(-1)
        ?.items.map((item) => item.sessionTitle),
    ).toEqual(['Migrate the database', 'Tidy the build'])
  })

  it('a stopped turn takes its request out of the inbox', async () => {
    const { runtime, first } = await twoSessionsWaiting()
    await runtime.stop({ sessionId: first })
    await waitForEvent(runtime, isTurnEnd)
    expect((await runtime.listInbox({})).map((item) => item.sessionTitle)).toEqual([
      'Clean the build',
    ])
    expect(inboxEvents(runtime).at(-1)?.items).toHaveLength(1)
  })
})

describe('answers from a paired device', () => {
  const phone = { id: 'device-1', name: 'Pixel 7 · Chrome' }

  it('records which device answered, beside each answer in the log', async () => {
    const rig = makeRig(scenario)
    const runtime = await startRuntime(rig)
    open.push(runtime)
    const fromPhone = (runtime as typeof runtime & { forDevice(d: typeof phone): typeof runtime })
      .forDevice
    const asPhone = fromPhone.call(runtime, phone)
    const sessionId = await newSession(runtime)
    await runtime.send({ sessionId, text: 'ask me' })
    const question = await nthInteraction(runtime, 1)
    expect(
      await asPhone.respondToQuestion({ requestId: question.requestId, answers: ['Expand', null] }),
    ).toEqual({ ok: true })
    await waitForEvent(runtime, isTurnEnd)
    await runtime.send({ sessionId, text: 'run it' })
    const permission = await nthInteraction(runtime, 2)
    await asPhone.respondToPermission({
      requestId: permission.requestId,
      decision: 'allow',
      remember: false,
    })
    await waitForEvent(
      runtime,
      (e) => isTurnEnd(e) && e.event.type === 'turn_end' && e.event.turnId === permission.turnId,
    )

    const records = readLogRecords(rig, sessionId)
    expect(
      records.find((r) => r.type === 'tool_result' && r.tool === 'AskUserQuestion'),
    ).toMatchObject({ device: phone })
    expect(records.find((r) => r.type === 'permission_decision')).toMatchObject({
      decision: 'allow',
      reason: 'user',
      device: phone,
    })
  })

  it('an answer from this computer names no device', async () => {
    const rig = makeRig(scenario)
    const runtime = await startRuntime(rig)
    open.push(runtime)
    const sessionId = await newSession(runtime)
    await runtime.send({ sessionId, text: 'ask me' })
    const question = await nthInteraction(runtime, 1)
    await runtime.respondToQuestion({ requestId: question.requestId, answers: [null, null] })
    await waitForEvent(runtime, isTurnEnd)
    const result = readLogRecords(rig, sessionId).find((r) => r.type === 'tool_result')
    expect(result).not.toHaveProperty('device')
  })
})

describe('the notice webhook', () => {
  /** What a receiver on loopback heard when a session titled `title` started waiting. */
  async function heardFor(title: string, patch: SettingsPatch = {}) {
    const { createServer } = await import('node:http')
    const heard: Array<{ method: string | undefined; type: string | undefined; body: string }> = []
    let arrived: () => void = () => undefined
    const notice = new Promise<void>((resolve) => (arrived = resolve))
    const receiver = createServer((request, response) => {
      let body = ''
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
      request.on('end', () => {
        heard.push({ method: request.method, type: request.headers['content-type'], body })
        response.end()
        arrived()
      })
    })
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
    try {
      const address = receiver.address()
      const port = typeof address === 'object' && address ? address.port : 0
      const runtime = await startRuntime(makeRig(scenario))
      open.push(runtime)
      expect(
        await runtime.updateSettings({
          notifyUrl: `http://127.0.0.1:${port}/parley-topic`,
          ...patch,
        }),
      ).toMatchObject({ ok: true })
      const sessionId = await newSession(runtime)
      await runtime.renameSession({ sessionId, title })
      await runtime.send({ sessionId, text: 'ask me' })
      await nthInteraction(runtime, 1)
      await notice
      return heard
    } finally {
      receiver.close()
    }
  }

  it('a receiver on loopback hears only that a session waits: not its title, not what was asked', async () => {
    expect(await heardFor('Merge ACME layoffs list; db password is hunter2')).toEqual([
      { method: 'POST', type: 'text/plain; charset=utf-8', body: 'A session needs your input' },
    ])
  })

  it('names the session only when the person opted into titles', async () => {
    expect(await heardFor('Migrate the database', { notifyUrlTitles: true })).toEqual([
      {
        method: 'POST',
        type: 'text/plain; charset=utf-8',
        body: 'Migrate the database needs your input',
      },
    ])
  })

  it('refuses a notice URL that is not http(s)', async () => {
    const runtime = await startRuntime(makeRig(scenario))
    open.push(runtime)
    const { dispatchBridgeCall } = await import('../../shared/bridge-dispatch')
    expect(
      await dispatchBridgeCall(runtime, 'updateSettings', { notifyUrl: 'file:///etc/passwd' }),
    ).toMatchObject({ ok: false, reason: 'invalid_input' })
  })
})
