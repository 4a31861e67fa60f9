import { errorMessage } from '../../../shared/plain-error'
/** Where a JSON text stops being JSON: 1-based line and column, and what is wrong there. */
export interface JsonSyntaxProblem {
  line: number
  column: number
  message: string
}

/** Nesting deeper than this is reported as a mistake instead of being followed (no stack overflow). */
const MAX_DEPTH = 512

/**
 * Locates the mistake that made `JSON.parse(text)` throw `error`, for a person editing the file
 * by hand (`settings.json:3:1: …`). V8 names a position for most mistakes but not all (a trailing
 * comma in an array, a misspelt `true`), so the position comes from a strict scan of the text;
 * the message is V8's, without its position and its quoted copy of the text.
 */
export function jsonSyntaxProblem(text: string, error: unknown): JsonSyntaxProblem {
  const offset = firstBadOffset(text)
  const before = text.slice(0, offset).split(/\r\n|\r|\n/)
  const raw = errorMessage(error)
  const message =
    raw
      .replace(/ in JSON at position \d+.*$/s, '')
      .replace(/, (\.\.\.)?".*" is not valid JSON$/s, '')
      .trim() || 'not valid JSON'
  return { line: before.length, column: (before.at(-1)?.length ?? 0) + 1, message }
}

/** The offset of the first character that cannot continue a JSON text (its length if it ends early). */
function firstBadOffset(text: string): number {
  let at = 0
  const space = () => {
    while (at < text.length && ' \t\n\r'.includes(text.charAt(at))) at += 1
  }
  const string = (): boolean => {
    at += 1
    while (at < text.length) {
      const char = text.charAt(at)
      if (char === '"') {
        at += 1
        return true
      }
      if (char < ' ') return false
      if (char === '\\') {
        const escape = text.charAt(at + 1)
        if ('"\\/bfnrt'.includes(escape) && escape !== '') at += 2
        else if (escape === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(at + 2, at + 6))) at += 6
        else {
          at += 1
          return false
        }
      } else at += 1
    }
    return false
  }
  const sequence = (close: string, member: () => boolean): boolean => {
    at += 1
    space()
    if (text.charAt(at) === close) {
      at += 1
      return true
    }
    for (;;) {
      if (!member()) return false
      space()
      const next = text.charAt(at)
      if (next === close) {
        at += 1
        return true
      }
      if (next !== ',') return false
      at += 1
      space()
      // A comma followed by the closing bracket: the trailing comma is the mistake.
      if (text.charAt(at) === close) return false
    }
  }
  const value = (depth: number): boolean => {
    space()
    if (depth > MAX_DEPTH) return false
    const char = text.charAt(at)
    if (char === '{')
      return sequence('}', () => {
        space()
        if (text.charAt(at) !== '"' || !string()) return false
        space()
        if (text.charAt(at) !== ':') return false
        at += 1
        return value(depth + 1)
      })
    if (char === '[') return sequence(']', () => value(depth + 1))
    if (char === '"') return string()
    const number = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y
    number.lastIndex = at
    if (number.test(text)) {
      at = number.lastIndex
      return true
    }
    for (const literal of ['true', 'false', 'null'])
      if (text.startsWith(literal, at)) {
        at += literal.length
        return true
      }
    return false
  }
  if (value(0)) space()
  return at
}
