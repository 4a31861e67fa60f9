/**
 * Ctrl+R in the message box: a search through what was sent, newest first. Pure functions; the
 * draft typed before the search comes back when it is cancelled.
 */
export interface HistorySearch {
  readonly query: string
  /** How many matches Ctrl+R has stepped past (0 = the best one). */
  readonly skip: number
}

export const NEW_SEARCH: HistorySearch = { query: '', skip: 0 }

/**
 * True when every character of `query` appears in `text` in order (case ignored): "gst" finds
 * "git status". An empty query matches everything.
 */
function fuzzyMatches(text: string, query: string): boolean {
  const hay = text.toLowerCase()
  let at = 0
  for (const char of query.toLowerCase()) {
    const found = hay.indexOf(char, at)
    if (found < 0) return false
    at = found + char.length
  }
  return true
}

/**
 * The entries that match, best first: those containing the query as it is typed, newest first,
 * then those that only contain its characters in order, newest first.
 */
export function searchMatches(history: readonly string[], query: string): string[] {
  const lower = query.toLowerCase()
  const exact = history.filter((text) => text.toLowerCase().includes(lower))
  const fuzzy = history.filter(
    (text) => !text.toLowerCase().includes(lower) && fuzzyMatches(text, query),
  )
  return [...exact, ...fuzzy]
}

/** The match shown: the `skip`-th one, or the oldest once Ctrl+R has gone past every match. */
export function currentMatch(history: readonly string[], search: HistorySearch): string | null {
  const matches = searchMatches(history, search.query)
  if (matches.length === 0) return null
  return matches[Math.min(search.skip, matches.length - 1)] ?? null
}

/** Typing narrows the search, and starts again from the best match. */
export const typeInSearch = (search: HistorySearch, text: string): HistorySearch => ({
  query: search.query + text,
  skip: 0,
})

/** Backspace widens it. */
export const backspaceInSearch = (search: HistorySearch): HistorySearch => ({
  query: Array.from(search.query).slice(0, -1).join(''),
  skip: 0,
})

/** Ctrl+R again: the next match, older or weaker; it stays on the last one. */
export function nextMatch(history: readonly string[], search: HistorySearch): HistorySearch {
  const count = searchMatches(history, search.query).length
  return search.skip + 1 < count ? { ...search, skip: search.skip + 1 } : search
}
