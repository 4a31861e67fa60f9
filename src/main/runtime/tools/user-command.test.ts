import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { homedir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { refuseForDevice } from '../../../hosts/web/remote/device-access'
import { dispatchBridgeCall } from '../../../shared/bridge-dispatch'
import { userCommandContext } from '../../../shared/user-command'
import { probeSandbox, sandboxFolders, SYSTEM_PROBE, NO_SANDBOX } from '../sandbox/command-sandbox'
import { makeRig, newSession, startRuntime, type TestRuntime } from '../testing/runtime-test-kit'
import { runUserCommand } from './user-command'

const open: TestRuntime[] = []
afterEach(async () => {
  await Promise.all(open.splice(0).map((r) => r.close()))
})

describe('a command the person runs with !', () => {
  it('runs in the session’s workspace and answers its output and exit code, writing nothing to the log', async () => {
    const rig = makeRig({ turns: [{ steps: [{ say: 'hi' }] }] })
    const runtime = await startRuntime(rig)
    open.push(runtime)
    const sessionId = await newSession(runtime)
    const before = await runtime.openSession({ sessionId })
    const ran = await dispatchBridgeCall(runtime, 'runUserCommand', {
      sessionId,
      command: '  echo made > made.txt; echo out; echo err >&2; exit 3  ',
    })
    expect(ran).toMatchObject({
      ok: true,
      exitCode: 3,
      output: 'out\nerr\n',
      timedOut: false,
      truncated: false,
    })
    expect(readFileSync(join(rig.workspace, 'made.txt'), 'utf8')).toBe('made\n')
    const after = await runtime.openSession({ sessionId })
    expect(after.ok && after.events.length).toBe(before.ok && before.events.length)
  })

  it('is refused for a session that does not exist and for empty input', async () => {
    const runtime = await startRuntime(makeRig({ turns: [{ steps: [{ say: 'hi' }] }] }))
    open.push(runtime)
    expect(
      await dispatchBridgeCall(runtime, 'runUserCommand', { sessionId: 'nope', command: 'ls' }),
    ).toMatchObject({ ok: false, reason: 'not_found' })
    expect(
      await dispatchBridgeCall(runtime, 'runUserCommand', { sessionId: 'nope', command: '   ' }),
    ).toMatchObject({ ok: false, reason: 'invalid_input' })
  })

  it('is refused from a paired device: running commands stays on the computer', () => {
    expect(refuseForDevice('runUserCommand', { sessionId: 's', command: 'ls' })).toMatchObject({
      ok: false,
      reason: 'forbidden',
    })
  })

  it('bounds a long output the way run_command does, and the next message carries less still', async () => {
    const workspace = mkdtempSync(join(homedir(), '.parley-user-command-'))
    try {
      const ran = await runUserCommand(workspace, 'seq 1 40000', {
        sandbox: NO_SANDBOX,
        commandEnv: async () => process.env,
      })
      expect(ran).toMatchObject({ ok: true, exitCode: 0, truncated: true, sandboxed: false })
      if (!ran.ok) return
      expect(ran.output).toMatch(/^1\n2\n[\s\S]*characters left out[\s\S]*\n40000\n$/)
      const context = userCommandContext('seq 1 40000', ran)
      expect(context.length).toBeLessThan(8_300)
      expect(context).toMatch(/^I ran `seq 1 40000` myself \(exit 0\):\n```\n1\n/)
      expect(context).toMatch(/\n40000\n```$/)
    } finally {
      rmSync(workspace, { recursive: true, force: true })
    }
  })
})

const found = await probeSandbox(SYSTEM_PROBE)

describe.skipIf(found.kind === 'none')('a command the person runs, in the real sandbox', () => {
  const outside = mkdtempSync('/var/tmp/parley-user-out-')
  afterAll(() => rmSync(outside, { recursive: true, force: true }))

  it('writes only inside the workspace, as the agent’s commands do', async () => {
    const workspace = mkdtempSync('/var/tmp/parley-user-ws-')
    try {
      const ran = await runUserCommand(workspace, `echo in > in.txt; echo out > ${outside}/x.txt`, {
        sandbox: { availability: found, ...sandboxFolders(homedir(), '/var/tmp/parley-no-data') },
        commandEnv: async () => process.env,
      })
      expect(ran).toMatchObject({ ok: true, sandboxed: true })
      expect(readFileSync(join(workspace, 'in.txt'), 'utf8')).toBe('in\n')
      expect(existsSync(join(outside, 'x.txt'))).toBe(false)
    } finally {
      rmSync(workspace, { recursive: true, force: true })
    }
  })
})
