/**
 * How both UIs write times: a countdown, a clock time, how long ago, how long something has run.
 * Pure (the caller passes `now`), so a test needs no clock.
 */

const SECOND = 1_000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

const two = (n: number) => String(n).padStart(2, '0')

/** Whole seconds left until `due`, rounded up, never negative ("next try in 3 s"). */
export function secondsLeft(due: number, now: number): number {
  return Math.max(0, Math.ceil((due - now) / SECOND))
}

/** `m:ss` left until `due`, never negative: a permission prompt's "denies in 4:05". */
export function formatCountdown(due: number, now: number): string {
  const seconds = secondsLeft(due, now)
  return `${Math.floor(seconds / 60)}:${two(seconds % 60)}`
}

/**
 * A local clock time for "waiting since …": `09:05` today, else `2026-11-30 09:05`. Written the
 * same way everywhere (24-hour, the date year first), so it reads the same in any locale.
 */
export function formatSince(at: number, now: number): string {
  const date = new Date(at)
  const time = `${two(date.getHours())}:${two(date.getMinutes())}`
  return new Date(now).toDateString() === date.toDateString()
    ? time
    : `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ${time}`
}

function startOfDay(at: number): number {
  const date = new Date(at)
  date.setHours(0, 0, 0, 0)
  return date.getTime()
}

// Built once: a formatter costs far more to make than to use, and a session list formats a
// date for every row it shows.
const WEEKDAY = new Intl.DateTimeFormat('en', { weekday: 'long' })
const MONTH_DAY = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric' })
const MONTH_DAY_YEAR = new Intl.DateTimeFormat('en', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
})

/**
 * When something last happened, as a person says it: "just now", "5 min ago", "3 h ago",
 * "yesterday", a weekday within the week, else the date.
 */
export function formatAgo(at: number, now: number): string {
  const ago = now - at
  if (ago < MINUTE) return 'just now'
  if (ago < HOUR) return `${Math.floor(ago / MINUTE)} min ago`
  const days = Math.round((startOfDay(now) - startOfDay(at)) / DAY)
  if (days === 0) return `${Math.floor(ago / HOUR)} h ago`
  if (days === 1) return 'yesterday'
  const date = new Date(at)
  if (days < 7) return WEEKDAY.format(date)
  const sameYear = new Date(now).getFullYear() === date.getFullYear()
  return (sameYear ? MONTH_DAY : MONTH_DAY_YEAR).format(date)
}

/** A duration as "12s" or "3m 05s": how long a turn has been working. */
export function formatElapsed(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / SECOND))
  if (seconds < 60) return `${seconds}s`
  return `${Math.floor(seconds / 60)}m ${two(seconds % 60)}s`
}
