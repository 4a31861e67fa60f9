import { appendFileSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { SessionEvent } from '../../../shared/session-events'
import {
  isAdded,
  isTurnEnd,
  makeRig,
  newSession,
  readLogRecords,
  startRuntime,
  waitForEvent,
  TWO_QUESTIONS,
  type TestRig,
  type TestRuntime,
} from '../testing/runtime-test-kit'
import { SessionIndex, entryFromLog, summaryFromEntry } from './session-index'

const scenario = {
  turns: [
    {
      when: 'ask',
      steps: [{ say: 'Asking.', call: [{ tool: 'AskUserQuestion', input: TWO_QUESTIONS }] }],
    },
    { steps: [{ say: 'hello there' }] },
  ],
}
const running: TestRuntime[] = []
afterEach(async () => {
  await Promise.all(running.splice(0).map((r) => r.close()))
})

async function start(rig: TestRig): Promise<TestRuntime> {
  const runtime = await startRuntime(rig)
  running.push(runtime)
  return runtime
}

async function stop(runtime: TestRuntime): Promise<void> {
  running.splice(running.indexOf(runtime), 1)
  await runtime.close()
}

const logPath = (rig: TestRig, id: string) => join(rig.dataDir, 'sessions', `${id}.jsonl`)
const indexPath = (rig: TestRig) => join(rig.dataDir, 'session-index.json')
const line = (event: SessionEvent) => `${JSON.stringify(event)}\n`

/** Three sessions with a finished turn each, and the list the runtime gave for them. */
async function threeSessions(rig: TestRig) {
  const runtime = await start(rig)
  const ids: string[] = []
  for (const text of ['first', 'second', 'third']) {
    const id = await newSession(runtime)
    await runtime.send({ sessionId: id, text })
    await waitForEvent(runtime, (e) => isTurnEnd(e) && e.sessionId === id)
    ids.push(id)
  }
  const listed = await runtime.listSessions({})
  await stop(runtime)
  return { ids, listed }
}

describe('the session index', () => {
  it('lists every session at the next start from the index alone, reading no log', async () => {
    const rig = makeRig(scenario)
    const { listed } = await threeSessions(rig)
    const { index, reconciled } = SessionIndex.load(rig.dataDir)
    expect([...reconciled.values()]).toEqual(['trusted', 'trusted', 'trusted'])
    expect([...index.entries()].map((e) => e.title).sort()).toEqual(['first', 'second', 'third'])

    const again = await start(rig)
    expect(await again.listSessions({})).toEqual(listed)
  })

  it('is rebuilt from the logs when it is missing or unreadable, with the same list', async () => {
    const rig = makeRig(scenario)
    const { listed } = await threeSessions(rig)

    rmSync(indexPath(rig))
    const rebuilt = SessionIndex.load(rig.dataDir)
    expect([...rebuilt.reconciled.values()]).toEqual(['rebuilt', 'rebuilt', 'rebuilt'])
    expect(await (await start(rig)).listSessions({})).toEqual(listed)
    await stop(running[0] as TestRuntime)

    writeFileSync(indexPath(rig), '{"v":1,"sessions":[{"id":')
    expect(await (await start(rig)).listSessions({})).toEqual(listed)
    // …and written again, so the start after that trusts it.
    expect([...SessionIndex.load(rig.dataDir).reconciled.values()]).toEqual([
      'trusted',
      'trusted',
      'trusted',
    ])
  })

  it('catches up from the log when the process died between an append and the index write', async () => {
    const rig = makeRig(scenario)
    const { ids } = await threeSessions(rig)
    const id = ids[1] as string
    const sizeBefore = readFileSync(logPath(rig, id)).length
    // What a crash right after these appends leaves: the log has them, the index does not.
    appendFileSync(
      logPath(rig, id),
      line({ type: 'session_update', at: 9_000, title: 'Renamed before the crash' }) +
        line({ type: 'user_message', at: 9_001, turnId: 't-open', text: 'unanswered' }),
    )
    const { index, reconciled } = SessionIndex.load(rig.dataDir)
    expect(reconciled.get(`${id}.jsonl`)).toBe('caught_up')
    expect(index.get(id)).toMatchObject({
      title: 'Renamed before the crash',
      openTurnId: 't-open',
      updatedAt: 9_001,
    })
    expect(index.get(id)?.bytes).toBeGreaterThan(sizeBefore)

    // The open turn the index now knows of is recovered at start-up, from the log.
    const again = await start(rig)
    const listed = await again.listSessions({})
    expect(listed.find((s) => s.id === id)?.title).toBe('Renamed before the crash')
    expect(readLogRecords(rig, id).at(-1)).toMatchObject({
      type: 'turn_end',
      turnId: 't-open',
      reason: 'interrupted',
    })
  })

  it('rebuilds an entry whose log shrank or was rewritten, instead of trusting it', async () => {
    const rig = makeRig(scenario)
    const { ids } = await threeSessions(rig)
    const id = ids[0] as string
    const records = readLogRecords(rig, id)
    // Cut back to the header and the user message: the turn is open again.
    truncateSync(logPath(rig, id), line(records[0] as SessionEvent).length)
    appendFileSync(
      logPath(rig, id),
      line(records.find((r) => r.type === 'user_message') as SessionEvent),
    )
    const { index, reconciled } = SessionIndex.load(rig.dataDir)
    expect(reconciled.get(`${id}.jsonl`)).toBe('rebuilt')
    expect(index.get(id)?.openTurnId).not.toBeNull()
  })

  it('never counts a torn last record, so what is appended after the repair is caught up', async () => {
    const rig = makeRig(scenario)
    const { ids } = await threeSessions(rig)
    const id = ids[2] as string
    appendFileSync(logPath(rig, id), '{"type":"user_message","torn-by-a-crash')
    const { index } = SessionIndex.load(rig.dataDir)
    expect(index.get(id)?.bytes).toBe(readFileSync(logPath(rig, id), 'utf8').lastIndexOf('\n') + 1)
    const indexBeforeCrash = readFileSync(indexPath(rig), 'utf8')

    const runtime = await start(rig)
    await runtime.renameSession({ sessionId: id, title: 'after the repair' })
    await stop(runtime)
    expect(readFileSync(logPath(rig, id), 'utf8')).not.toContain('torn-by-a-crash')
    // As if the process died after the append, before the index was written.
    writeFileSync(indexPath(rig), indexBeforeCrash)

    const reloaded = SessionIndex.load(rig.dataDir)
    expect(reloaded.reconciled.get(`${id}.jsonl`)).toBe('caught_up')
    expect(reloaded.index.get(id)?.title).toBe('after the repair')
  })

  it('knows a session with a question left open at a crash, and re-presents it at start-up', async () => {
    const rig = makeRig(scenario)
    const first = await start(rig)
    const id = await newSession(first)
    await first.send({ sessionId: id, text: 'ask me' })
    await waitForEvent(first, isAdded)
    // No close(): like a crash, the index is whatever was last written.
    const { index } = SessionIndex.load(rig.dataDir)
    expect(index.get(id)?.openTurnId).not.toBeNull()
    await stop(first)

    const second = await start(rig)
    expect((await second.listSessions({})).find((s) => s.id === id)?.pendingCount).toBe(1)
    expect(await second.listPending({ sessionId: id })).toEqual([
      expect.objectContaining({ kind: 'question', recovered: true }),
    ])
  })
})

describe('an agent session in the list', () => {
  it('is shown under the name the agent gave itself once it started, not the name from its command line', () => {
    const events: SessionEvent[] = [
      {
        type: 'session',
        v: 1,
        id: 's-1',
        createdAt: 1,
        title: 'Hello',
        workspace: '/ws',
        backend: 'acp:command-line',
        mode: 'ask',
        agent: { id: 'command-line', name: 'index', command: 'node', args: ['index.js'] },
      },
      {
        type: 'agent_session',
        at: 2,
        agent: { id: 'command-line', name: 'index', command: 'node', args: ['index.js'] },
        agentName: 'Claude Code',
        agentSessionId: 'a-1',
        opened: 'new',
      },
    ]
    const entry = entryFromLog('s-1.jsonl', events, { bytes: 0, mtimeMs: 0 })
    expect(summaryFromEntry(entry, { running: false, pendingCount: 0 }).agent).toEqual({
      id: 'command-line',
      name: 'Claude Code',
    })
  })
})

describe('how the newest turn ended', () => {
  const header: SessionEvent = {
    type: 'session',
    v: 1,
    id: 's-1',
    createdAt: 1,
    title: 'Hello',
    workspace: '/ws',
    backend: 'scenario',
    mode: 'ask',
  }
  const turn = (turnId: string, at: number): SessionEvent => ({
    type: 'user_message',
    at,
    turnId,
    text: 'go',
  })
  const failed = (turnId: string, at: number): SessionEvent => ({
    type: 'turn_end',
    at,
    turnId,
    reason: 'error',
    error: 'The model server refused the key.',
  })
  const summaryOf = (events: SessionEvent[]) =>
    summaryFromEntry(entryFromLog('s-1.jsonl', events, { bytes: 0, mtimeMs: 0 }), {
      running: false,
      pendingCount: 0,
    })

  it('is listed as failed when its newest turn ended in an error, and no longer once a new turn starts', () => {
    expect(summaryOf([header, turn('t1', 2), failed('t1', 3)]).lastTurnFailed).toBe(true)
    expect(summaryOf([header, turn('t1', 2), failed('t1', 3), turn('t2', 4)])).not.toHaveProperty(
      'lastTurnFailed',
    )
    expect(
      summaryOf([
        header,
        turn('t1', 2),
        failed('t1', 3),
        { type: 'turn_end', at: 5, turnId: 't1', reason: 'completed' },
      ]),
    ).not.toHaveProperty('lastTurnFailed')
  })
})

describe('a session whose log is damaged', () => {
  it('is listed as damaged, opens to say what is wrong, refuses messages and can be removed', async () => {
    const rig = makeRig(scenario)
    const { ids } = await threeSessions(rig)
    const id = ids[0] as string
    const text = readFileSync(logPath(rig, id), 'utf8')
    writeFileSync(logPath(rig, id), `{"type":"sess${text.slice(text.indexOf('\n'))}`)

    const runtime = await start(rig)
    const listed = await runtime.listSessions({})
    expect(listed).toHaveLength(3)
    expect(listed.find((s) => s.id === id)?.damaged).toMatch(/header/)

    const opened = await runtime.openSession({ sessionId: id })
    if (!opened.ok) throw new Error('not found')
    expect(opened.session.damaged).toMatch(/header/)
    expect(opened.notices.map((n) => n.message)).toEqual([
      expect.stringMatching(/no readable session header/),
      'skipped a malformed record at byte 0',
    ])
    // What could be read is shown.
    expect(opened.events.some((e) => e.type === 'user_message' && e.text === 'first')).toBe(true)

    expect(await runtime.send({ sessionId: id, text: 'hello?' })).toMatchObject({
      ok: false,
      reason: 'damaged',
    })
    expect(await runtime.removeSession({ sessionId: id })).toEqual({ ok: true })
    expect((await runtime.listSessions({})).map((s) => s.id)).not.toContain(id)
  })
})
