import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { parseSessionLog } from './sessions/session-log'
import {
  isTurnEnd,
  makeRig,
  newSession,
  readLogRecords,
  startRuntime,
  waitForEvent,
  type TestRig,
  type TestRuntime,
} from './testing/runtime-test-kit'
import type { FakeAgentScript } from './acp/testing/fake-acp-agent'
import { FAKE_AGENT_PATH } from './acp/testing/runner-harness'

const SCENARIO = {
  turns: [
    {
      when: 'one',
      steps: [
        { call: [{ tool: 'write_file', input: { path: 'a.txt', content: 'alpha\r\nline 2\n' } }] },
        { say: 'wrote a' },
      ],
    },
    {
      when: 'two',
      steps: [
        {
          call: [
            { tool: 'edit_file', input: { path: 'a.txt', old_text: 'alpha', new_text: 'beta' } },
          ],
        },
        { call: [{ tool: 'run_command', input: { command: 'rm b.txt' } }] },
        { call: [{ tool: 'write_file', input: { path: 'c.txt', content: 'sea' } }] },
        { say: 'done' },
      ],
    },
    { when: 'three', steps: [{ say: 'nothing to do' }] },
  ],
}

const B_BYTES = Buffer.from([0x62, 0x00, 0xff, 0x0a])

let runtime: TestRuntime | undefined
afterEach(async () => {
  await runtime?.close()
  runtime = undefined
})

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, {
    cwd,
    env: { PATH: process.env.PATH, HOME: cwd, GIT_CONFIG_NOSYSTEM: '1' },
  }).toString()

/** The workspace's own repository as a person would look at it. */
function repositoryState(workspace: string) {
  return {
    status: git(workspace, 'status', '--porcelain', '--untracked-files=all'),
    refs: git(workspace, 'for-each-ref'),
    stash: git(workspace, 'stash', 'list'),
    index: readFileSync(join(workspace, '.git', 'index')).toString('hex'),
  }
}

function withRepository(rig: TestRig): void {
  const ws = rig.workspace
  git(ws, 'init', '-q')
  git(ws, 'config', 'user.email', 't@example.com')
  git(ws, 'config', 'user.name', 't')
  writeFileSync(join(ws, 'README'), 'readme v1')
  git(ws, 'add', 'README')
  git(ws, 'commit', '-qm', 'first')
  writeFileSync(join(ws, 'README'), 'stashed')
  git(ws, 'stash', '-q')
}

async function turn(rt: TestRuntime, sessionId: string, text: string): Promise<string> {
  const sent = await rt.send({ sessionId, text })
  if (!sent.ok) throw new Error(sent.reason)
  await waitForEvent(
    rt,
    (e) => isTurnEnd(e) && e.event.type === 'turn_end' && e.event.turnId === sent.turnId,
    15_000,
  )
  // Checkpoints run one at a time: the list comes after the turn's closing checkpoint.
  await rt.listCheckpoints({ sessionId })
  return sent.turnId
}

describe('rewinding a session of Parley’s own agent', () => {
  it('restores files edited, deleted by a command and created to before a turn, and leaves the workspace repository alone', async () => {
    const rig = makeRig(SCENARIO)
    withRepository(rig)
    writeFileSync(join(rig.workspace, 'b.txt'), B_BYTES)
    const repoBefore = repositoryState(rig.workspace)
    runtime = await startRuntime(rig)
    const sessionId = await newSession(runtime, 'bypass')
    const first = await turn(runtime, sessionId, 'one')
    const second = await turn(runtime, sessionId, 'two')
    const ws = rig.workspace
    expect(readFileSync(join(ws, 'a.txt'), 'utf8')).toBe('beta\r\nline 2\n')
    expect(existsSync(join(ws, 'b.txt'))).toBe(false)
    expect(existsSync(join(ws, 'c.txt'))).toBe(true)

    const listed = await runtime.listCheckpoints({ sessionId })
    expect(listed).toMatchObject({
      ok: true,
      checkpoints: [
        { turnId: first, messageText: 'one', changedFiles: ['a.txt'] },
        { turnId: second, messageText: 'two', changedFiles: ['a.txt', 'b.txt', 'c.txt'] },
      ],
    })

    const preview = await runtime.previewCheckpoint({ sessionId, turnId: second })
    if (!preview.ok) throw new Error(preview.reason)
    expect(preview.files.map((f) => [f.path, f.change, f.conflict])).toEqual([
      ['a.txt', 'restored', false],
      ['b.txt', 'recreated', false],
      ['c.txt', 'removed', false],
    ])
    expect(preview.files[0]).toMatchObject({ now: 'beta\r\nline 2\n', then: 'alpha\r\nline 2\n' })
    expect(preview.files[1]).toMatchObject({ hidden: 'binary' })

    const restored = await runtime.restoreCheckpoint({
      sessionId,
      turnId: second,
      restore: 'files',
    })
    expect(restored).toEqual({
      ok: true,
      sessionId,
      restoredFiles: expect.arrayContaining(['a.txt', 'b.txt', 'c.txt']),
    })
    expect(readFileSync(join(ws, 'a.txt'), 'utf8')).toBe('alpha\r\nline 2\n')
    expect(readFileSync(join(ws, 'b.txt'))).toEqual(B_BYTES)
    expect(existsSync(join(ws, 'c.txt'))).toBe(false)

    // The workspace's own repository saw nothing: status, refs, stash, index.
    expect(repositoryState(ws)).toEqual({
      ...repoBefore,
      status: git(ws, 'status', '--porcelain', '--untracked-files=all'),
    })
    expect(git(ws, 'status', '--porcelain', '--untracked-files=all')).toBe('?? a.txt\n?? b.txt\n')

    // The log replays every record, and the rewind is in it (its own checkpoint undoes it).
    const log = readFileSync(join(rig.dataDir, 'sessions', `${sessionId}.jsonl`))
    const parsed = parseSessionLog(log)
    expect(parsed.notices).toEqual([])
    expect(parsed.events).toHaveLength(log.toString().trim().split('\n').length)
    const rewind = parsed.events.findLast((e) => e.type === 'checkpoint')
    expect(rewind).toMatchObject({ moment: 'rewind', rewindTo: { turnId: second } })
    if (rewind?.type !== 'checkpoint') throw new Error('no rewind')
    const undone = await runtime.restoreCheckpoint({
      sessionId,
      turnId: rewind.turnId,
      restore: 'files',
    })
    expect(undone).toMatchObject({ ok: true })
    expect(readFileSync(join(ws, 'a.txt'), 'utf8')).toBe('beta\r\nline 2\n')
    expect(existsSync(join(ws, 'b.txt'))).toBe(false)
    expect(readFileSync(join(ws, 'c.txt'), 'utf8')).toBe('sea')
  }, 60_000)

  it('shows files changed by hand since as conflicts and overwrites them only when forced', async () => {
    const rig = makeRig(SCENARIO)
    writeFileSync(join(rig.workspace, 'b.txt'), 'bee')
    runtime = await startRuntime(rig)
    const sessionId = await newSession(runtime, 'bypass')
    const first = await turn(runtime, sessionId, 'one')
    await turn(runtime, sessionId, 'two')
    writeFileSync(join(rig.workspace, 'a.txt'), 'my own edit')
    const preview = await runtime.previewCheckpoint({ sessionId, turnId: first })
    if (!preview.ok) throw new Error(preview.reason)
    expect(preview.files.filter((f) => f.conflict).map((f) => f.path)).toEqual(['a.txt'])
    const refused = await runtime.restoreCheckpoint({ sessionId, turnId: first, restore: 'files' })
    expect(refused).toMatchObject({ ok: false, reason: 'conflict', files: ['a.txt'] })
    expect(readFileSync(join(rig.workspace, 'a.txt'), 'utf8')).toBe('my own edit')
    const forced = await runtime.restoreCheckpoint({
      sessionId,
      turnId: first,
      restore: 'files',
      force: true,
    })
    expect(forced).toMatchObject({ ok: true })
    expect(existsSync(join(rig.workspace, 'a.txt'))).toBe(false)
    expect(readFileSync(join(rig.workspace, 'b.txt'), 'utf8')).toBe('bee')
  }, 60_000)

  it('an edit made the moment a UI sees the turn end is the person’s, shown as a conflict', async () => {
    const rig = makeRig(SCENARIO)
    runtime = await startRuntime(rig)
    const sessionId = await newSession(runtime, 'bypass')
    const first = await turn(runtime, sessionId, 'one')
    // As a person would: the turn shows as ended, and they save a file at once.
    const edited = new Promise<void>((done) => {
      const off = runtime?.onEvent((e) => {
        if (!isTurnEnd(e)) return
        writeFileSync(join(rig.workspace, 'a.txt'), 'my own edit')
        off?.()
        done()
      })
    })
    const sent = await runtime.send({ sessionId, text: 'two' })
    if (!sent.ok) throw new Error(sent.reason)
    await edited
    const preview = await runtime.previewCheckpoint({ sessionId, turnId: first })
    if (!preview.ok) throw new Error(preview.reason)
    expect(preview.files.filter((f) => f.conflict).map((f) => f.path)).toEqual(['a.txt'])
  }, 60_000)

  it('forks the conversation from before a message and leaves the original whole', async () => {
    const rig = makeRig(SCENARIO)
    writeFileSync(join(rig.workspace, 'b.txt'), 'bee')
    runtime = await startRuntime(rig)
    const sessionId = await newSession(runtime, 'bypass')
    await turn(runtime, sessionId, 'one')
    const second = await turn(runtime, sessionId, 'two')
    const before = readLogRecords(rig, sessionId)
    const forked = await runtime.restoreCheckpoint({
      sessionId,
      turnId: second,
      restore: 'conversation',
    })
    if (!forked.ok) throw new Error(forked.reason)
    expect(forked.sessionId).not.toBe(sessionId)
    expect(forked.restoredFiles).toEqual([])
    // Files untouched by a conversation-only rewind.
    expect(existsSync(join(rig.workspace, 'c.txt'))).toBe(true)
    const original = readLogRecords(rig, sessionId)
    expect(original.slice(0, before.length)).toEqual(before)
    expect(original.at(-1)).toMatchObject({
      type: 'session_forked',
      turnId: second,
      forkId: forked.sessionId,
    })
    const fork = readLogRecords(rig, forked.sessionId)
    expect(fork[0]).toMatchObject({ type: 'session', forkOf: { sessionId, turnId: second } })
    expect(
      fork.filter((e) => e.type === 'user_message').map((e) => e.type === 'user_message' && e.text),
    ).toEqual(['one'])
    // The fork goes on: a new message there, and its checkpoints include the copied turn's.
    await turn(runtime, forked.sessionId, 'three')
    const listed = await runtime.listCheckpoints({ sessionId: forked.sessionId })
    expect(listed.ok && listed.checkpoints.map((c) => c.messageText)).toEqual(['one', 'three'])
    // Removing the original keeps what the fork needs.
    await runtime.removeSession({ sessionId })
    const first = listed.ok ? listed.checkpoints[0]?.turnId : undefined
    if (first === undefined) throw new Error('no checkpoint')
    // In the fork, what the original's second turn did is someone else's change: a conflict.
    const asked = await runtime.restoreCheckpoint({
      sessionId: forked.sessionId,
      turnId: first,
      restore: 'both',
    })
    expect(asked).toMatchObject({
      ok: false,
      reason: 'conflict',
      files: ['a.txt', 'b.txt', 'c.txt'],
    })
    const restored = await runtime.restoreCheckpoint({
      sessionId: forked.sessionId,
      turnId: first,
      restore: 'both',
      force: true,
    })
    expect(restored).toMatchObject({ ok: true })
    expect(restored.ok && restored.sessionId).not.toBe(forked.sessionId)
    expect(existsSync(join(rig.workspace, 'a.txt'))).toBe(false)
  }, 60_000)

  it('says in the transcript when no checkpoint could be taken, and the turn goes on', async () => {
    const rig = makeRig(SCENARIO)
    writeFileSync(join(rig.workspace, 'b.txt'), 'bee')
    runtime = await startRuntime(rig, { checkpoints: { git: '/nonexistent/git' } })
    const sessionId = await newSession(runtime, 'bypass')
    const sent = await runtime.send({ sessionId, text: 'one' })
    if (!sent.ok) throw new Error(sent.reason)
    const end = await waitForEvent(runtime, isTurnEnd, 15_000)
    expect(end.event).toMatchObject({ reason: 'completed' })
    const records = readLogRecords(rig, sessionId)
    expect(records.find((e) => e.type === 'checkpoint')).toMatchObject({
      moment: 'turn_start',
      failure: expect.stringContaining('git'),
    })
    expect(readFileSync(join(rig.workspace, 'a.txt'), 'utf8')).toBe('alpha\r\nline 2\n')
    expect(await runtime.listCheckpoints({ sessionId })).toEqual({ ok: true, checkpoints: [] })
    rmSync(join(rig.workspace, 'a.txt'))
  }, 60_000)
})

describe('rewinding a session of an ACP agent that writes on disk itself', () => {
  const script: FakeAgentScript = {
    turns: [
      { when: 'one', steps: [{ disk: { write: 'a.txt', content: 'alpha' } }, { say: 'wrote' }] },
      {
        when: 'two',
        steps: [
          { disk: { write: 'a.txt', content: 'beta' } },
          { disk: { remove: 'b.txt' } },
          { disk: { write: 'c.txt', content: 'sea' } },
          { say: 'done' },
        ],
      },
    ],
  }

  it('restores its files to before a turn, and says its conversation cannot be rewound', async () => {
    const rig = makeRig({ turns: [{ steps: [{ say: 'unused' }] }] })
    withRepository(rig)
    writeFileSync(join(rig.workspace, 'b.txt'), B_BYTES)
    const repoBefore = repositoryState(rig.workspace)
    const scriptPath = join(rig.dir, 'agent.json')
    writeFileSync(scriptPath, JSON.stringify(script))
    runtime = await startRuntime(rig, {
      acp: `${process.execPath} --no-warnings ${FAKE_AGENT_PATH} ${scriptPath}`,
    })
    const sessionId = await newSession(runtime)
    await turn(runtime, sessionId, 'one')
    const second = await turn(runtime, sessionId, 'two')
    const ws = rig.workspace
    expect(readFileSync(join(ws, 'a.txt'), 'utf8')).toBe('beta')
    expect(existsSync(join(ws, 'b.txt'))).toBe(false)

    const preview = await runtime.previewCheckpoint({ sessionId, turnId: second })
    expect(preview).toMatchObject({
      ok: true,
      conversation: { ok: false, message: expect.stringContaining('only files can be rewound') },
    })
    expect(
      await runtime.restoreCheckpoint({ sessionId, turnId: second, restore: 'conversation' }),
    ).toMatchObject({ ok: false, reason: 'unsupported' })
    expect(
      await runtime.restoreCheckpoint({ sessionId, turnId: second, restore: 'both' }),
    ).toMatchObject({ ok: false, reason: 'unsupported' })
    expect(readFileSync(join(ws, 'a.txt'), 'utf8')).toBe('beta')

    const restored = await runtime.restoreCheckpoint({
      sessionId,
      turnId: second,
      restore: 'files',
    })
    expect(restored).toMatchObject({ ok: true, sessionId })
    expect(readFileSync(join(ws, 'a.txt'), 'utf8')).toBe('alpha')
    expect(readFileSync(join(ws, 'b.txt'))).toEqual(B_BYTES)
    expect(existsSync(join(ws, 'c.txt'))).toBe(false)
    expect(repositoryState(ws)).toEqual({
      ...repoBefore,
      status: git(ws, 'status', '--porcelain', '--untracked-files=all'),
    })
    const log = readFileSync(join(rig.dataDir, 'sessions', `${sessionId}.jsonl`))
    const parsed = parseSessionLog(log)
    expect(parsed.notices).toEqual([])
    expect(parsed.events).toHaveLength(log.toString().trim().split('\n').length)
  }, 60_000)
})
