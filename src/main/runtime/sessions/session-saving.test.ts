import { existsSync, readdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import {
  assistantTexts,
  isTurnEnd,
  makeRig,
  newSession,
  nthInteraction,
  readLogRecords,
  startRuntime,
  waitForEvent,
  type TestRuntime,
} from '../testing/runtime-test-kit'

const open: TestRuntime[] = []
async function start(...args: Parameters<typeof startRuntime>) {
  const runtime = await startRuntime(...args)
  open.push(runtime)
  return runtime
}
afterEach(async () => {
  await Promise.all(open.splice(0).map((r) => r.close()))
})

const hello = { turns: [{ steps: [{ say: 'Hello.' }] }] }
const sessionFiles = (dataDir: string) =>
  existsSync(join(dataDir, 'sessions')) ? readdirSync(join(dataDir, 'sessions')) : []

describe('saving sessions', () => {
  it('writes nothing for a new session until its first message, then the header first', async () => {
    const rig = makeRig(hello)
    const runtime = await start(rig)
    const sessionId = await newSession(runtime)
    await runtime.renameSession({ sessionId, title: 'Named early' })
    await runtime.setSessionMode({ sessionId, mode: 'execute' })
    expect(sessionFiles(rig.dataDir)).toEqual([])
    expect((await runtime.listSessions({})).map((s) => s.title)).toEqual(['Named early'])

    await runtime.send({ sessionId, text: 'hi' })
    await waitForEvent(runtime, isTurnEnd)
    const log = readLogRecords(rig, sessionId)
    expect(log[0]).toMatchObject({ type: 'session', title: 'Named early', mode: 'execute' })
    expect(log.filter((r) => r.type === 'user_message')).toHaveLength(1)
  })

  it('forgets an empty session at restart, and keeps one that was sent to', async () => {
    const rig = makeRig(hello)
    const first = await start(rig)
    const empty = await newSession(first)
    const used = await newSession(first)
    await first.send({ sessionId: used, text: 'keep me' })
    await waitForEvent(first, isTurnEnd)
    await first.close()
    const again = await start(rig)
    const ids = (await again.listSessions({})).map((s) => s.id)
    expect(ids).toEqual([used])
    expect(ids).not.toContain(empty)
  })

  it('removes an unsaved session without leaving a file', async () => {
    const rig = makeRig(hello)
    const runtime = await start(rig)
    const sessionId = await newSession(runtime)
    expect(await runtime.removeSession({ sessionId })).toEqual({ ok: true })
    expect(await runtime.listSessions({})).toEqual([])
    expect(sessionFiles(rig.dataDir)).toEqual([])
  })
})

describe('the built-in demo', () => {
  it('works in a scratch folder, never where Parley started, and ends with the answers as text', async () => {
    const rig = makeRig(hello)
    const runtime = await start(rig, { scenarioPath: undefined, workspace: undefined })
    const created = await runtime.createSession({})
    if (!created.ok) throw new Error(created.reason)
    const { id: sessionId, workspace } = created.session
    expect(workspace).toBe(join(rig.dataDir, 'demo-workspace'))
    expect(workspace).not.toBe(resolve(process.cwd()))

    await runtime.send({ sessionId, text: 'show me' })
    const permission = await nthInteraction(runtime, 1)
    expect(permission.kind).toBe('permission')
    await runtime.respondToPermission({
      requestId: permission.requestId,
      decision: 'allow',
      remember: false,
    })
    const question = await nthInteraction(runtime, 2)
    await runtime.respondToQuestion({
      requestId: question.requestId,
      answers: ['Big bang', null],
    })
    await waitForEvent(runtime, isTurnEnd)

    expect(existsSync(join(workspace, 'parley-demo.md'))).toBe(true)
    expect(existsSync(join(process.cwd(), 'parley-demo.md'))).toBe(false)
    const last = assistantTexts(readLogRecords(rig, sessionId)).at(-1) ?? ''
    expect(last).toContain('- Which migration strategy should I use? **Big bang**')
    expect(last).toContain('- Which test runner? *not answered*')
    expect(last).not.toContain('{"answers"')
  })

  it('uses the workspace it is given', async () => {
    const rig = makeRig(hello)
    const runtime = await start(rig, { scenarioPath: undefined })
    const created = await runtime.createSession({})
    expect(created.ok && created.session.workspace).toBe(rig.workspace)
  })
})
