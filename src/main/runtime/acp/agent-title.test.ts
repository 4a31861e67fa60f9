import { describe, expect, it } from 'vitest'
import type { SessionEvent } from '../../../shared/session-events'
import { agentTitle } from './agent-title'

const auto: SessionEvent[] = [
  { type: 'session_update', at: 1, title: 'fix the failing test' },
  { type: 'user_message', at: 2, turnId: 't-1', text: 'fix the failing test' },
]

describe('agentTitle', () => {
  it('takes the agent’s title over the one made from the first message, and a newer one of its own', () => {
    expect(agentTitle(auto, 'fix the failing test', '  Fix flaky\ntest ')).toBe('Fix flaky test')
    const retitled: SessionEvent[] = [
      ...auto,
      { type: 'session_update', at: 3, title: 'Fix flaky test', by: 'agent' },
    ]
    expect(agentTitle(retitled, 'Fix flaky test', 'Flaky test fixed')).toBe('Flaky test fixed')
  })

  it('leaves a title the person gave alone, before or after the first message', () => {
    const renamed: SessionEvent[] = [...auto, { type: 'session_update', at: 3, title: 'Mine' }]
    expect(agentTitle(renamed, 'Mine', 'Fix flaky test')).toBeUndefined()
    const early: SessionEvent[] = [{ type: 'session_update', at: 1, title: 'Mine' }]
    expect(agentTitle(early, 'Mine', 'Fix flaky test')).toBeUndefined()
  })

  it('changes nothing for an empty or unchanged title', () => {
    expect(agentTitle(auto, 'fix the failing test', '   ')).toBeUndefined()
    expect(agentTitle(auto, 'fix the failing test', 'fix the failing test')).toBeUndefined()
  })
})
