import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { PendingInteraction } from '../../../shared/interactions'
import {
  callsAndResultsPair,
  makeRig,
  newSession,
  readLogRecords,
  startRuntime,
  type TestRig,
  type TestRuntime,
} from '../testing/runtime-test-kit'

/** What must be true, kept by the test: who is waiting, and what each answered request got. */
interface Model {
  pending: string[]
  answered: Map<string, string | null>
  settled: Set<string>
}

interface Real {
  rig: TestRig
  runtime: TestRuntime
  sessionId: string
  /** A session is written at its first message; before that it has no log. */
  saved: boolean
}

/** Resolves once the session is quiet: no turn running, or a turn waiting on the person. */
async function quiet(real: Real): Promise<void> {
  const isQuiet = async () => {
    const [summary] = (await real.runtime.listSessions({})).filter((s) => s.id === real.sessionId)
    return !summary?.running || summary.pendingCount > 0
  }
  if (await isQuiet()) return
  await new Promise<void>((resolve) => {
    const off = real.runtime.onEvent(() => {
      void isQuiet().then((done) => {
        if (done) {
          off()
          resolve()
        }
      })
    })
  })
}

async function pendingNow(real: Real): Promise<PendingInteraction[]> {
  return real.runtime.listPending({ sessionId: real.sessionId })
}

function check(model: Model, real: Real, pending: PendingInteraction[]): void {
  expect(pending.map((p) => p.requestId)).toEqual(model.pending)
  const records = real.saved ? readLogRecords(real.rig, real.sessionId) : []
  const requests = new Map(
    records.flatMap((e) =>
      e.type === 'user_question_request' || e.type === 'permission_request'
        ? [[e.requestId, e.toolCallId] as const]
        : [],
    ),
  )
  for (const [requestId, answer] of model.answered) {
    const results = records.filter(
      (e) => e.type === 'tool_result' && e.toolCallId === requests.get(requestId),
    )
    expect(results).toHaveLength(1)
    expect(results[0]).toMatchObject({ output: { answers: [{ answer }] } })
  }
  const ended = new Set(records.flatMap((e) => (e.type === 'turn_end' ? [e.turnId] : [])))
  expect(callsAndResultsPair(records.filter((e) => 'turnId' in e && ended.has(e.turnId)))).toBe(
    true,
  )
}

type Command =
  | { kind: 'send' }
  | { kind: 'answer'; pick: number; text: string | null }
  | { kind: 'stop' }
  | { kind: 'restart' }
  | { kind: 'late' }

const command: fc.Arbitrary<Command> = fc.oneof(
  fc.constant<Command>({ kind: 'send' }),
  fc.record({
    kind: fc.constant('answer' as const),
    pick: fc.nat(3),
    text: fc.option(
      fc.string({ minLength: 1, maxLength: 12 }).filter((s) => s.trim() === s && s !== ''),
      { nil: null },
    ),
  }),
  fc.constant<Command>({ kind: 'stop' }),
  fc.constant<Command>({ kind: 'restart' }),
  fc.constant<Command>({ kind: 'late' }),
)

const scenario = {
  turns: [
    {
      steps: [
        {
          call: [
            {
              tool: 'AskUserQuestion',
              input: {
                questions: [{ question: 'One?', options: [{ label: 'a' }, { label: 'b' }] }],
              },
            },
            {
              tool: 'AskUserQuestion',
              input: {
                questions: [{ question: 'Two?', options: [{ label: 'c' }, { label: 'd' }] }],
              },
            },
          ],
        },
        { say: 'got {{lastToolResult}}' },
      ],
    },
  ],
}

describe('interactions under random ask / answer / stop / restart', () => {
  it('never lose, duplicate or cross an answer, and never leak a request', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 10 }), async (commands) => {
        const rig = makeRig(scenario)
        const runtime = await startRuntime(rig)
        const real: Real = { rig, runtime, sessionId: await newSession(runtime), saved: false }
        const model: Model = { pending: [], answered: new Map(), settled: new Set() }
        try {
          for (const cmd of commands) {
            const pending = await pendingNow(real)
            if (cmd.kind === 'send') {
              const sent = await real.runtime.send({ sessionId: real.sessionId, text: 'go' })
              if (sent.ok) {
                real.saved = true
                await quiet(real)
                model.pending.push(...(await pendingNow(real)).map((p) => p.requestId))
              } else {
                expect(model.pending.length > 0 ? 'awaiting_input' : 'busy').toBe(sent.reason)
              }
            } else if (cmd.kind === 'answer' && pending.length > 0) {
              const target = pending[cmd.pick % pending.length]!
              expect(
                await real.runtime.respondToQuestion({
                  requestId: target.requestId,
                  answers: [cmd.text],
                }),
              ).toEqual({ ok: true })
              model.pending = model.pending.filter((id) => id !== target.requestId)
              model.answered.set(target.requestId, cmd.text)
              model.settled.add(target.requestId)
              await quiet(real)
            } else if (cmd.kind === 'stop') {
              const stopped = await real.runtime.stop({ sessionId: real.sessionId })
              if (stopped.ok) {
                for (const id of model.pending) model.settled.add(id)
                model.pending = []
              }
            } else if (cmd.kind === 'restart') {
              await real.runtime.close()
              real.runtime = await startRuntime(rig)
              // A session nothing was sent to was never written: it ends with the process.
              if (!real.saved) real.sessionId = await newSession(real.runtime)
              await quiet(real)
              const after = await pendingNow(real)
              expect(after.every((p) => p.recovered)).toBe(true)
            } else if (cmd.kind === 'late') {
              const [old] = [...model.settled]
              if (old) {
                const before = readLogRecords(rig, real.sessionId).length
                expect(
                  await real.runtime.respondToQuestion({ requestId: old, answers: ['late'] }),
                ).toMatchObject({ ok: false, reason: 'unknown_request' })
                expect(readLogRecords(rig, real.sessionId)).toHaveLength(before)
              }
            }
            check(model, real, await pendingNow(real))
          }
        } finally {
          await real.runtime.close()
        }
      }),
      { numRuns: 25 },
    )
  }, 120_000)
})
