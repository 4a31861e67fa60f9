import type { Key } from 'ink'
import {
  backspaceInSearch,
  currentMatch,
  nextMatch,
  searchMatches,
  typeInSearch,
  type HistorySearch,
} from './history-search'
import { truncateLine, type StyledLine } from './styled-text'

/** What a key does while Ctrl+R searches: narrows the search, takes the match, or gives up. */
export type SearchStep =
  { kind: 'search'; search: HistorySearch } | { kind: 'accept'; text: string } | { kind: 'cancel' }

/**
 * Keys in a search: typing and Backspace change the query, Ctrl+R goes to the next match, Enter
 * (or Tab, →) puts the match in the message box to edit or send, Esc (or Ctrl+C, Ctrl+G) leaves
 * the draft as it was. Any other key ends the search.
 */
export function historySearchKey(
  search: HistorySearch,
  history: readonly string[],
  input: string,
  key: Key,
  pasted: boolean,
): SearchStep {
  if (pasted) return { kind: 'search', search: typeInSearch(search, input.replace(/\s+/g, ' ')) }
  if (key.ctrl && input === 'r') return { kind: 'search', search: nextMatch(history, search) }
  if (key.return || key.tab || key.rightArrow) {
    const match = currentMatch(history, search)
    return match === null ? { kind: 'cancel' } : { kind: 'accept', text: match }
  }
  if (key.backspace || key.delete) return { kind: 'search', search: backspaceInSearch(search) }
  if (key.escape || key.ctrl || key.meta || input === '') return { kind: 'cancel' }
  return { kind: 'search', search: typeInSearch(search, input) }
}

/** The row under the message box while searching: the query, where the match is, the keys. */
export function historySearchRows(
  search: HistorySearch,
  history: readonly string[],
  width: number,
): StyledLine[] {
  const count = searchMatches(history, search.query).length
  const where = count === 0 ? 'no match' : `${Math.min(search.skip, count - 1) + 1} of ${count}`
  return [
    truncateLine(
      [
        { text: '  search: ', style: { color: 'cyan' } },
        { text: search.query },
        { text: ' ', style: { inverse: true } },
        { text: `  ${where} · ^R older · Enter use · Esc cancel`, style: { dim: true } },
      ],
      width,
    ),
  ]
}
