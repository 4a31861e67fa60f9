import { appendFileSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { parseSessionLog } from './session-log'
import {
  isTurnEnd,
  makeRig,
  newSession,
  readLogRecords,
  startRuntime,
  waitForEvent,
  type TestRuntime,
} from '../testing/runtime-test-kit'

const scenario = { turns: [{ steps: [{ say: 'hello there' }] }] }
const open: TestRuntime[] = []
afterEach(async () => {
  await Promise.all(open.splice(0).map((r) => r.close()))
})

describe('the session log', () => {
  it('skips a malformed line with a notice naming its offset and keeps everything after it', () => {
    const good = (n: number) =>
      JSON.stringify({ type: 'user_message', at: n, turnId: 't1', text: `m${n}` })
    const header = JSON.stringify({
      type: 'session',
      v: 1,
      id: 's1',
      createdAt: 1,
      title: 't',
      workspace: '/w',
      backend: 'b',
      mode: 'ask',
    })
    const text = `${header}\n${good(1)}\n{not json\n${good(2)}\n`
    const result = parseSessionLog(Buffer.from(text))
    expect(result.events.map((e) => e.type)).toEqual(['session', 'user_message', 'user_message'])
    const badOffset = text.indexOf('{not json')
    expect(result.notices).toEqual([
      { offset: badOffset, message: `skipped a malformed record at byte ${badOffset}` },
    ])
  })

  it('names the byte offset, not the character offset, of a bad line after multi-byte text', () => {
    const line = (text: string) =>
      JSON.stringify({ type: 'user_message', at: 1, turnId: 't1', text })
    const text = `${line('héllo ✓ 👋 مرحبا')}\nnot a record\n${line('after')}\n{"torn`
    const result = parseSessionLog(Buffer.from(text))
    const bytes = Buffer.from(text)
    const bad = bytes.indexOf('not a record')
    const torn = bytes.lastIndexOf('{"torn')
    expect(result.events).toHaveLength(2)
    expect(result.notices.map((n) => n.offset)).toEqual([bad, torn])
    expect(result.notices[0]?.message).toBe(`skipped a malformed record at byte ${bad}`)
    expect(result.committedBytes).toBe(torn)
  })

  it('replays everything committed from a corrupt and torn log, then repairs the tail before appending', async () => {
    const rig = makeRig(scenario)
    const first = await startRuntime(rig)
    const sessionId = await newSession(first)
    await first.send({ sessionId, text: 'one' })
    await waitForEvent(first, isTurnEnd)
    await first.close()
    const path = join(rig.dataDir, 'sessions', `${sessionId}.jsonl`)
    const committed = readLogRecords(rig, sessionId)
    // A garbage line in the middle, and a record torn by a crash at the end.
    const lines = readFileSync(path, 'utf8').split('\n')
    lines.splice(2, 0, '\u0000\u0000garbage')
    writeFileSync(path, lines.join('\n'))
    appendFileSync(path, '{"type":"user_message","at":5,"tu')

    const second = await startRuntime(rig)
    open.push(second)
    const opened = await second.openSession({ sessionId })
    if (!opened.ok) throw new Error('not found')
    expect(opened.events).toEqual(committed)
    expect(opened.notices.map((n) => n.message)).toEqual([
      expect.stringMatching(/^skipped a malformed record at byte \d+$/),
      expect.stringMatching(/^dropped an incomplete last record/),
    ])

    await second.send({ sessionId, text: 'two' })
    await waitForEvent(second, (e) => isTurnEnd(e) && e.sessionId === sessionId)
    const after = readFileSync(path, 'utf8')
    expect(after).not.toContain('"tu\n')
    const reread = parseSessionLog(Buffer.from(after))
    expect(
      reread.events
        .filter((e) => e.type === 'user_message')
        .map((e) => (e.type === 'user_message' ? e.text : '')),
    ).toEqual(['one', 'two'])
    expect(reread.notices).toHaveLength(1) // only the garbage line remains, never the torn tail
  })

  it('lists a session whose header line is damaged as damaged, reports it, and never crashes', async () => {
    const rig = makeRig(scenario)
    const first = await startRuntime(rig)
    await first.close()
    writeFileSync(join(rig.dataDir, 'sessions', 'broken.jsonl'), 'nonsense\n')
    const second = await startRuntime(rig)
    open.push(second)
    expect(await second.listSessions({})).toEqual([
      expect.objectContaining({ id: 'broken', damaged: expect.stringContaining('header') }),
    ])
    expect((second as unknown as { problems: string[] }).problems).toEqual([
      expect.stringContaining('broken.jsonl'),
    ])
  })
})
