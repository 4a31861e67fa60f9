import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { BridgeEvent } from '../../../shared/bridge'
import type { PendingInteraction } from '../../../shared/interactions'
import { toModelMessages } from '../turns/replay'
import {
  assistantTexts,
  callsAndResultsPair,
  makeRig,
  readLogRecords,
  TWO_QUESTIONS,
  type TestRig,
} from '../testing/runtime-test-kit'
import { buildRuntimeChild, ChildRuntime } from '../testing/child-runtime-client'

let script = ''
beforeAll(async () => {
  script = await buildRuntimeChild()
}, 60_000)

afterAll(() => rmSync(dirname(script), { recursive: true, force: true }))

const children: ChildRuntime[] = []
afterEach(async () => {
  await Promise.all(children.splice(0).map((c) => c.kill()))
})

async function start(rig: TestRig, crashOn?: string): Promise<ChildRuntime> {
  const child = await ChildRuntime.start(script, { ...rig, ...(crashOn ? { crashOn } : {}) })
  children.push(child)
  return child
}

const isEnd = (e: BridgeEvent) => e.type === 'session_event' && e.event.type === 'turn_end'
const isAdded = (e: BridgeEvent): e is Extract<BridgeEvent, { type: 'interaction_added' }> =>
  e.type === 'interaction_added'

async function createAndSend(child: ChildRuntime): Promise<string> {
  const created = await child.call('createSession', { mode: 'ask' })
  if (!created.ok) throw new Error(created.reason)
  await child.call('send', { sessionId: created.session.id, text: 'go' })
  return created.session.id
}

/** Drives a restarted runtime to the end of the turn, answering whatever it re-presents. */
async function finish(
  child: ChildRuntime,
  sessionId: string,
  answer: (p: PendingInteraction) => Promise<unknown>,
): Promise<void> {
  for (;;) {
    const pending = await child.call('listPending', { sessionId })
    const head = pending[0]
    if (!head) break
    expect(head.recovered).toBe(true)
    await answer(head)
  }
  const sessions = await child.call('listSessions', {})
  if (sessions.find((s) => s.id === sessionId)?.running) await child.waitFor(isEnd)
}

const questionScenario = {
  turns: [
    {
      steps: [
        { say: 'Asking.', call: [{ tool: 'AskUserQuestion', input: TWO_QUESTIONS }] },
        { say: 'You chose {{lastToolResult}}' },
      ],
    },
  ],
}

describe('a question survives a crash at every step', () => {
  const crashPoints = [
    'session_event:tool_call', // the call is written, the request not yet
    'session_event:user_question_request', // the request is durable, not yet shown
    'interaction_added', // shown
    'session_event:tool_result:AskUserQuestion', // the answer is written, not yet acknowledged
  ]

  for (const crashOn of crashPoints) {
    it(`crash at ${crashOn}: the answer is never lost or doubled, and replay stays valid`, async () => {
      const rig = makeRig(questionScenario)
      const first = await start(rig, crashOn)
      const created = await first.call('createSession', { mode: 'ask' })
      if (!created.ok) throw new Error(created.reason)
      const sessionId = created.session.id
      void first.call('send', { sessionId, text: 'go' }).catch(() => undefined)
      const added = await first.waitFor(isAdded).catch(() => undefined)
      if (added && isAdded(added)) {
        await first
          .call('respondToQuestion', {
            requestId: added.interaction.requestId,
            answers: ['Other text from a person', 'Jest'],
          })
          .catch(() => undefined)
      }
      expect((await first.exited).signal).toBe('SIGKILL')

      const second = await start(rig)
      await finish(second, sessionId, (p) =>
        second.call('respondToQuestion', {
          requestId: p.requestId,
          answers: ['Other text from a person', 'Jest'],
        }),
      )
      await second.quit()

      const records = readLogRecords(rig, sessionId)
      const results = records.filter(
        (e) => e.type === 'tool_result' && e.tool === 'AskUserQuestion',
      )
      expect(results).toHaveLength(1)
      expect(callsAndResultsPair(records)).toBe(true)
      if (crashOn === 'session_event:tool_call') {
        // Never shown: the call closes as interrupted rather than being answered by anyone.
        expect(results[0]).toMatchObject({ isError: true, synthetic: true })
        expect(records.at(-1)).toMatchObject({ type: 'turn_end', reason: 'interrupted' })
      } else {
        expect(results[0]).toMatchObject({
          isError: false,
          output: { answers: [{ answer: 'Other text from a person' }, { answer: 'Jest' }] },
        })
        expect(records.filter((e) => e.type === 'user_question_request')).toHaveLength(1)
        expect(assistantTexts(records).at(-1)).toContain('"answer":"Other text from a person"')
        expect(records.at(-1)).toMatchObject({ type: 'turn_end', reason: 'completed' })
        expect(toModelMessages(records).map((m) => m.role)).toEqual([
          'user',
          'assistant',
          'tool',
          'assistant',
        ])
      }
      expect(records.filter((e) => e.type === 'turn_end')).toHaveLength(1)
    })
  }
})

describe('a permission prompt survives a crash at every step', () => {
  const scenario = {
    turns: [
      {
        steps: [
          { call: [{ tool: 'write_file', input: { path: 'approved.txt', content: 'yes' } }] },
          { say: 'Result {{lastToolResult}}' },
        ],
      },
    ],
  }
  const crashPoints = [
    'session_event:permission_request',
    'interaction_added',
    'session_event:permission_decision', // allowed and durable, the tool has not run
    'session_event:tool_result:write_file', // ran and written, the turn has not continued
  ]
  for (const crashOn of crashPoints) {
    it(`crash at ${crashOn}: the approved call runs once with the input that was shown`, async () => {
      const rig = makeRig(scenario)
      const first = await start(rig, crashOn)
      const sessionId = await createAndSend(first).catch(() => '')
      const added = await first.waitFor(isAdded).catch(() => undefined)
      if (added && isAdded(added)) {
        await first
          .call('respondToPermission', {
            requestId: added.interaction.requestId,
            decision: 'allow',
            remember: false,
          })
          .catch(() => undefined)
      }
      expect((await first.exited).signal).toBe('SIGKILL')
      const id =
        sessionId || (readLogRecords(rig, sessionId).find((e) => e.type === 'session')?.id ?? '')

      const second = await start(rig)
      const sessions = await second.call('listSessions', {})
      const sid = id || sessions[0]!.id
      await finish(second, sid, (p) =>
        second.call('respondToPermission', {
          requestId: p.requestId,
          decision: 'allow',
          remember: false,
        }),
      )
      await second.quit()

      const records = readLogRecords(rig, sid)
      expect(records.filter((e) => e.type === 'tool_result')).toHaveLength(1)
      expect(records.filter((e) => e.type === 'permission_request')).toHaveLength(1)
      expect(records.filter((e) => e.type === 'permission_decision')).toHaveLength(1)
      expect(readFileSync(join(rig.workspace, 'approved.txt'), 'utf8')).toBe('yes')
      expect(assistantTexts(records).at(-1)).toBe('Result {"path":"approved.txt","bytes":3}')
      expect(callsAndResultsPair(records)).toBe(true)
      expect(records.at(-1)).toMatchObject({ type: 'turn_end', reason: 'completed' })
    })
  }
})

describe('after a restart', () => {
  it('two concurrent questions answered out of order each settle their own call', async () => {
    const rig = makeRig({
      turns: [
        {
          steps: [
            {
              call: [
                {
                  tool: 'AskUserQuestion',
                  input: {
                    questions: [
                      { question: 'First?', options: [{ label: 'A1' }, { label: 'B1' }] },
                    ],
                  },
                },
                {
                  tool: 'AskUserQuestion',
                  input: {
                    questions: [
                      { question: 'Second?', options: [{ label: 'A2' }, { label: 'B2' }] },
                    ],
                  },
                },
              ],
            },
            { say: 'ok' },
          ],
        },
      ],
    })
    const first = await start(rig)
    const sessionId = await createAndSend(first)
    await first.waitFor(
      (e) => e.type === 'interaction_added' && first.events.filter(isAdded).length === 2,
    )
    // Answer the second before the restart, the first after it.
    const [q1, q2] = await first.call('listPending', { sessionId })
    await first.call('respondToQuestion', { requestId: q2!.requestId, answers: ['B2'] })
    await first.kill()

    const second = await start(rig)
    const pending = await second.call('listPending', { sessionId })
    expect(pending.map((p) => p.requestId)).toEqual([q1!.requestId])
    expect(pending[0]).toMatchObject({ recovered: true, kind: 'question' })
    await second.call('respondToQuestion', { requestId: q1!.requestId, answers: ['A1'] })
    await second.waitFor(isEnd)
    await second.quit()

    const results = readLogRecords(rig, sessionId).filter((e) => e.type === 'tool_result')
    const byCall = Object.fromEntries(
      results.map((r) => [
        r.type === 'tool_result' ? r.toolCallId : '',
        r.type === 'tool_result' ? r.output : null,
      ]),
    )
    expect(byCall[q1!.source.kind === 'parley' ? q1!.source.toolCallId : '']).toEqual({
      answers: [{ question: 'First?', answer: 'A1' }],
    })
    expect(byCall[q2!.source.kind === 'parley' ? q2!.source.toolCallId : '']).toEqual({
      answers: [{ question: 'Second?', answer: 'B2' }],
    })
  })

  it('a recovered request can be dismissed: the tool is told it was not answered and the turn ends', async () => {
    const rig = makeRig(questionScenario)
    const first = await start(rig)
    const sessionId = await createAndSend(first)
    await first.waitFor(isAdded)
    await first.quit() // a clean quit also keeps the request open

    const second = await start(rig)
    const [pending] = await second.call('listPending', { sessionId })
    expect(pending).toMatchObject({ recovered: true })
    expect(await second.call('send', { sessionId, text: 'new message' })).toMatchObject({
      ok: false,
      reason: 'awaiting_input',
    })
    expect(await second.call('dismissInteraction', { requestId: pending!.requestId })).toEqual({
      ok: true,
    })
    await second.waitFor(isEnd)
    const records = readLogRecords(rig, sessionId)
    expect(records.find((e) => e.type === 'tool_result')).toMatchObject({
      isError: true,
      output: { error: expect.stringContaining('not answered (app restarted)') },
    })
    expect(records.at(-1)).toMatchObject({ type: 'turn_end', reason: 'interrupted' })
    expect(await second.call('send', { sessionId, text: 'new message' })).toMatchObject({
      ok: true,
    })
  })

  it('keeps a half-answered form (its draft) for the next start', async () => {
    const rig = makeRig(questionScenario)
    const first = await start(rig)
    const sessionId = await createAndSend(first)
    const added = await first.waitFor(isAdded)
    if (!isAdded(added)) throw new Error('unreachable')
    const draft = { index: 1, values: [{ kind: 'other' as const, text: 'kept' }, null] }
    expect(
      await first.call('saveQuestionDraft', { requestId: added.interaction.requestId, draft }),
    ).toEqual({ ok: true })
    await first.quit() // a clean quit must keep the draft as well as the request
    const second = await start(rig)
    const [pending] = await second.call('listPending', { sessionId })
    expect(pending).toMatchObject({ kind: 'question', draft })
    expect(existsSync(join(rig.dataDir, 'drafts'))).toBe(true)
  })

  it('brings back a question draft an earlier version saved in the old shape, as a form draft', async () => {
    const rig = makeRig(questionScenario)
    const first = await start(rig)
    const sessionId = await createAndSend(first)
    const added = await first.waitFor(isAdded)
    if (!isAdded(added)) throw new Error('unreachable')
    await first.quit()
    const old = {
      index: 1,
      picks: [
        { kind: 'option', index: 0 },
        { kind: 'other', text: 'kept' },
      ],
    }
    const file = join(rig.dataDir, 'drafts', `${added.interaction.requestId}.json`)
    mkdirSync(dirname(file), { recursive: true })
    writeFileSync(file, JSON.stringify(old))
    const second = await start(rig)
    const [pending] = await second.call('listPending', { sessionId })
    expect(pending).toMatchObject({ kind: 'question', draft: { index: 1, values: old.picks } })
  })
})
