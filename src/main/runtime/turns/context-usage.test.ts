import { afterEach, describe, expect, it } from 'vitest'
import {
  isTurnEnd,
  makeRig,
  newSession,
  readLogRecords,
  startRuntime,
  waitForEvent,
  type TestRuntime,
} from '../testing/runtime-test-kit'

const open: TestRuntime[] = []
afterEach(async () => {
  await Promise.all(open.splice(0).map((r) => r.close()))
})

describe('the context Parley’s own agent uses', () => {
  it('is what the model last reported (input and output tokens), in the session’s summary and log', async () => {
    const rig = makeRig({
      turns: [
        {
          steps: [
            {
              say: 'Looking.',
              call: [{ tool: 'list_files', input: {} }],
              usage: { inputTokens: 1_200, outputTokens: 30 },
            },
            { say: 'Done.', usage: { inputTokens: 1_400, outputTokens: 20 } },
          ],
        },
      ],
    })
    const runtime = await startRuntime(rig)
    open.push(runtime)
    const sessionId = await newSession(runtime)
    await runtime.send({ sessionId, text: 'look around' })
    await waitForEvent(runtime, isTurnEnd)
    expect((await runtime.listSessions({}))[0]?.usage).toEqual({ used: 1_420 })
    expect(
      readLogRecords(rig, sessionId).flatMap((e) => (e.type === 'context_usage' ? [e.used] : [])),
    ).toEqual([1_230, 1_420])
  })

  it('shows nothing for a model that counts nothing', async () => {
    const rig = makeRig({ turns: [{ steps: [{ say: 'Hi.' }] }] })
    const runtime = await startRuntime(rig)
    open.push(runtime)
    const sessionId = await newSession(runtime)
    await runtime.send({ sessionId, text: 'hello' })
    await waitForEvent(runtime, isTurnEnd)
    expect((await runtime.listSessions({}))[0]?.usage).toBeUndefined()
  })
})
