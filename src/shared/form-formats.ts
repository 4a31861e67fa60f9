/**
 * The checks a form runs on what the person typed: string formats (email, uri, date, date-time),
 * numbers as typed, and lengths in characters as a person counts them (code points, not UTF-16
 * units). Parley's own checks, linear in the input: a peer's `pattern` is never run.
 */

/** Characters as a person counts them: "😀" is one, not two. */
export function codePointLength(text: string): number {
  let count = 0
  for (const _ of text) count++
  return count
}

/**
 * `text` cut to at most `max` UTF-16 units (what the draft schema bounds) without splitting a
 * surrogate pair. The same string when it already fits.
 */
export function clampUnits(text: string, max: number): string {
  if (text.length <= max) return text
  let end = max
  const last = text.charCodeAt(end - 1)
  // A high surrogate at the cut would leave half a character.
  if (last >= 0xd800 && last <= 0xdbff) end -= 1
  return text.slice(0, end)
}

// A number as a person types one, whole: optional sign, digits with an optional fraction (or a
// bare fraction like ".5"), optional exponent. Anchored, no nested repetition.
const NUMBER_TEXT = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/

/** The number `text` stands for, or null while it is not (yet) one ("-", "1e", "", "abc"). */
export function parseNumberText(text: string): number | null {
  const trimmed = text.trim()
  if (!NUMBER_TEXT.test(trimmed)) return null
  const value = Number(trimmed)
  return Number.isFinite(value) ? value : null
}

// RFC 5322 dot-atom characters of an email's local part (no quoted strings, no comments).
const LOCAL_ATOM = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+$/
// One DNS label: letters, digits and inner hyphens, at most 63.
const DOMAIN_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/

/**
 * An address a mail server would take: `local@domain`, the local part dot-separated atoms (at
 * most 64), the domain at least two DNS labels (at most 253), no spaces.
 */
export function isEmail(text: string): boolean {
  const at = text.lastIndexOf('@')
  if (at <= 0 || at !== text.indexOf('@')) return false
  const local = text.slice(0, at)
  const domain = text.slice(at + 1)
  if (local.length > 64 || domain.length > 253) return false
  if (!local.split('.').every((atom) => LOCAL_ATOM.test(atom))) return false
  const labels = domain.split('.')
  return labels.length >= 2 && labels.every((label) => DOMAIN_LABEL.test(label))
}

const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/

/** An absolute URI (JSON Schema `uri`): a scheme, then something the URL parser accepts. */
export function isUri(text: string): boolean {
  if (!SCHEME.test(text) || /\s/.test(text)) return false
  try {
    new URL(text)
    return true
  } catch {
    return false
  }
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const DATE_TIME =
  /^(\d{4}-\d{2}-\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:[Zz]|([+-])(\d{2}):(\d{2}))$/

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28
  return [4, 6, 9, 11].includes(month) ? 30 : 31
}

/** A calendar date `YYYY-MM-DD` (RFC 3339 full-date) that exists: no 2025-02-30. */
export function isDate(text: string): boolean {
  const match = DATE.exec(text)
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month)
}

/**
 * An RFC 3339 date-time (JSON Schema `date-time`): `YYYY-MM-DDTHH:MM:SS`, optional fraction,
 * then `Z` or an offset `±HH:MM`. Second 60 is allowed (a leap second).
 */
export function isDateTime(text: string): boolean {
  const match = DATE_TIME.exec(text)
  if (!match || !isDate(match[1] ?? '')) return false
  const [hour, minute, second] = [Number(match[2]), Number(match[3]), Number(match[4])]
  if (hour > 23 || minute > 59 || second > 60) return false
  if (match[5] === undefined) return true
  return Number(match[6]) <= 23 && Number(match[7]) <= 59
}
