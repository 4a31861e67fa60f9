/** What a key pressed in an open choice menu does. */
export type MenuKeyOutcome =
  /** Focus moves to the item at this index. */
  | { focus: number }
  /** The menu closes; `refocus`: focus goes back to its button (Escape), else on (Tab). */
  | { close: { refocus: boolean } }
  /** Nothing: the key is not the menu's. */
  | null

/**
 * A key in an open menu whose items have these names, focus on item `at` (-1: none): arrows move
 * and wrap around, Home and End go to the ends, a letter jumps to the next name starting with it,
 * Escape closes and refocuses the button, Tab closes and lets focus go on.
 */
export function menuKeyOutcome(names: readonly string[], at: number, key: string): MenuKeyOutcome {
  const wrap = (index: number) => ({ focus: (index + names.length) % names.length })
  switch (key) {
    case 'ArrowDown':
      return wrap(at + 1)
    case 'ArrowUp':
      return wrap(at - 1)
    case 'Home':
      return wrap(0)
    case 'End':
      return wrap(names.length - 1)
    case 'Escape':
      return { close: { refocus: true } }
    case 'Tab':
      return { close: { refocus: false } }
  }
  if (key.length !== 1 || !/\S/.test(key)) return null
  const letter = key.toLowerCase()
  for (let step = 1; step <= names.length; step++) {
    const index = (at + step + names.length) % names.length
    if ((names[index] ?? '').toLowerCase().startsWith(letter)) return { focus: index }
  }
  return null
}
