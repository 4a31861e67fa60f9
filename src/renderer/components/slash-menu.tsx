import type { SlashEntry } from '../state/slash-menu'

/**
 * The `/` menu above the message box: each command with its description and, when it takes
 * input, what to type after it. The textarea keeps focus (arrow keys move the highlight, Enter or
 * Tab chooses, Escape closes); a click chooses too.
 */
export function SlashMenu({
  id,
  entries,
  active,
  onPick,
}: {
  id: string
  entries: readonly SlashEntry[]
  active: number
  onPick: (entry: SlashEntry) => void
}) {
  return (
    <ul id={id} role="listbox" aria-label="Commands" className="slash-menu">
      {entries.map((entry, index) => (
        <li
          key={`${entry.source}:${entry.name}`}
          id={`${id}-${index}`}
          role="option"
          aria-selected={index === active}
          className={`slash-item${index === active ? ' is-active' : ''}`}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => onPick(entry)}
        >
          <span className="slash-name">/{entry.name}</span>
          {entry.hint !== undefined && <span className="slash-hint">{entry.hint}</span>}
          <span className="slash-description">{entry.description}</span>
          {entry.source === 'agent' && <span className="slash-source">agent</span>}
        </li>
      ))}
    </ul>
  )
}
