import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { SessionEvent } from '../../../shared/session-events'
import { makeRig, startRuntime, type TestRig, type TestRuntime } from '../testing/runtime-test-kit'

const open: TestRuntime[] = []
afterEach(async () => {
  await Promise.all(open.splice(0).map((r) => r.close()))
})

/** A session whose app quit while a run_command prompt waited, written as `request` says. */
function quitWhileAsking(rig: TestRig, request: Record<string, unknown>): void {
  const records: SessionEvent[] = [
    {
      type: 'session',
      v: 1,
      id: 's-quit',
      createdAt: 1,
      title: 'quit while asking',
      workspace: rig.workspace,
      backend: 'fake:test',
      mode: 'ask',
    },
    { type: 'user_message', at: 2, turnId: 't1', text: 'go' },
    {
      type: 'tool_call',
      at: 3,
      turnId: 't1',
      step: 0,
      toolCallId: 'c1',
      tool: 'run_command',
      input: { command: 'npm test; rm -rf build' },
    },
  ]
  const lines = [
    ...records.map((r) => JSON.stringify(r)),
    JSON.stringify({
      type: 'permission_request',
      at: 4,
      turnId: 't1',
      requestId: 'perm-1',
      toolCallId: 'c1',
      tool: 'run_command',
      summary: 'Run 2 commands: `npm test` · `rm -rf build`',
      detail: 'npm test; rm -rf build',
      risk: 'high',
      intent: 'run_command: npm test',
      inputHash: 'not-checked-until-answered',
      expiresAt: 5,
      ...request,
    }),
  ]
  mkdirSync(join(rig.dataDir, 'sessions'), { recursive: true })
  writeFileSync(join(rig.dataDir, 'sessions', 's-quit.jsonl'), `${lines.join('\n')}\n`)
}

describe('a permission request found open at start-up', () => {
  it('is shown again exactly as it was recorded: parts, risks and what Remember covers', async () => {
    const rig = makeRig({ turns: [{ steps: [{ say: 'ok' }] }] })
    const parts = [
      { text: 'npm test', risk: 'medium' },
      { text: 'rm -rf build', risk: 'high', why: 'deletes files' },
    ]
    quitWhileAsking(rig, { rememberScope: ['npm test'], parts, rememberKeys: ['run:npm test'] })
    const runtime = await startRuntime(rig)
    open.push(runtime)
    const [pending] = await runtime.listPending({ sessionId: 's-quit' })
    expect(pending).toMatchObject({
      kind: 'permission',
      recovered: true,
      summary: 'Run 2 commands: `npm test` · `rm -rf build`',
      risk: 'high',
      rememberScope: ['npm test'],
      parts,
    })
  })

  it('an older record without scope or parts still replays, and offers nothing to remember', async () => {
    const rig = makeRig({ turns: [{ steps: [{ say: 'ok' }] }] })
    quitWhileAsking(rig, {})
    const runtime = await startRuntime(rig)
    open.push(runtime)
    const [pending] = await runtime.listPending({ sessionId: 's-quit' })
    expect(pending).toMatchObject({ kind: 'permission', recovered: true, rememberScope: null })
    expect(pending && 'parts' in pending ? pending.parts : undefined).toBeUndefined()
  })
})
