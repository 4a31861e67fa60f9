import { describe, expect, it } from 'vitest'
import type { SessionEvent } from '../../../shared/session-events'
import { SessionTextIndex, snippetAround } from './session-text-index'

const said = (text: string): SessionEvent => ({ type: 'user_message', at: 1, turnId: 't1', text })
const answered = (text: string): SessionEvent => ({
  type: 'assistant_text',
  at: 2,
  turnId: 't1',
  step: 0,
  text,
})

describe('searching sessions by what they said', () => {
  it('finds the sessions whose messages or replies contain the text, any case, with the words around it', () => {
    const logs: Record<string, SessionEvent[]> = {
      a: [said('set up the database'), answered('I chose Postgres for you.')],
      b: [said('write a poem')],
    }
    const index = new SessionTextIndex((id) => logs[id] ?? null)
    expect(index.search(['a', 'b'], 'POSTGRES', 10)).toEqual([
      { sessionId: 'a', snippet: 'I chose Postgres for you.' },
    ])
    expect(index.search(['a', 'b'], 'nothing like it', 10)).toEqual([])
  })

  it('reads each log once and then keeps up with what is recorded', () => {
    let reads = 0
    const index = new SessionTextIndex(() => {
      reads++
      return [said('hello')]
    })
    expect(index.search(['a'], 'pelican', 10)).toEqual([])
    index.recorded('a', answered('a pelican flew by'))
    expect(index.search(['a'], 'pelican', 10)).toEqual([
      { sessionId: 'a', snippet: 'a pelican flew by' },
    ])
    expect(reads).toBe(1)
  })

  it('cuts a long message around the match', () => {
    const text = `${'x'.repeat(100)} needle ${'y'.repeat(100)}`
    expect(snippetAround(text, text.indexOf('needle'), 6)).toMatch(/^…x+ needle y+…$/)
    expect(snippetAround(text, text.indexOf('needle'), 6).length).toBeLessThan(100)
  })
})
