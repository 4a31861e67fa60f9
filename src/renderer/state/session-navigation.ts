import type { SessionSummary } from '../../shared'
import {
  activeSession,
  composerDraftChanged,
  draftKey,
  olderEventsLoaded,
  queueOf,
  selectSession,
  sessionChanged,
  sessionOpened,
  type AppState,
} from './app-state'
import { effectiveAgentChoice } from './agent-choice'
import type { ActiveSessionMemory } from './chat-actions'
import { projectsListed } from './project-state'
import type { StoreKit } from './store-kit'

/** Records per page scrolled in above. */
const OLDER_PAGE = 400

/** How the store moves between sessions: what several of its actions share. */
export type SessionNavigation = {
  /** Shows a session (remembered for a reload) and opens its transcript; null shows none. */
  show(sessionId: string | null): Promise<void>
  /** Pages in older rows of a session opened from its tail; one request per page at a time. */
  loadOlder(sessionId: string): Promise<void>
  /** The shown session when nothing was sent in it, nothing runs and nothing waits. */
  shownIfEmpty(): SessionSummary | undefined
  /** The agent new sessions get: what the person chose (while offered), else the launch's default. */
  chosenAgent(): string
  /** What `createSession` is told about the agent: nothing until the person chose one. */
  agentAsked(): { agent?: string }
  /**
   * The empty session shown before is replaced by `id`: what was typed in it moves along, and it
   * is removed, so no empty session is left behind.
   */
  replaceEmpty(empty: SessionSummary | undefined, id: string): Promise<void>
  /** Reads the recent projects again. */
  refreshProjects(): Promise<void>
}

/**
 * A session was created: it is listed, and what was typed while no session existed (the composer
 * belongs to the session being created) moves to it.
 */
export function sessionCreated(state: AppState, session: SessionSummary): AppState {
  const typed = state.composerDrafts[draftKey(null)] ?? ''
  const next = sessionChanged(state, session.id, session)
  return typed === ''
    ? next
    : composerDraftChanged(composerDraftChanged(next, draftKey(null), ''), session.id, typed)
}

export function createSessionNavigation(
  { bridge, state, update, fail, flush }: StoreKit,
  { memory, tailRecords }: { memory: ActiveSessionMemory; tailRecords: number },
): SessionNavigation {
  const openSession = async (sessionId: string) => {
    const result = await bridge.openSession({ sessionId, limit: tailRecords })
    // Whatever arrived before the answer is older than it: apply that first.
    flush()
    if (!result.ok) {
      update((s) => sessionChanged(s, sessionId, null))
      return
    }
    update((s) => sessionOpened(s, result))
  }

  const loadingOlder = new Map<string, Promise<void>>()
  const chosenAgent = () => {
    const { agentChoice, settings } = state.getState()
    return effectiveAgentChoice(agentChoice, settings)
  }

  return {
    async show(sessionId) {
      memory.write(sessionId)
      update((s) => selectSession(s, sessionId))
      if (sessionId) await openSession(sessionId)
    },

    loadOlder(sessionId) {
      const before = state.getState().transcripts[sessionId]?.start ?? 0
      if (before === 0) return Promise.resolve()
      const key = `${sessionId}:${before}`
      const running = loadingOlder.get(key)
      if (running) return running
      const loading = (async () => {
        try {
          const page = await bridge.loadOlderEvents({ sessionId, before, limit: OLDER_PAGE })
          if (page.ok) update((s) => olderEventsLoaded(s, sessionId, { ...page, before }))
        } catch (error) {
          fail(error)
        } finally {
          loadingOlder.delete(key)
        }
      })()
      loadingOlder.set(key, loading)
      return loading
    },

    shownIfEmpty() {
      const current = state.getState()
      const shown = activeSession(current)
      const transcript = shown ? current.transcripts[shown.id] : undefined
      const empty =
        shown &&
        transcript &&
        transcript.items.length === 0 &&
        !shown.running &&
        queueOf(current, shown.id).length === 0
      return empty ? shown : undefined
    },

    chosenAgent,

    agentAsked() {
      // Untouched, the runtime's own default applies (the `--acp` agent, else Parley's).
      return state.getState().agentChoice === null ? {} : { agent: chosenAgent() }
    },

    async replaceEmpty(empty, id) {
      if (!empty || empty.id === id) return
      const typed = state.getState().composerDrafts[empty.id] ?? ''
      if (typed !== '') update((s) => composerDraftChanged(s, id, typed))
      try {
        await bridge.removeSession({ sessionId: empty.id })
      } catch {
        // Never saved (nothing was sent), so nothing is left on disk either way.
      }
      update((s) => sessionChanged(s, empty.id, null))
    },

    async refreshProjects() {
      try {
        const listed = await bridge.listProjects({})
        update((s) => projectsListed(s, listed.projects))
      } catch {
        // The list is a convenience: the sessions themselves are already shown.
      }
    },
  }
}
