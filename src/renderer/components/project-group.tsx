import { useId } from 'react'
import type { ProjectGroup } from '../state/project-state'
import { useActions } from '../state/chat-context'
import { useShell } from '../shell/shell-context'
import { SessionRow } from './session-row'

/**
 * One project in the sidebar: a heading that folds its sessions away (named by the folder, its
 * full path as the tooltip), a button that starts a session there, and its sessions in the list's
 * order. A recent project without sessions says so.
 */
export function ProjectGroupView({
  group,
  collapsed,
  onToggle,
  tabStop,
}: {
  group: ProjectGroup
  collapsed: boolean
  onToggle: () => void
  /** The id of the one session row reachable with Tab. */
  tabStop: string | undefined
}) {
  const actions = useActions()
  const shell = useShell()
  const listId = useId()
  return (
    <section className="project-group" aria-label={`Project ${group.name}`}>
      <div className="project-head">
        <button
          type="button"
          className="project-toggle"
          aria-expanded={!collapsed}
          aria-controls={listId}
          title={group.workspace}
          data-group-toggle=""
          onClick={onToggle}
        >
          <span className="project-chevron" aria-hidden="true">
            {collapsed ? '▸' : '▾'}
          </span>
          <span className="project-name">{group.name}</span>
          {collapsed && group.sessions.length > 0 && (
            <span className="project-count">{group.sessions.length}</span>
          )}
        </button>
        <button
          type="button"
          className="icon-button project-new"
          aria-label={`Start a session in ${group.name}`}
          title={`Start a session in ${group.workspace}`}
          data-group-toggle=""
          onClick={() => {
            void actions.openProject(group.workspace).then(() => shell.focusComposer())
          }}
        >
          <span aria-hidden="true">+</span>
        </button>
      </div>
      {!collapsed && (
        <ul className="session-list" id={listId}>
          {group.sessions.map((session) => (
            <SessionRow key={session.id} session={session} tabStop={session.id === tabStop} />
          ))}
          {group.sessions.length === 0 && <li className="project-empty">No sessions yet</li>}
        </ul>
      )}
    </section>
  )
}
