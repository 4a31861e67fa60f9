import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import {
  isTurnEnd,
  makeRig,
  newSession,
  nthInteraction,
  readLogRecords,
  startRuntime,
  waitForEvent,
  type TestRuntime,
} from '../testing/runtime-test-kit'
import { FAKE_AGENT_PATH } from './testing/runner-harness'

const open: TestRuntime[] = []
afterEach(async () => {
  await Promise.all(open.splice(0).map((r) => r.close()))
})

describe("an ACP agent's permission nobody answers", () => {
  it('times out with the agent told its own reject option, not a cancel, and the log says timed out', async () => {
    const rig = makeRig({ turns: [{ steps: [{ say: 'unused' }] }] })
    const scriptPath = join(rig.dir, 'agent.json')
    const permission = {
      toolCall: { toolCallId: 'call-1', title: 'rm -rf build', kind: 'execute' },
      options: [
        { optionId: 'allow', name: 'Yes, proceed', kind: 'allow_once' },
        { optionId: 'no', name: 'No', kind: 'reject_once' },
      ],
    }
    writeFileSync(
      scriptPath,
      JSON.stringify({ turns: [{ steps: [{ permission, as: 'p' }, { say: 'heard {{p}}' }] }] }),
    )
    const runtime = await startRuntime(rig, {
      acp: `${process.execPath} --no-warnings ${FAKE_AGENT_PATH} ${scriptPath}`,
      permissionTimeoutMs: 300,
    })
    open.push(runtime)
    const sessionId = await newSession(runtime)
    await runtime.send({ sessionId, text: 'clean up' })
    const request = await nthInteraction(runtime, 1)
    expect(request).toMatchObject({ kind: 'agent_permission', expiresAt: expect.any(Number) })
    expect((await waitForEvent(runtime, isTurnEnd)).event).toMatchObject({ reason: 'completed' })
    const records = readLogRecords(rig, sessionId)
    expect(records.filter((e) => e.type === 'interaction_response')).toEqual([
      expect.objectContaining({ outcome: 'timed_out', response: { optionId: 'no' } }),
    ])
    expect(records.filter((e) => e.type === 'assistant_text').at(-1)).toMatchObject({
      text: expect.stringContaining('"optionId":"no"'),
    })
    expect(runtime.events).toContainEqual(
      expect.objectContaining({ type: 'interaction_settled', outcome: 'timed_out' }),
    )
  })
})
