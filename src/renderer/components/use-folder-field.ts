import { useState, type KeyboardEvent, type RefObject } from 'react'
import { useFolderCompletions } from './use-folder-completions'

/**
 * The Open folder dialog's path field: what is typed, the existing folders completing it, the one
 * highlighted (arrow keys move round the list and back to the field, Tab completes, choosing one
 * goes into it), and the error shown under it until the next key.
 */
export function useFolderField(
  complete: (partial: string) => Promise<readonly string[]>,
  inputRef: RefObject<HTMLInputElement | null>,
) {
  const [value, setValue] = useState('')
  // The highlighted match, for the list it was picked in: a new list starts with none.
  const [picked, setPicked] = useState<{ list: readonly string[]; index: number }>({
    list: [],
    index: -1,
  })
  const [error, setError] = useState<string | null>(null)
  const suggestions = useFolderCompletions(value, complete)
  const active = picked.list === suggestions ? picked.index : -1
  const setActive = (next: (at: number) => number) =>
    setPicked({ list: suggestions, index: next(active) })

  const type = (next: string) => {
    setValue(next)
    setError(null)
  }
  /** Goes into a folder: its path, with a slash to complete what is inside, typed on. */
  const into = (folder: string) => {
    type(`${folder}/`)
    inputRef.current?.focus()
  }

  /** Arrow keys and Tab in the field. */
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (suggestions.length === 0) return
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      const step = event.key === 'ArrowDown' ? 1 : -1
      // -1 is the field itself; the options follow it, round.
      const states = suggestions.length + 1
      setActive((at) => ((at + 1 + step + states) % states) - 1)
    } else if (event.key === 'Tab' && !event.shiftKey) {
      const chosen = suggestions[active] ?? suggestions[0]
      if (chosen !== undefined) {
        event.preventDefault()
        into(chosen)
      }
    }
  }

  return {
    value,
    type,
    into,
    suggestions,
    active,
    /** Highlights nothing (Escape's first press). */
    unpick: () => setActive(() => -1),
    error,
    setError,
    onKeyDown,
  }
}
