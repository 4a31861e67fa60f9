const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

function startOfDay(at: number): number {
  const date = new Date(at)
  date.setHours(0, 0, 0, 0)
  return date.getTime()
}

/**
 * When something last happened, as a person says it: "just now", "5 min ago", "3 h ago",
 * "yesterday", a weekday within the week, else the date.
 */
export function relativeTime(at: number, now: number): string {
  const ago = now - at
  if (ago < MINUTE) return 'just now'
  if (ago < HOUR) return `${Math.floor(ago / MINUTE)} min ago`
  const days = Math.round((startOfDay(now) - startOfDay(at)) / DAY)
  if (days === 0) return `${Math.floor(ago / HOUR)} h ago`
  if (days === 1) return 'yesterday'
  const date = new Date(at)
  if (days < 7) return date.toLocaleDateString('en', { weekday: 'long' })
  const sameYear = new Date(now).getFullYear() === date.getFullYear()
  return date.toLocaleDateString('en', {
    month: 'short',
    day: 'numeric',
    ...(sameYear ? {} : { year: 'numeric' }),
  })
}
