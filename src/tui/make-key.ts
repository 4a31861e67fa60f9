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

/**
 * Splits a chunk of typed keys that arrived together (fast typing, `tmux send-keys`, a paste in a
 * terminal without bracketed paste) at each carriage return, so "hello⏎" is the text "hello"
 * followed by an Enter press rather than text with a line break in it.
 */
export function splitTypedChunk(input: string, key: Key): Array<{ input: string; key: Key }> {
  if (input.length < 2 || !input.includes('\r') || key.meta || key.ctrl) return [{ input, key }]
  const presses: Array<{ input: string; key: Key }> = []
  input.split(/(\r)/).forEach((part) => {
    if (part === '\r') presses.push({ input: '\r', key: makeKey({ return: true }) })
    else if (part !== '') presses.push({ input: part, key: makeKey() })
  })
  return presses
}
