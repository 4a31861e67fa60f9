import { afterEach, describe, expect, it } from 'vitest'
import {
  isTurnEnd,
  makeRig,
  newSession,
  startRuntime,
  waitForEvent,
  type TestRuntime,
} from './testing/runtime-test-kit'

const open: TestRuntime[] = []
afterEach(async () => {
  await Promise.all(open.splice(0).map((r) => r.close()))
})

describe('searching sessions by content', () => {
  it('finds what was said and answered, newest session first, and again after a restart', async () => {
    const rig = makeRig({
      turns: [
        { when: 'database', steps: [{ say: 'I would pick Postgres here.' }] },
        { steps: [{ say: 'Rain on the window.' }] },
      ],
    })
    const first = await startRuntime(rig)
    const db = await newSession(first)
    await first.send({ sessionId: db, text: 'which database?' })
    await waitForEvent(first, isTurnEnd)
    first.events.length = 0
    const poem = await newSession(first)
    await first.send({ sessionId: poem, text: 'a poem about postgres rain' })
    await waitForEvent(first, isTurnEnd)
    expect(await first.searchSessions({ query: 'POSTGRES' })).toEqual({
      ok: true,
      matches: [
        { sessionId: poem, snippet: 'a poem about postgres rain' },
        { sessionId: db, snippet: 'I would pick Postgres here.' },
      ],
    })
    await first.close()

    const second = await startRuntime(rig)
    open.push(second)
    expect(await second.searchSessions({ query: 'pick postgres' })).toEqual({
      ok: true,
      matches: [{ sessionId: db, snippet: 'I would pick Postgres here.' }],
    })
    await second.removeSession({ sessionId: db })
    expect((await second.searchSessions({ query: 'pick postgres' })).matches).toEqual([])
  })
})
