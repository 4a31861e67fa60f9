/**
 * The `@` menu above the message box: workspace files and folders (folders end in `/`). The
 * textarea keeps focus (arrow keys move the highlight, Enter or Tab chooses, Escape closes);
 * a click chooses too.
 */
export function MentionMenu({
  id,
  entries,
  active,
  onPick,
}: {
  id: string
  entries: readonly string[]
  active: number
  onPick: (path: string) => void
}) {
  return (
    <ul id={id} role="listbox" aria-label="Files" className="slash-menu mention-menu">
      {entries.map((path, index) => {
        const slash = path.lastIndexOf('/', path.length - 2)
        return (
          <li
            key={path}
            id={`${id}-${index}`}
            role="option"
            aria-selected={index === active}
            className={`slash-item${index === active ? ' is-active' : ''}`}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => onPick(path)}
          >
            <span className="mention-name">{path.slice(slash + 1)}</span>
            {slash > 0 && <span className="slash-description">{path.slice(0, slash + 1)}</span>}
          </li>
        )
      })}
    </ul>
  )
}
