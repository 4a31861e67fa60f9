import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { BridgeEvent } from '../../../shared/bridge'
import {
  assistantTexts,
  callsAndResultsPair,
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

const oneCommand = (command: string) => ({
  turns: [
    {
      steps: [
        { call: [{ tool: 'run_command', input: { command } }] },
        { say: '{{lastToolResult}}' },
      ],
    },
  ],
})

describe('the interaction broker', () => {
  it('a child (Task) call asks against the parent Task card and writes no decision record', async () => {
    const rig = makeRig({
      turns: [
        {
          when: '^go$',
          steps: [
            { call: [{ tool: 'Task', input: { description: 'sub', prompt: 'child work' } }] },
            { say: 'parent done' },
          ],
        },
        {
          when: 'child work',
          steps: [
            { call: [{ tool: 'run_command', input: { command: 'echo child' } }] },
            { say: 'child done' },
          ],
        },
      ],
    })
    const runtime = await start(rig)
    const sessionId = await newSession(runtime)
    await runtime.send({ sessionId, text: 'go' })
    const request = await nthInteraction(runtime, 1)
    const taskCall = readLogRecords(rig, sessionId).find((e) => e.type === 'tool_call')
    expect(taskCall).toMatchObject({ tool: 'Task' })
    expect(request).toMatchObject({
      kind: 'permission',
      tool: 'run_command',
      toolCallId: taskCall?.type === 'tool_call' ? taskCall.toolCallId : 'missing',
    })
    await runtime.respondToPermission({
      requestId: request.requestId,
      decision: 'allow',
      remember: false,
    })
    await waitForEvent(runtime, isTurnEnd)
    const records = readLogRecords(rig, sessionId)
    expect(records.filter((e) => e.type === 'permission_decision')).toEqual([])
    expect(records.filter((e) => e.type === 'permission_request')).toEqual([])
    expect(callsAndResultsPair(records)).toBe(true)
  })

  it('refuses to dismiss a live request as if the app had restarted, and the turn goes on', async () => {
    const rig = makeRig(oneCommand('echo -n still here'))
    const runtime = await start(rig)
    const sessionId = await newSession(runtime)
    await runtime.send({ sessionId, text: 'go' })
    const request = await nthInteraction(runtime, 1)
    expect(await runtime.dismissInteraction({ requestId: request.requestId })).toMatchObject({
      ok: false,
      reason: 'live_request',
    })
    expect(await runtime.listPending({ sessionId })).toHaveLength(1)
    await runtime.respondToPermission({
      requestId: request.requestId,
      decision: 'allow',
      remember: false,
    })
    expect((await waitForEvent(runtime, isTurnEnd)).event).toMatchObject({ reason: 'completed' })
    expect(assistantTexts(readLogRecords(rig, sessionId)).at(-1)).toContain('still here')
  })

  it("starts a queued prompt's countdown when it is shown, not when it is queued", async () => {
    const rig = makeRig({
      turns: [
        {
          steps: [
            {
              call: [
                { tool: 'run_command', input: { command: 'echo -n one' } },
                { tool: 'run_command', input: { command: 'echo -n two' } },
              ],
            },
            { say: 'done' },
          ],
        },
      ],
    })
    const runtime = await start(rig, { permissionTimeoutMs: 60_000 })
    const sessionId = await newSession(runtime)
    await runtime.send({ sessionId, text: 'go' })
    const first = await nthInteraction(runtime, 1)
    const second = await nthInteraction(runtime, 2)
    expect(first.kind === 'permission' && first.expiresAt).toBeGreaterThan(Date.now())
    expect(second.kind === 'permission' && second.expiresAt).toBeNull()

    const shownAt = Date.now()
    await runtime.respondToPermission({
      requestId: first.requestId,
      decision: 'deny',
      remember: false,
    })
    const updated = await waitForEvent(
      runtime,
      (e): e is Extract<BridgeEvent, { type: 'interaction_updated' }> =>
        e.type === 'interaction_updated' && e.interaction.requestId === second.requestId,
    )
    const expiresAt = updated.interaction.kind === 'permission' && updated.interaction.expiresAt
    expect(expiresAt).toBeGreaterThanOrEqual(shownAt + 60_000)
    expect((await runtime.listPending({ sessionId }))[0]).toMatchObject({ expiresAt })
    await runtime.stop({ sessionId })
  })

  it('switching to bypass allows the open prompt; the decision says the mode decided', async () => {
    const rig = makeRig(oneCommand('echo -n ran'))
    const runtime = await start(rig)
    const sessionId = await newSession(runtime)
    await runtime.send({ sessionId, text: 'go' })
    const request = await nthInteraction(runtime, 1)
    await runtime.setSessionMode({ sessionId, mode: 'bypass' })
    await waitForEvent(runtime, isTurnEnd)
    const records = readLogRecords(rig, sessionId)
    expect(records).toContainEqual(
      expect.objectContaining({
        type: 'permission_decision',
        requestId: request.requestId,
        decision: 'allow',
        reason: 'mode',
      }),
    )
    expect(assistantTexts(records).at(-1)).toContain('ran')
    expect(runtime.events).toContainEqual({
      type: 'interaction_settled',
      sessionId,
      requestId: request.requestId,
      outcome: 'allowed',
    })
  })

  it('switching to explore refuses the open prompt and tells the model why', async () => {
    const rig = makeRig(oneCommand('touch should-not-exist'))
    const runtime = await start(rig)
    const sessionId = await newSession(runtime)
    await runtime.send({ sessionId, text: 'go' })
    await nthInteraction(runtime, 1)
    await runtime.setSessionMode({ sessionId, mode: 'explore' })
    await waitForEvent(runtime, isTurnEnd)
    expect(assistantTexts(readLogRecords(rig, sessionId)).at(-1)).toContain('explore mode')
    expect(existsSync(join(rig.workspace, 'should-not-exist'))).toBe(false)
  })

  it('a switch to another asking mode leaves the prompt open', async () => {
    const rig = makeRig(oneCommand('echo -n x'))
    const runtime = await start(rig)
    const sessionId = await newSession(runtime, 'ask')
    await runtime.send({ sessionId, text: 'go' })
    await nthInteraction(runtime, 1)
    await runtime.setSessionMode({ sessionId, mode: 'execute' })
    expect(await runtime.listPending({ sessionId })).toHaveLength(1)
    await runtime.stop({ sessionId })
  })

  it('a denial can carry a note, which the model reads and the log keeps', async () => {
    const rig = makeRig(oneCommand('rm -rf build'))
    const runtime = await start(rig)
    const sessionId = await newSession(runtime)
    await runtime.send({ sessionId, text: 'go' })
    const request = await nthInteraction(runtime, 1)
    await runtime.respondToPermission({
      requestId: request.requestId,
      decision: 'deny',
      remember: false,
      note: 'use npm run clean instead',
    })
    await waitForEvent(runtime, isTurnEnd)
    const records = readLogRecords(rig, sessionId)
    expect(records).toContainEqual(
      expect.objectContaining({ type: 'permission_decision', note: 'use npm run clean instead' }),
    )
    expect(assistantTexts(records).at(-1)).toContain('The user says: use npm run clean instead')
  })

  it('two answers to one request: the first wins, the second changes nothing', async () => {
    const rig = makeRig(oneCommand('echo -n once'))
    const runtime = await start(rig)
    const sessionId = await newSession(runtime)
    await runtime.send({ sessionId, text: 'go' })
    const request = await nthInteraction(runtime, 1)
    const [a, b] = await Promise.all([
      runtime.respondToPermission({
        requestId: request.requestId,
        decision: 'allow',
        remember: false,
      }),
      runtime.respondToPermission({
        requestId: request.requestId,
        decision: 'deny',
        remember: false,
      }),
    ])
    expect([a.ok, b.ok].sort()).toEqual([false, true])
    await waitForEvent(runtime, isTurnEnd)
    const decisions = readLogRecords(rig, sessionId).filter((e) => e.type === 'permission_decision')
    expect(decisions).toHaveLength(1)
    expect(decisions[0]).toMatchObject({ decision: 'allow', remember: false })
  })

  it('a question draft is kept on disk until the question is answered', async () => {
    const rig = makeRig({
      turns: [
        {
          steps: [
            {
              call: [
                {
                  tool: 'AskUserQuestion',
                  input: {
                    questions: [{ question: 'Q?', options: [{ label: 'A' }, { label: 'B' }] }],
                  },
                },
              ],
            },
            { say: 'ok' },
          ],
        },
      ],
    })
    const runtime = await start(rig)
    const sessionId = await newSession(runtime)
    await runtime.send({ sessionId, text: 'go' })
    const question = await nthInteraction(runtime, 1)
    const draft = { index: 0, values: [{ kind: 'option' as const, index: 1 }] }
    expect(await runtime.saveQuestionDraft({ requestId: question.requestId, draft })).toEqual({
      ok: true,
    })
    const path = join(rig.dataDir, 'drafts', `${question.requestId}.json`)
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual(draft)
    expect((await runtime.listPending({ sessionId }))[0]).toMatchObject({ draft })
    expect(
      await runtime.saveFormDraft({
        requestId: question.requestId,
        draft: { index: 0, values: [] },
      }),
    ).toMatchObject({ ok: false, reason: 'wrong_kind' })
    await runtime.respondToQuestion({ requestId: question.requestId, answers: ['B'] })
    await waitForEvent(runtime, isTurnEnd)
    expect(existsSync(path)).toBe(false)
  })

  it('execute mode writes files without asking, except a high-risk one such as a git hook', async () => {
    const rig = makeRig({
      turns: [
        {
          steps: [
            {
              call: [
                { tool: 'write_file', input: { path: 'notes.md', content: 'hi' } },
                { tool: 'write_file', input: { path: '.git/hooks/pre-commit', content: 'curl x' } },
              ],
            },
            { say: 'done' },
          ],
        },
      ],
    })
    const runtime = await start(rig)
    const sessionId = await newSession(runtime, 'execute')
    await runtime.send({ sessionId, text: 'go' })
    const request = await nthInteraction(runtime, 1)
    expect(request).toMatchObject({ kind: 'permission', risk: 'high' })
    expect(request.kind === 'permission' && request.summary).toContain('.git/hooks/pre-commit')
    await runtime.respondToPermission({
      requestId: request.requestId,
      decision: 'deny',
      remember: false,
    })
    await waitForEvent(runtime, isTurnEnd)
    expect(existsSync(join(rig.workspace, '.git/hooks/pre-commit'))).toBe(false)
    expect(readFileSync(join(rig.workspace, 'notes.md'), 'utf8')).toBe('hi')
    // One prompt in all: the ordinary write did not ask.
    expect(runtime.events.filter((e) => e.type === 'interaction_added')).toHaveLength(1)
  })
})

describe('where a command the person is asked about will run', () => {
  it('says the grant the sandbox gets: nothing lifted for echo, the network for curl, as recorded', async () => {
    const rig = makeRig({
      turns: [
        {
          steps: [
            { call: [{ tool: 'run_command', input: { command: 'echo hi' } }] },
            { call: [{ tool: 'run_command', input: { command: 'curl https://example.com' } }] },
            { say: 'done' },
          ],
        },
      ],
    })
    const runtime = await start(rig)
    const sessionId = await newSession(runtime)
    await runtime.send({ sessionId, text: 'go' })
    const echo = await nthInteraction(runtime, 1)
    expect(echo).toMatchObject({
      runsIn: { network: false, writeOutside: false, credentials: false },
    })
    await runtime.respondToPermission({
      requestId: echo.requestId,
      decision: 'allow',
      remember: false,
    })
    const curl = await nthInteraction(runtime, 2)
    expect(curl).toMatchObject({ runsIn: { network: true, writeOutside: false } })
    const sandboxed = echo.kind === 'permission' ? echo.runsIn?.sandboxed : undefined
    expect(typeof sandboxed).toBe('boolean')
    const recorded = readLogRecords(rig, sessionId).filter((e) => e.type === 'permission_request')
    expect(recorded.map((e) => e.type === 'permission_request' && e.runsIn?.network)).toEqual([
      false,
      true,
    ])
    await runtime.respondToPermission({
      requestId: curl.requestId,
      decision: 'deny',
      remember: false,
    })
    await waitForEvent(runtime, isTurnEnd)
  })
})
