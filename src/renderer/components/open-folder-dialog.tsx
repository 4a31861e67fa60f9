import {
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
} from 'react'
import { useActions, useChat } from '../state/chat-context'
import { folderName } from '../state/project-state'
import { useShell } from '../shell/shell-context'
import { useFolderCompletions } from './use-folder-completions'

const FOCUSABLE = 'button:not([disabled]), input:not([disabled]), [tabindex="0"]'

/**
 * The browser host's "Open folder…": a path field that completes existing folders as one types
 * (arrow keys pick, Tab completes, a click goes into the folder), the recent projects, and Open,
 * which starts a session in that folder. Modal: Tab stays inside, Escape closes, focus returns to
 * what had it. Shown while the state asks for a folder.
 */
export function OpenFolderDialog() {
  const asking = useChat((s) => s.askingFolder)
  return asking ? <FolderDialog /> : null
}

function FolderDialog() {
  const actions = useActions()
  const shell = useShell()
  const allProjects = useChat((s) => s.projects)
  const projects = useMemo(() => allProjects.filter((p) => p.exists), [allProjects])
  const [value, setValue] = useState('')
  // The highlighted match, for the list it was picked in: a new list starts with none.
  const [picked, setPicked] = useState<{ list: readonly string[]; index: number }>({
    list: [],
    index: -1,
  })
  const [error, setError] = useState<string | null>(null)
  const [opening, setOpening] = useState(false)
  const suggestions = useFolderCompletions(value, actions.completeFolder)
  const titleId = useId()
  const inputId = useId()
  const listId = useId()
  const errorId = useId()
  const dialogRef = useRef<HTMLDivElement>(null)
  const inputRef = useRef<HTMLInputElement>(null)
  const opener = useRef<Element | null>(null)

  useEffect(() => {
    opener.current = document.activeElement
    inputRef.current?.focus()
    return () => {
      const back = opener.current
      if (back instanceof HTMLElement && back.isConnected && back !== document.body) back.focus()
      else shell.focusComposer()
    }
  }, [shell])
  const active = picked.list === suggestions ? picked.index : -1
  const setActive = (next: (at: number) => number) =>
    setPicked({ list: suggestions, index: next(active) })

  const type = (next: string) => {
    setValue(next)
    setError(null)
  }
  const into = (folder: string) => {
    type(`${folder}/`)
    inputRef.current?.focus()
  }
  const open = async (folder: string) => {
    const path = folder.trim().replace(/(.)\/+$/, '$1')
    if (path === '') {
      setError('Type the path of a folder, or pick a recent project.')
      return
    }
    setOpening(true)
    const result = await actions.openProject(path)
    setOpening(false)
    if (!result.ok) setError(result.message)
    else shell.focusComposer()
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const picked = suggestions[active]
    if (picked !== undefined) into(picked)
    else void open(value)
  }
  const onInputKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (suggestions.length === 0) return
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      const step = event.key === 'ArrowDown' ? 1 : -1
      // -1 is the field itself; the options follow it, round.
      const states = suggestions.length + 1
      setActive((at) => ((at + 1 + step + states) % states) - 1)
    } else if (event.key === 'Tab' && !event.shiftKey) {
      const picked = suggestions[active] ?? suggestions[0]
      if (picked !== undefined) {
        event.preventDefault()
        into(picked)
      }
    }
  }
  const onDialogKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault()
      event.stopPropagation()
      if (active !== -1) setActive(() => -1)
      else actions.closeFolderDialog()
    } else if (event.key === 'Tab') {
      const all = Array.from(dialogRef.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])
      const first = all[0]
      const last = all.at(-1)
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault()
        last?.focus()
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault()
        first?.focus()
      }
    }
  }
  const activeId = active >= 0 && active < suggestions.length ? `${listId}-${active}` : undefined

  return (
    <>
      <div className="folder-scrim" aria-hidden="true" onClick={actions.closeFolderDialog} />
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="folder-dialog"
        onKeyDown={onDialogKeyDown}
      >
        <h2 id={titleId} className="folder-title">
          Open folder
        </h2>
        <p className="folder-hint">A new session works in the folder you open.</p>
        <form onSubmit={onSubmit}>
          <label htmlFor={inputId} className="folder-label">
            Folder
          </label>
          <input
            ref={inputRef}
            id={inputId}
            type="text"
            className="folder-input"
            value={value}
            placeholder="~/projects/my-app"
            autoComplete="off"
            spellCheck={false}
            aria-autocomplete="list"
            aria-controls={listId}
            aria-activedescendant={activeId}
            aria-invalid={error !== null}
            aria-describedby={error !== null ? errorId : undefined}
            onChange={(e) => type(e.target.value)}
            onKeyDown={onInputKeyDown}
          />
          <ul id={listId} role="listbox" aria-label="Matching folders" className="folder-matches">
            {suggestions.map((folder, index) => (
              <li
                key={folder}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                className={`folder-match${index === active ? ' is-active' : ''}`}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => into(folder)}
              >
                {folder}
              </li>
            ))}
          </ul>
          {error !== null && (
            <p id={errorId} className="folder-error" role="alert">
              {error}
            </p>
          )}
          {projects.length > 0 && (
            <div className="folder-recent">
              <h3 className="folder-recent-title">Recent</h3>
              <ul aria-label="Recent projects" className="folder-recent-list">
                {projects.map((project) => (
                  <li key={project.path}>
                    <button
                      type="button"
                      className="folder-recent-item"
                      title={project.path}
                      onClick={() => void open(project.path)}
                    >
                      <span className="folder-recent-name">{folderName(project.path)}</span>
                      <span className="folder-recent-path">{project.path}</span>
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          )}
          <div className="folder-actions">
            <button type="button" className="button-secondary" onClick={actions.closeFolderDialog}>
              Cancel
            </button>
            <button type="submit" className="button-primary" disabled={opening}>
              Open
            </button>
          </div>
        </form>
      </div>
    </>
  )
}
