import { describe, expect, it } from 'vitest'
import { fakeSession } from '../testing/fake-bridge'
import { INITIAL_STATE, composerDraftChanged, draftKey } from './app-state'
import { sessionCreated } from './session-navigation'

describe('a session just created', () => {
  it('is listed, and what was typed while no session existed moves to it', () => {
    const typed = composerDraftChanged(INITIAL_STATE, draftKey(null), 'fix the build')
    const next = sessionCreated(typed, fakeSession('s1'))
    expect(next.sessions.map((s) => s.id)).toEqual(['s1'])
    expect(next.composerDrafts['s1']).toBe('fix the build')
    expect(next.composerDrafts[draftKey(null)] ?? '').toBe('')
  })

  it('leaves the drafts alone when nothing was typed', () => {
    const next = sessionCreated(INITIAL_STATE, fakeSession('s1'))
    expect(next.sessions.map((s) => s.id)).toEqual(['s1'])
    expect(next.composerDrafts).toBe(INITIAL_STATE.composerDrafts)
  })
})
