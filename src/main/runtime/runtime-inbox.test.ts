import { afterEach, describe, expect, it } from 'vitest'
import type { BridgeEvent } from '../../shared/bridge'
import {
  isTurnEnd,
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
