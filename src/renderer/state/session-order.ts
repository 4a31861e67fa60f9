import type { SessionSummary } from '../../shared'
import { needsInput, queueOf, type AppState } from './app-state'

/** What the sidebar's ordering reads of the state. */
export type SidebarState = Pick<AppState, 'sessions' | 'queues' | 'queuesLoaded'>

/** What a session waits for, for its row in the sidebar. */
export type SessionWait = { what: string; count: number } | null

/** The kind of the first request a session waits on, and how many wait, or null. */
export function sessionWait(state: SidebarState, session: SessionSummary): SessionWait {
  if (!needsInput(state, session)) return null
  const queue = queueOf(state, session.id)
  const head = queue[0]
  const count = queue.length || session.pendingCount
  if (!head) return { what: 'Waiting', count }
  switch (head.kind) {
    case 'permission':
    case 'agent_permission':
      return { what: 'Permission', count }
    case 'question':
      return { what: 'Question', count }
    case 'form':
      return { what: 'Form', count }
  }
}

/**
 * The sidebar's list, newest first as the sessions come (a session that starts waiting keeps its
 * place: the one being worked in is never pushed down), narrowed to titles or workspaces
 * containing the search text, or sessions whose messages do.
 */
export function sidebarSessions(
  state: SidebarState,
  query: string,
  /** Sessions whose messages matched the query (the runtime's search over content). */
  contentMatches: ReadonlyMap<string, string> = new Map(),
): readonly SessionSummary[] {
  const needle = query.trim().toLowerCase()
  if (needle === '') return state.sessions
  return state.sessions.filter(
    (s) =>
      s.title.toLowerCase().includes(needle) ||
      s.workspace.toLowerCase().includes(needle) ||
      contentMatches.has(s.id),
  )
}
