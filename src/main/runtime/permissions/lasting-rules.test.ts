import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { BridgeEvent } from '../../../shared/bridge'
import type { PermissionInteraction } from '../../../shared/interactions'
import type { PermissionMode, PermissionResponse } from '../../../shared/permission'
import type { Scenario } from '../../../shared/scenario'
import type { SessionEventOf } from '../../../shared/session-events'
import {
  makeRig,
  readLogRecords,
  startRuntime,
  waitForEvent,
  type TestRig,
  type TestRuntime,
} from '../testing/runtime-test-kit'

/**
 * Lasting permission rules through the whole runtime on the fake backend: the scripted model
 * makes one call per message (the message names it), and the test answers prompts as the person.
 */

const CALLS: Record<string, { tool: string; input: Record<string, unknown> }> = {
  echo: { tool: 'run_command', input: { command: 'echo one' } },
  'echo-and-ls': { tool: 'run_command', input: { command: 'echo two && ls' } },
  ls: { tool: 'run_command', input: { command: 'ls' } },
  hook: {
    tool: 'write_file',
    input: { path: '.git/hooks/pre-commit', content: '#!/bin/sh\necho pwned\n' },
  },
  notes: { tool: 'write_file', input: { path: 'notes.md', content: 'hello\n' } },
}

const SCENARIO: Scenario = {
  turns: Object.entries(CALLS).map(([name, call]) => ({
    when: `^${name}$`,
    steps: [{ call: [call] }, { say: 'done' }],
  })),
}

type Answer = Omit<PermissionResponse, 'requestId' | 'remember'> & { remember?: boolean }

const open: TestRuntime[] = []
afterEach(async () => {
  await Promise.all(open.splice(0).map((r) => r.close()))
})

async function start(rig: TestRig, workspace = rig.workspace): Promise<TestRuntime> {
  const runtime = await startRuntime(rig, { workspace })
  open.push(runtime)
  return runtime
}

async function session(runtime: TestRuntime, workspace: string, mode: PermissionMode = 'ask') {
  const created = await runtime.createSession({ mode, workspace })
  if (!created.ok) throw new Error(created.reason)
  return created.session.id
}

const turnEnded =
  (turnId: string) =>
  (event: BridgeEvent): boolean =>
    event.type === 'session_event' &&
    event.event.type === 'turn_end' &&
    event.event.turnId === turnId

/**
 * One turn: sends `message`, answers each prompt with `answer` (deny when absent), and returns
 * the prompts shown, the call's tool result and its permission decision record.
 */
async function turn(
  runtime: TestRuntime,
  rig: TestRig,
  sessionId: string,
  message: string,
  answer?: (prompt: PermissionInteraction) => Answer,
) {
  const prompts: PermissionInteraction[] = []
  const off = runtime.onEvent((event) => {
    if (event.type !== 'interaction_added' || event.interaction.kind !== 'permission') return
    if (event.sessionId !== sessionId) return
    const prompt = event.interaction
    prompts.push(prompt)
    const given = answer?.(prompt) ?? { decision: 'deny' }
    void runtime.respondToPermission({ requestId: prompt.requestId, remember: false, ...given })
  })
  const sent = await runtime.send({ sessionId, text: message })
  if (!sent.ok) throw new Error(sent.reason)
  await waitForEvent(runtime, turnEnded(sent.turnId), 30_000)
  off()
  const records = readLogRecords(rig, sessionId).filter(
    (e) => 'turnId' in e && e.turnId === sent.turnId,
  )
  const result = records.find((e): e is SessionEventOf<'tool_result'> => e.type === 'tool_result')
  const decision = records.find(
    (e): e is SessionEventOf<'permission_decision'> => e.type === 'permission_decision',
  )
  return { prompts, result, decision, output: JSON.stringify(result?.output ?? null) }
}

const allowFor = (scope: PermissionResponse['scope']) => (): Answer => ({
  decision: 'allow',
  remember: true,
  ...(scope ? { scope } : {}),
})

function twoWorkspaces() {
  const rig = makeRig(SCENARIO)
  const other = join(rig.dir, 'other-ws')
  mkdirSync(other)
  return { rig, other }
}

describe('lasting permission rules', () => {
  it('a project rule made in one session applies in a new session of the same workspace, after a restart too, and not in another workspace', async () => {
    const { rig, other } = twoWorkspaces()
    let runtime = await start(rig)
    const first = await session(runtime, rig.workspace)
    const made = await turn(runtime, rig, first, 'echo', allowFor('project'))
    expect(made.prompts).toHaveLength(1)
    expect(made.output).toContain('one')

    const second = await session(runtime, rig.workspace)
    const covered = await turn(runtime, rig, second, 'echo')
    expect(covered.prompts).toEqual([])
    expect(covered.output).toContain('one')
    expect(covered.decision).toMatchObject({ decision: 'allow', reason: 'rule' })
    expect(covered.decision?.rules?.[0]).toMatchObject({ scope: 'project' })
    expect(covered.decision?.rules?.[0]?.label).toContain('`echo`')

    await runtime.close()
    runtime = await start(rig)
    const third = await session(runtime, rig.workspace)
    expect((await turn(runtime, rig, third, 'echo')).prompts).toEqual([])

    const elsewhere = await session(runtime, other)
    const asked = await turn(runtime, rig, elsewhere, 'echo')
    expect(asked.prompts).toHaveLength(1)
    expect(asked.decision).toMatchObject({ decision: 'deny', reason: 'user' })

    const listed = await runtime.listPermissionRules({})
    expect(listed.rules).toEqual([
      expect.objectContaining({ decision: 'allow', scope: 'project', uses: 2, sessionId: first }),
    ])
  })

  it('an all-projects rule applies in every workspace', async () => {
    const { rig, other } = twoWorkspaces()
    const runtime = await start(rig)
    await turn(runtime, rig, await session(runtime, rig.workspace), 'ls', allowFor('global'))
    const elsewhere = await turn(runtime, rig, await session(runtime, other), 'ls')
    expect(elsewhere.prompts).toEqual([])
    expect(elsewhere.decision).toMatchObject({ reason: 'rule', rules: [{ scope: 'global' }] })
    const [rule] = (await runtime.listPermissionRules({ workspace: other })).rules
    expect(rule).toMatchObject({ scope: 'global' })
    expect(rule?.workspace).toBeUndefined()
  })

  it('a session rule covers later turns of that session only', async () => {
    const rig = makeRig(SCENARIO)
    const runtime = await start(rig)
    const first = await session(runtime, rig.workspace)
    await turn(runtime, rig, first, 'echo', allowFor('session'))
    expect((await turn(runtime, rig, first, 'echo')).prompts).toEqual([])
    const second = await session(runtime, rig.workspace)
    expect((await turn(runtime, rig, second, 'echo')).prompts).toHaveLength(1)
    await runtime.removeSession({ sessionId: first })
    expect((await runtime.listPermissionRules({})).rules).toEqual([])
  })

  it('a remembered answer without a scope lasts the turn only, as before', async () => {
    const rig = makeRig(SCENARIO)
    const runtime = await start(rig)
    const id = await session(runtime, rig.workspace)
    await turn(runtime, rig, id, 'echo', allowFor(undefined))
    expect((await turn(runtime, rig, id, 'echo')).prompts).toHaveLength(1)
    expect((await runtime.listPermissionRules({})).rules).toEqual([])
  })

  it('a compound command with one covered and one uncovered part asks, naming the uncovered part', async () => {
    const rig = makeRig(SCENARIO)
    const runtime = await start(rig)
    await turn(runtime, rig, await session(runtime, rig.workspace), 'echo', allowFor('project'))
    const both = await turn(runtime, rig, await session(runtime, rig.workspace), 'echo-and-ls')
    expect(both.prompts).toHaveLength(1)
    expect(both.prompts[0]?.rememberScope?.join(' ')).toContain('`ls`')
    expect(both.decision).toMatchObject({ decision: 'deny', reason: 'user' })
  })

  it('a deny rule beats an allow rule of any scope, and the model is told which rule denied it', async () => {
    const rig = makeRig(SCENARIO)
    const runtime = await start(rig)
    // Deny `echo` (and `ls`) for this project, then allow `echo` for all projects.
    await turn(runtime, rig, await session(runtime, rig.workspace), 'echo-and-ls', () => ({
      decision: 'deny',
      remember: true,
      scope: 'project',
    }))
    const allowed = await runtime.listPermissionRules({})
    expect(allowed.rules.map((r) => r.decision)).toEqual(['deny', 'deny'])
    const denied = await turn(runtime, rig, await session(runtime, rig.workspace), 'echo')
    expect(denied.prompts).toEqual([])
    expect(denied.decision).toMatchObject({ decision: 'deny', reason: 'rule' })
    expect(denied.output).toContain('denied by the user')
    expect(denied.output).toContain('Always deny `echo`')
    expect(denied.output).toContain('in this project')
  })

  it('deny wins over a session allow even in bypass mode', async () => {
    const rig = makeRig(SCENARIO)
    const runtime = await start(rig)
    const id = await session(runtime, rig.workspace)
    await turn(runtime, rig, id, 'ls', () => ({
      decision: 'deny',
      remember: true,
      scope: 'global',
    }))
    await runtime.setSessionMode({ sessionId: id, mode: 'bypass' })
    const denied = await turn(runtime, rig, id, 'ls')
    expect(denied.decision).toMatchObject({ decision: 'deny', reason: 'rule' })
    expect(denied.result?.isError).toBe(true)
  })

  it('removing a rule makes the call ask again', async () => {
    const rig = makeRig(SCENARIO)
    const runtime = await start(rig)
    await turn(runtime, rig, await session(runtime, rig.workspace), 'echo', allowFor('project'))
    const [rule] = (await runtime.listPermissionRules({ workspace: rig.workspace })).rules
    if (!rule) throw new Error('no rule was made')
    expect(await runtime.removePermissionRule({ ruleId: rule.id })).toEqual({ ok: true })
    expect(await runtime.removePermissionRule({ ruleId: rule.id })).toEqual({
      ok: false,
      reason: 'not_found',
    })
    const again = await turn(runtime, rig, await session(runtime, rig.workspace), 'echo')
    expect(again.prompts).toHaveLength(1)
  })

  it('a high-risk call is never made a rule', async () => {
    const rig = makeRig(SCENARIO)
    mkdirSync(join(rig.workspace, '.git', 'hooks'), { recursive: true })
    const runtime = await start(rig)
    const id = await session(runtime, rig.workspace)
    const hook = await turn(runtime, rig, id, 'hook', allowFor('global'))
    expect(hook.prompts[0]?.rememberScope).toBeNull()
    expect((await runtime.listPermissionRules({})).rules).toEqual([])
    expect((await turn(runtime, rig, id, 'hook')).prompts).toHaveLength(1)
  })

  it('the rules live in the data folder, never in the workspace', async () => {
    const rig = makeRig(SCENARIO)
    const runtime = await start(rig)
    await turn(runtime, rig, await session(runtime, rig.workspace), 'echo', allowFor('project'))
    const file = join(rig.dataDir, 'permission-rules.json')
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { rules: Array<{ key: string }> }
    expect(stored.rules).toHaveLength(1)
    expect(existsSync(join(rig.workspace, '.parley'))).toBe(false)
  })

  it('a rules file with a mistake is kept, named with line and column, and no rule from it applies until fixed', async () => {
    const rig = makeRig(SCENARIO)
    const runtime = await start(rig)
    await turn(runtime, rig, await session(runtime, rig.workspace), 'echo', allowFor('project'))
    const file = join(rig.dataDir, 'permission-rules.json')
    const good = readFileSync(file, 'utf8')
    const broken = good.replace('"rules": [', '"rules": [,')
    writeFileSync(file, broken)

    const listed = await runtime.listPermissionRules({})
    expect(listed.rules).toEqual([])
    expect(listed.problem).toMatch(/permission-rules\.json:3:\d+: /)
    const asked = await turn(runtime, rig, await session(runtime, rig.workspace), 'echo', () => ({
      decision: 'allow',
      remember: true,
      scope: 'project',
    }))
    expect(asked.prompts).toHaveLength(1)
    // Nothing was written over the person's file.
    expect(readFileSync(file, 'utf8')).toBe(broken)

    writeFileSync(file, good)
    expect((await runtime.listPermissionRules({})).problem).toBeUndefined()
    const covered = await turn(runtime, rig, await session(runtime, rig.workspace), 'echo')
    expect(covered.prompts).toEqual([])
  })
})

describe('one permission decision for the prompt and the mode switch', () => {
  it('switching to execute while a high-risk edit waits in ask mode does not let it through', async () => {
    const rig = makeRig(SCENARIO)
    mkdirSync(join(rig.workspace, '.git', 'hooks'), { recursive: true })
    const runtime = await start(rig)
    const id = await session(runtime, rig.workspace, 'ask')
    const sent = await runtime.send({ sessionId: id, text: 'hook' })
    if (!sent.ok) throw new Error(sent.reason)
    const shown = await waitForEvent(
      runtime,
      (e): e is Extract<BridgeEvent, { type: 'interaction_added' }> =>
        e.type === 'interaction_added' && e.sessionId === id,
    )
    await runtime.setSessionMode({ sessionId: id, mode: 'execute' })
    expect(await runtime.listPending({ sessionId: id })).toEqual([
      expect.objectContaining({ requestId: shown.interaction.requestId }),
    ])
    expect(existsSync(join(rig.workspace, '.git', 'hooks', 'pre-commit'))).toBe(false)
    await runtime.respondToPermission({
      requestId: shown.interaction.requestId,
      decision: 'deny',
      remember: false,
    })
    await waitForEvent(runtime, turnEnded(sent.turnId), 30_000)
    expect(existsSync(join(rig.workspace, '.git', 'hooks', 'pre-commit'))).toBe(false)
  })

  it('switching to execute settles a waiting ordinary edit as the new mode allows it', async () => {
    const rig = makeRig(SCENARIO)
    const runtime = await start(rig)
    const id = await session(runtime, rig.workspace, 'ask')
    const sent = await runtime.send({ sessionId: id, text: 'notes' })
    if (!sent.ok) throw new Error(sent.reason)
    await waitForEvent(runtime, (e) => e.type === 'interaction_added' && e.sessionId === id)
    await runtime.setSessionMode({ sessionId: id, mode: 'execute' })
    await waitForEvent(runtime, turnEnded(sent.turnId), 30_000)
    expect(readFileSync(join(rig.workspace, 'notes.md'), 'utf8')).toBe('hello\n')
  })
})
