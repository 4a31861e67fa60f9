import type { Key } from 'ink'
import type { FormInput } from './question-form-state'

/**
 * Translates a terminal key press into a question-form input: arrows move (← goes back a
 * question), digits pick, Enter chooses, Esc skips, anything printable is text for "Other".
 * Control and Alt combinations belong to the app (Ctrl+C, mode switch) and yield null.
 */
export function formInputFromKey(input: string, key: Key): FormInput | null {
  if (key.upArrow) return { kind: 'up' }
  if (key.downArrow) return { kind: 'down' }
  if (key.leftArrow) return { kind: 'back' }
  if (key.return) return { kind: 'enter' }
  if (key.escape) return { kind: 'escape' }
  if (key.backspace || key.delete) return { kind: 'backspace' }
  if (key.ctrl || key.meta || key.tab || input === '') return null
  if (/^[0-9]$/.test(input)) return { kind: 'digit', digit: Number(input) }
  return { kind: 'text', text: input }
}
