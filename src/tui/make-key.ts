import type { Key } from 'ink'

/** An ink Key with every flag off, then the given ones on. */
export function makeKey(flags: Partial<Key> = {}): Key {
  return {
    upArrow: false,
    downArrow: false,
    leftArrow: false,
    rightArrow: false,
    pageDown: false,
    pageUp: false,
    home: false,
    end: false,
    return: false,
    escape: false,
    ctrl: false,
    shift: false,
    tab: false,
    backspace: false,
    delete: false,
    meta: false,
    super: false,
    hyper: false,
    capsLock: false,
    numLock: false,
    ...flags,
  }
}

// C0 control characters: each is a key press of its own (ink splits only Backspace and Ctrl+C
// out of a chunk). ESC never appears here: ink reads escape sequences as keys of their own.
// eslint-disable-next-line no-control-regex -- control characters are what is split on
const CONTROL = /([\x00-\x1f])/

/** A control character as the key press ink reports when it arrives alone. */
function controlPress(char: string): { input: string; key: Key } {
  if (char === '\r') return { input: char, key: makeKey({ return: true }) }
  if (char === '\t') return { input: char, key: makeKey({ tab: true }) }
  // Ctrl+J: a bare line feed, which the text fields read as a new line.
  if (char === '\n') return { input: char, key: makeKey() }
  const code = char.charCodeAt(0)
  return { input: String.fromCharCode(code + 96), key: makeKey({ ctrl: true }) }
}

/**
 * Splits a chunk of typed keys that arrived together (fast typing, `tmux send-keys`, a paste in a
 * terminal without bracketed paste) at each control character, so "hello⏎" is the text "hello"
 * followed by an Enter press rather than text with a line break in it, "2⇥ 3" is "2", a Tab
 * press, then " 3", and "3^S" is "3" then Ctrl+S.
 */
export function splitTypedChunk(input: string, key: Key): Array<{ input: string; key: Key }> {
  if (input.length < 2 || !CONTROL.test(input) || key.meta || key.ctrl) return [{ input, key }]
  const presses: Array<{ input: string; key: Key }> = []
  input.split(CONTROL).forEach((part, i) => {
    // split() with a capture group puts each separator at an odd index.
    if (i % 2 === 1) presses.push(controlPress(part))
    else if (part !== '') presses.push({ input: part, key: makeKey() })
  })
  return presses
}
