import { bench, describe } from 'vitest'
import { SessionEventSchema, type SessionEvent } from '../../shared/session-events'
import { syntheticLog } from './sessions/testing/synthetic-log'
import { parseSessionLog } from './sessions/session-log'
import { toModelMessages } from './turns/replay'
import { planRecovery } from './sessions/recovery'
import {
  makeRig,
  newSession,
  nthInteraction,
  startRuntime,
  isTurnEnd,
  waitForEvent,
} from './testing/runtime-test-kit'

const toBuffer = (events: SessionEvent[]) =>
  Buffer.from(events.map((e) => `${JSON.stringify(e)}\n`).join(''))
const small = syntheticLog(10)
const large = syntheticLog(1_000) // 2,000 messages (user + assistant)
const smallBuffer = toBuffer(small)
const largeBuffer = toBuffer(large)

describe('replaying a session log (open / restart)', () => {
  bench('parse 20-message log', () => {
    parseSessionLog(smallBuffer)
  })
  bench(`parse 2,000-message log (${(largeBuffer.length / 1e6).toFixed(1)} MB)`, () => {
    parseSessionLog(largeBuffer)
  })
  // The floor every replay pays: decode, split, JSON.parse (records kept, as a replay keeps them).
  bench('floor: decode + split + JSON.parse, 2,000 messages', () => {
    const kept: unknown[] = []
    for (const line of largeBuffer.toString('utf8').split('\n'))
      if (line) kept.push(JSON.parse(line))
  })
  bench('zod safeParse instead of the compiled validator, 2,000 messages', () => {
    for (const line of largeBuffer.toString('utf8').split('\n'))
      if (line) SessionEventSchema.safeParse(JSON.parse(line))
  })
})

describe('building the model conversation for the next step', () => {
  bench('toModelMessages, 20 messages', () => {
    toModelMessages(small)
  })
  bench('toModelMessages, 2,000 messages', () => {
    toModelMessages(large)
  })
  bench('planRecovery at start-up, 2,000 messages', () => {
    planRecovery(large)
  })
})

describe('a whole same-turn question round trip (fake backend, no delay)', async () => {
  const rig = makeRig({
    turns: [
      {
        steps: [
          {
            say: 'Asking.',
            call: [
              {
                tool: 'AskUserQuestion',
                input: {
                  questions: [{ question: 'Q?', options: [{ label: 'a' }, { label: 'b' }] }],
                },
              },
            ],
          },
          { say: '{{lastToolResult}}' },
        ],
      },
    ],
  })
  const runtime = await startRuntime(rig)
  const sessionId = await newSession(runtime, 'ask')
  let n = 0
  bench(
    'send → question → answer → turn_end',
    async () => {
      n++
      runtime.events.length = 0
      await runtime.send({ sessionId, text: `go ${n}` })
      const question = await nthInteraction(runtime, 1)
      await runtime.respondToQuestion({ requestId: question.requestId, answers: ['a'] })
      await waitForEvent(runtime, isTurnEnd)
    },
    { iterations: 50 },
  )
})
