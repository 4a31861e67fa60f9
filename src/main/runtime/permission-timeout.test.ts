import { mkdirSync, writeFileSync } from 'node:fs'
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
  type TestRig,
  type TestRuntime,
} from './testing/runtime-test-kit'

const open: TestRuntime[] = []
afterEach(async () => {
  await Promise.all(open.splice(0).map((r) => r.close()))
})

const commandScenario = {
  turns: [
    {
      steps: [
        { call: [{ tool: 'run_command', input: { command: 'echo hi' } }] },
        { say: '{{lastToolResult}}' },
      ],
    },
  ],
}

async function startWithSettings(rig: TestRig, settings: object) {
  mkdirSync(rig.dataDir, { recursive: true })
  writeFileSync(join(rig.dataDir, 'settings.json'), JSON.stringify(settings))
  const runtime = await startRuntime(rig)
  open.push(runtime)
  return runtime
}

describe('the permission timeout', () => {
  it('comes from settings.json, and the agent is told in words it can act on that nobody answered', async () => {
    const rig = makeRig(commandScenario)
    const runtime = await startWithSettings(rig, { permissionTimeoutSeconds: 1 })
    const sessionId = await newSession(runtime)
    await runtime.send({ sessionId, text: 'go' })
    const request = await nthInteraction(runtime, 1)
    expect(request).toMatchObject({ kind: 'permission' })
    if (request.kind !== 'permission' || request.expiresAt === null) throw new Error('no countdown')
    expect(request.expiresAt - request.createdAt).toBeLessThanOrEqual(1_500)
    await waitForEvent(runtime, isTurnEnd, 10_000)
    const records = readLogRecords(rig, sessionId)
    expect(records).toContainEqual(
      expect.objectContaining({ type: 'permission_decision', reason: 'timed_out' }),
    )
    const result = records.find((r) => r.type === 'tool_result')
    expect(JSON.stringify(result)).toContain('The person did not answer in time')
    expect(JSON.stringify(result)).not.toContain('denied')
    expect(runtime.events).toContainEqual(
      expect.objectContaining({ type: 'interaction_settled', outcome: 'timed_out' }),
    )
  })

  it('0 means a prompt waits until it is answered', async () => {
    const rig = makeRig(commandScenario)
    const runtime = await startWithSettings(rig, { permissionTimeoutSeconds: 0 })
    const sessionId = await newSession(runtime)
    await runtime.send({ sessionId, text: 'go' })
    const request = await nthInteraction(runtime, 1)
    expect(request).toMatchObject({ kind: 'permission', expiresAt: null })
    const [listed] = await runtime.listPending({ sessionId })
    expect(listed).toMatchObject({ kind: 'permission', expiresAt: null })
  })
})
