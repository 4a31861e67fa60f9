import { useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { useChat } from '../state/chat-context'
import { sidebarSessions } from '../state/session-order'
import { useShell } from '../shell/shell-context'
import { NewSessionButton } from './new-session-button'
import { ProjectGroupView } from './project-group'
import { projectGroups } from '../state/project-state'
import { ContentMatchesContext, useContentSearch } from './use-content-search'

const MOD = typeof navigator !== 'undefined' && /Mac/.test(navigator.platform) ? 'Meta' : 'Control'

/**
 * Sessions grouped by project (each group folds away; recent projects without sessions are listed
 * too), inside each newest first (a session that waits keeps its place and carries a dot); search;
 * new session and settings. "Waiting (N)" counts requests, as the window title and the inbox do. The list is one tab stop: arrow keys move between sessions (Right reaches a row's
 * Rename and Delete), Home and End jump to the ends.
 */
export function Sidebar() {
  const shell = useShell()
  const sessions = useChat((s) => s.sessions)
  const queues = useChat((s) => s.queues)
  const queuesLoaded = useChat((s) => s.queuesLoaded)
  const activeId = useChat((s) => s.activeSessionId)
  const inboxCount = useChat((s) => s.inbox.length)
  // "No sessions yet" only once the list was read: offline or refused, it would look like loss.
  const connected = useChat((s) => s.connection === 'open')
  const [query, setQuery] = useState('')
  const [rovingId, setRovingId] = useState<string | null>(null)
  const listRef = useRef<HTMLDivElement>(null)
  const projects = useChat((s) => s.projects)
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set())

  const contentMatches = useContentSearch(query)
  const shown = useMemo(
    () => sidebarSessions({ sessions, queues, queuesLoaded }, query, contentMatches),
    [sessions, queues, queuesLoaded, query, contentMatches],
  )
  const groups = useMemo(
    () => projectGroups(shown, query.trim() === '' ? projects : []),
    [shown, projects, query],
  )
  const toggle = (workspace: string) =>
    setCollapsed((was) => {
      const next = new Set(was)
      if (!next.delete(workspace)) next.add(workspace)
      return next
    })
  // The one row reachable with Tab: the last one moved to, else the open one, else the first.
  const visible = shown.filter((s) => !collapsed.has(s.workspace))
  const tabStop =
    visible.find((s) => s.id === rovingId)?.id ??
    visible.find((s) => s.id === activeId)?.id ??
    visible[0]?.id

  const onListKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = listRef.current
    if (!list || !(event.target instanceof HTMLElement)) return
    // A project's own buttons are ordinary Tab stops.
    if (event.target.dataset.groupToggle !== undefined) return
    const row = event.target.closest('li')
    const stops = Array.from(row?.querySelectorAll<HTMLElement>('[data-row-stop]') ?? [])
    const links = Array.from(list.querySelectorAll<HTMLElement>('[data-session-link]'))
    const link = row?.querySelector<HTMLElement>('[data-session-link]')
    const index = link ? links.indexOf(link) : -1
    const moveTo = (target: HTMLElement | undefined) => {
      if (!target) return
      event.preventDefault()
      setRovingId(target.dataset.sessionLink ?? null)
      target.focus()
    }
    switch (event.key) {
      case 'ArrowDown':
        moveTo(links[index + 1])
        break
      case 'ArrowUp':
        moveTo(links[index - 1])
        break
      case 'Home':
        moveTo(links[0])
        break
      case 'End':
        moveTo(links.at(-1))
        break
      case 'ArrowRight':
      case 'ArrowLeft': {
        const at = stops.indexOf(event.target)
        const next = stops[at + (event.key === 'ArrowRight' ? 1 : -1)]
        if (at !== -1 && next) {
          event.preventDefault()
          next.focus()
        }
        break
      }
    }
  }

  return (
    <nav className="sidebar" id="sidebar" aria-label="Sessions">
      <div className="sidebar-top">
        <span className="brand">Parley</span>
        <NewSessionButton />
      </div>
      <div className="sidebar-search">
        <input
          type="search"
          aria-label="Search sessions"
          placeholder="Search sessions"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      </div>
      <button
        type="button"
        className={`sidebar-inbox${shell.inboxOpen ? ' is-active' : ''}${inboxCount > 0 ? ' has-waiting' : ''}`}
        aria-pressed={shell.inboxOpen}
        aria-keyshortcuts={`${MOD}+I`}
        title={`Everything waiting for you (${MOD === 'Meta' ? '⌘' : 'Ctrl+'}I)`}
        onClick={() => shell.setInboxOpen(!shell.inboxOpen)}
      >
        Waiting ({inboxCount})
      </button>
      <div className="session-groups" ref={listRef} onKeyDown={onListKeyDown}>
        <ContentMatchesContext value={contentMatches}>
          {groups.map((group) => (
            <ProjectGroupView
              key={group.workspace}
              group={group}
              collapsed={collapsed.has(group.workspace)}
              onToggle={() => toggle(group.workspace)}
              tabStop={tabStop}
            />
          ))}
        </ContentMatchesContext>
      </div>
      {sessions.length === 0 && projects.length === 0 && connected && (
        <p className="sidebar-empty">No sessions yet.</p>
      )}
      {sessions.length > 0 && shown.length === 0 && (
        <p className="sidebar-empty">No session matches “{query.trim()}”.</p>
      )}
      <div className="sidebar-bottom">
        <button
          type="button"
          className="button-quiet"
          aria-keyshortcuts={`${MOD}+,`}
          title={`Settings (${MOD === 'Meta' ? '⌘' : 'Ctrl+'},)`}
          onClick={shell.openSettings}
        >
          Settings
        </button>
      </div>
    </nav>
  )
}
