import { describe, expect, it } from 'vitest'
import { fakeSession } from '../testing/fake-bridge'
import { permissionRequest, questionRequest } from '../testing/fixtures'
import { INITIAL_STATE, bridgeEventArrived, sessionsListed } from './app-state'
import { sessionWait, sidebarSessions } from './session-order'

const state = () => {
  let s = sessionsListed(INITIAL_STATE, [
    fakeSession('new', { title: 'Newest', updatedAt: 3, workspace: '/w/app' }),
    fakeSession('mid', { title: 'Middle', updatedAt: 2, workspace: '/w/api' }),
    fakeSession('old', { title: 'Oldest', updatedAt: 1, workspace: '/w/api' }),
  ])
  for (const interaction of [
    questionRequest({ sessionId: 'old' }),
    permissionRequest({ sessionId: 'old', requestId: 'p2' }),
  ]) {
    s = bridgeEventArrived(s, { type: 'interaction_added', sessionId: 'old', interaction })
  }
  return s
}

describe('the sidebar order', () => {
  it('keeps sessions newest first: one that waits for the person does not float to the top', () => {
    expect(sidebarSessions(state(), '').map((s) => s.id)).toEqual(['new', 'mid', 'old'])
  })

  it('narrows to titles or workspaces containing the search, ignoring case', () => {
    expect(sidebarSessions(state(), 'MIDD').map((s) => s.id)).toEqual(['mid'])
    expect(sidebarSessions(state(), 'w/api').map((s) => s.id)).toEqual(['mid', 'old'])
  })

  it('says what the first request is and how many wait', () => {
    const s = state()
    const old = s.sessions.find((x) => x.id === 'old')!
    const mid = s.sessions.find((x) => x.id === 'mid')!
    expect(sessionWait(s, old)).toEqual({ what: 'Question', count: 2 })
    expect(sessionWait(s, mid)).toBeNull()
  })
})
