import type { Project, SessionSummary } from '../../shared'
import type { AppState } from './app-state'

/** The recent projects as the runtime last listed them. */
export function projectsListed(state: AppState, projects: readonly Project[]): AppState {
  const same =
    state.projects.length === projects.length &&
    state.projects.every(
      (p, i) =>
        p.path === projects[i]?.path &&
        p.openedAt === projects[i]?.openedAt &&
        p.exists === projects[i]?.exists,
    )
  return same ? state : { ...state, projects }
}

/** Whether the page asks the person for a folder (its Open folder dialog is shown). */
export function folderAskChanged(state: AppState, asking: boolean): AppState {
  return state.askingFolder === asking ? state : { ...state, askingFolder: asking }
}

/** One project in the sidebar: its folder and its sessions, in the list's order. */
export type ProjectGroup = {
  workspace: string
  /** The folder's own name ("parley" for /home/me/src/parley). */
  name: string
  sessions: SessionSummary[]
}

/** The last part of a path, for a project's name ("/" stays "/"). */
export function folderName(path: string): string {
  const parts = path.split(/[\\/]/).filter((p) => p !== '')
  // A session whose header is damaged has no workspace: its group still needs a name.
  return parts.at(-1) ?? (path || 'Unknown folder')
}

/**
 * Sessions grouped by their workspace, keeping the list's order inside each group (waiting first,
 * then newest first); a group comes where its first session comes. Recent projects without a
 * session in the list come after them, empty, so they can be opened again.
 */
export function projectGroups(
  sessions: readonly SessionSummary[],
  projects: readonly Project[] = [],
): ProjectGroup[] {
  const groups = new Map<string, ProjectGroup>()
  for (const session of sessions) {
    const group = groups.get(session.workspace)
    if (group) group.sessions.push(session)
    else
      groups.set(session.workspace, {
        workspace: session.workspace,
        name: folderName(session.workspace),
        sessions: [session],
      })
  }
  for (const project of projects)
    if (!groups.has(project.path))
      groups.set(project.path, {
        workspace: project.path,
        name: folderName(project.path),
        sessions: [],
      })
  return [...groups.values()]
}
