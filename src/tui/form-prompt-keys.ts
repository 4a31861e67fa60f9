import type { Key } from 'ink'
import type { FormKey } from './form-prompt-state'

/**
 * Translates a terminal key press (or a paste) into a form key. Printable text is passed on as
 * text: whether `d`, Space or a digit is a command or a character depends on the row, which the
 * form state decides. Control and Alt combinations belong to the app and yield null, except
 * Ctrl+U, which clears the text being typed.
 */
export function formKeyFromInk(input: string, key: Key, pasted: boolean): FormKey | null {
  if (pasted) return input === '' ? null : { kind: 'text', text: input, pasted: true }
  if (key.upArrow) return { kind: 'up' }
  if (key.downArrow) return { kind: 'down' }
  if (key.leftArrow) return { kind: 'left' }
  if (key.rightArrow) return { kind: 'right' }
  if (key.tab) return { kind: key.shift ? 'backtab' : 'tab' }
  if (key.return) return { kind: 'enter' }
  if (key.escape) return { kind: 'escape' }
  if (key.backspace || key.delete) return { kind: 'backspace' }
  if (key.ctrl && input === 'u') return { kind: 'clear' }
  if (key.ctrl || key.meta || input === '') return null
  return { kind: 'text', text: input, pasted: false }
}
