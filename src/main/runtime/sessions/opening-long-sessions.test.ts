import fc from 'fast-check'
import { afterEach, describe, expect, it } from 'vitest'
import type { SessionEvent } from '../../../shared/session-events'
import { pageOfEvents } from '../../../shared/event-pages'
import { syntheticLog } from './testing/synthetic-log'
import {
  isTurnEnd,
  makeRig,
  newSession,
  startRuntime,
  waitForEvent,
  type TestRuntime,
} from '../testing/runtime-test-kit'

/** A log of turns, each with steps of parallel calls whose results come in any order. */
const turnsLog = fc
  .array(fc.array(fc.array(fc.nat(), { maxLength: 4 }), { maxLength: 3 }), { maxLength: 12 })
  .map((turns) => {
    const events: SessionEvent[] = syntheticLog(0)
    turns.forEach((steps, t) => {
      const turnId = `t${t}`
      events.push({ type: 'user_message', at: t, turnId, text: 'go' })
      steps.forEach((callOrder, step) => {
        events.push({ type: 'assistant_text', at: t, turnId, step, text: 'x' })
        // Call ids restart every turn, as some providers number them.
        const ids = callOrder.map((_, i) => `call_${step}_${i}`)
        for (const id of ids)
          events.push({
            type: 'tool_call',
            at: t,
            turnId,
            step,
            toolCallId: id,
            tool: 'x',
            input: null,
          })
        const order = [...ids].sort(
          (a, b) => (callOrder[ids.indexOf(a)] ?? 0) - (callOrder[ids.indexOf(b)] ?? 0),
        )
        for (const id of order) {
          events.push({
            type: 'permission_decision',
            at: t,
            turnId,
            requestId: null,
            toolCallId: id,
            decision: 'allow',
            reason: 'remembered',
            remember: false,
          })
          events.push({
            type: 'tool_result',
            at: t,
            turnId,
            toolCallId: id,
            tool: 'x',
            output: 1,
            isError: false,
          })
        }
      })
      events.push({ type: 'turn_end', at: t, turnId, reason: 'completed' })
    })
    return events
  })

/** True when no record of the page refers to a call made before the page. */
function isClean(all: readonly SessionEvent[], start: number): boolean {
  const made = new Set<string>()
  for (const event of all.slice(start)) {
    if (!('toolCallId' in event)) continue
    const key = `${event.turnId}/${event.toolCallId}`
    if (event.type === 'tool_call') made.add(key)
    else if (!made.has(key)) return false
  }
  return true
}

describe('pages of a session log', () => {
  it('without a limit, is everything', () => {
    const all = syntheticLog(3)
    expect(pageOfEvents(all, {})).toEqual({ events: all, start: 0 })
  })

  it('pages, fetched newest first, put together are the whole log, each cut clean and big enough', () => {
    fc.assert(
      fc.property(turnsLog, fc.integer({ min: 1, max: 9 }), (all, limit) => {
        const pages: SessionEvent[][] = []
        let before = all.length
        for (let guard = 0; guard <= all.length + 1; guard++) {
          const page = pageOfEvents(all, { before, limit })
          expect(isClean(all, page.start)).toBe(true)
          expect(page.events.length).toBeGreaterThanOrEqual(Math.min(limit, before))
          pages.unshift(page.events)
          before = page.start
          if (before === 0) break
        }
        expect(before).toBe(0)
        expect(pages.flat()).toEqual(all)
      }),
      { numRuns: 300 },
    )
  })
})

describe('opening a long session', () => {
  const open: TestRuntime[] = []
  afterEach(async () => {
    await Promise.all(open.splice(0).map((r) => r.close()))
  })

  it('sends the newest records and the total first, and older ones on request', async () => {
    const rig = makeRig({ turns: [{ steps: [{ say: 'Reply.' }] }] })
    const runtime = await startRuntime(rig)
    open.push(runtime)
    const sessionId = await newSession(runtime)
    for (let i = 0; i < 12; i++) {
      const sent = await runtime.send({ sessionId, text: `message ${i}` })
      if (!sent.ok) throw new Error(sent.reason)
      await waitForEvent(
        runtime,
        (e) => isTurnEnd(e) && 'turnId' in e.event && e.event.turnId === sent.turnId,
      )
    }
    const everything = await runtime.openSession({ sessionId })
    if (!everything.ok) throw new Error('not found')
    expect(everything.start).toBe(0)
    expect(everything.events).toHaveLength(everything.total)

    const tail = await runtime.openSession({ sessionId, limit: 5 })
    if (!tail.ok) throw new Error('not found')
    expect(tail.total).toBe(everything.total)
    expect(tail.start).toBe(everything.total - tail.events.length)
    expect(tail.events).toEqual(everything.events.slice(tail.start))
    expect(tail.events.at(-1)).toMatchObject({ type: 'turn_end' })

    const older = await runtime.loadOlderEvents({ sessionId, before: tail.start, limit: 5 })
    if (!older.ok) throw new Error('not found')
    expect(older.events).toEqual(everything.events.slice(older.start, tail.start))
    expect(await runtime.loadOlderEvents({ sessionId: 'nope', before: 0, limit: 1 })).toEqual({
      ok: false,
      reason: 'not_found',
    })
  })
})
