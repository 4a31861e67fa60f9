import type { Project } from '../../shared'
import { folderName } from '../state/project-state'

/** The existing folders completing what is typed; a click goes into one. */
export function FolderMatches({
  id,
  suggestions,
  active,
  onInto,
}: {
  id: string
  suggestions: readonly string[]
  active: number
  onInto: (folder: string) => void
}) {
  return (
    <ul id={id} role="listbox" aria-label="Matching folders" className="folder-matches">
      {suggestions.map((folder, index) => (
        <li
          key={folder}
          id={`${id}-${index}`}
          role="option"
          aria-selected={index === active}
          className={`folder-match${index === active ? ' is-active' : ''}`}
          // The field keeps focus: typing goes on after a click.
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => onInto(folder)}
        >
          {folder}
        </li>
      ))}
    </ul>
  )
}

/** The recent projects that still exist, by folder name (the whole path as its title). */
export function RecentProjects({
  projects,
  onOpen,
}: {
  projects: readonly Project[]
  onOpen: (path: string) => void
}) {
  if (projects.length === 0) return null
  return (
    <div className="folder-recent">
      <h3 className="folder-recent-title">Recent</h3>
      <ul aria-label="Recent projects" className="folder-recent-list">
        {projects.map((project) => (
          <li key={project.path}>
            <button
              type="button"
              className="folder-recent-item"
              title={project.path}
              onClick={() => onOpen(project.path)}
            >
              <span className="folder-recent-name">{folderName(project.path)}</span>
              <span className="folder-recent-path">{project.path}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  )
}
