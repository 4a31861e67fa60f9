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
import { useShell } from '../shell/shell-context'
import { FolderMatches, RecentProjects } from './open-folder-parts'
import { useFolderField } from './use-folder-field'

const FOCUSABLE = 'button:not([disabled]), input:not([disabled]), [tabindex="0"]'

/** Tab and Shift+Tab go round the dialog's controls: focus never leaves a modal by Tab. */
function keepTabInside(event: KeyboardEvent<HTMLElement>, dialog: HTMLElement | null) {
  const all = Array.from(dialog?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])
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
  const [opening, setOpening] = useState(false)
  const titleId = useId()
  const inputId = useId()
  const listId = useId()
  const errorId = useId()
  const dialogRef = useRef<HTMLDivElement>(null)
  const inputRef = useRef<HTMLInputElement>(null)
  const opener = useRef<Element | null>(null)
  const field = useFolderField(actions.completeFolder, inputRef)
  const { suggestions, active, error, setError } = field

  useEffect(() => {
    opener.current = document.activeElement
    inputRef.current?.focus()
    return () => {
      const back = opener.current
      if (back instanceof HTMLElement && back.isConnected && back !== document.body) back.focus()
      else shell.focusComposer()
    }
  }, [shell])

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
    if (picked !== undefined) field.into(picked)
    else void open(field.value)
  }
  const onDialogKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault()
      event.stopPropagation()
      if (active !== -1) field.unpick()
      else actions.closeFolderDialog()
    } else if (event.key === 'Tab') keepTabInside(event, dialogRef.current)
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
            value={field.value}
            placeholder="~/projects/my-app"
            autoComplete="off"
            spellCheck={false}
            aria-autocomplete="list"
            aria-controls={listId}
            aria-activedescendant={activeId}
            aria-invalid={error !== null}
            aria-describedby={error !== null ? errorId : undefined}
            onChange={(e) => field.type(e.target.value)}
            onKeyDown={field.onKeyDown}
          />
          <FolderMatches
            id={listId}
            suggestions={suggestions}
            active={active}
            onInto={field.into}
          />
          {error !== null && (
            <p id={errorId} className="folder-error" role="alert">
              {error}
            </p>
          )}
          <RecentProjects projects={projects} onOpen={(path) => void open(path)} />
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
