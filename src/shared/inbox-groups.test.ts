import { describe, expect, it } from 'vitest'
import type { InboxItem } from './inbox'
import { inboxGroups, inboxOrder, stepThrough, successor } from './inbox-groups'

const item = (sessionId: string, requestId: string, waitingSince: number): InboxItem => ({
  sessionId,
  sessionTitle: `Session ${sessionId}`,
  asker: 'The agent',
  waitingSince,
  interaction: {
    kind: 'question',
    sessionId,
    requestId,
    turnId: 't1',
    toolCallId: `call-${requestId}`,
    source: { kind: 'parley', toolCallId: `call-${requestId}` },
    createdAt: waitingSince,
    recovered: false,
    draft: null,
    questions: [{ question: 'Which?', options: [{ label: 'A' }, { label: 'B' }] }],
  },
})

describe('the inbox grouped by session', () => {
  it('puts each session’s requests together, the longest-waiting session first', () => {
    const groups = inboxGroups([item('db', 'q1', 1), item('ci', 'a1', 2), item('db', 'p1', 3)])
    expect(
      groups.map((g) => [g.sessionTitle, g.items.map((i) => i.interaction.requestId)]),
    ).toEqual([
      ['Session db', ['q1', 'p1']],
      ['Session ci', ['a1']],
    ])
    expect(inboxOrder(groups)).toEqual(['q1', 'p1', 'a1'])
  })

  it('j and k walk the order and stop at its ends; from nothing, j starts at the top', () => {
    const order = ['q1', 'p1', 'a1']
    expect(stepThrough(order, null, 1)).toBe('q1')
    expect(stepThrough(order, null, -1)).toBe('a1')
    expect(stepThrough(order, 'q1', 1)).toBe('p1')
    expect(stepThrough(order, 'a1', 1)).toBe('a1')
    expect(stepThrough(order, 'q1', -1)).toBe('q1')
    expect(stepThrough([], null, 1)).toBeNull()
  })

  it('an answered request gives its place to the next one, else the one before it', () => {
    expect(successor(['q1', 'p1', 'a1'], ['q1', 'a1'], 'p1')).toBe('a1')
    expect(successor(['q1', 'p1', 'a1'], ['q1', 'p1'], 'a1')).toBe('p1')
    expect(successor(['q1'], [], 'q1')).toBeNull()
    expect(successor(['q1'], ['q2'], 'zz')).toBeNull()
  })
})
