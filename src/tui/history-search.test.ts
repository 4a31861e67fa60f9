import { describe, expect, test } from 'vitest'
import {
  NEW_SEARCH,
  backspaceInSearch,
  currentMatch,
  nextMatch,
  searchMatches,
  typeInSearch,
} from './history-search'
import { inputHistory } from './input-history'

const history = ['git status', '/mode execute', 'fix the flaky test', 'grep for TODO']

describe('searching what was sent (Ctrl+R)', () => {
  test('the newest entry containing the query comes first, then entries with its letters in order', () => {
    expect(searchMatches(history, 'st')).toEqual(['git status', 'fix the flaky test'])
    expect(searchMatches(history, 'gst')).toEqual(['git status'])
    expect(searchMatches(history, 'GIT')).toEqual(['git status'])
  })

  test('Ctrl+R steps to the next match and stays on the last one', () => {
    let search = typeInSearch(NEW_SEARCH, 't')
    expect(currentMatch(history, search)).toBe('git status')
    search = nextMatch(history, search)
    expect(currentMatch(history, search)).toBe('/mode execute')
    for (let i = 0; i < 10; i += 1) search = nextMatch(history, search)
    expect(currentMatch(history, search)).toBe('grep for TODO')
  })

  test('typing or deleting starts again from the best match; nothing matching shows nothing', () => {
    const search = nextMatch(history, typeInSearch(NEW_SEARCH, 'fl'))
    expect(currentMatch(history, typeInSearch(search, 'a'))).toBe('fix the flaky test')
    expect(backspaceInSearch(search)).toEqual({ query: 'f', skip: 0 })
    expect(currentMatch(history, typeInSearch(NEW_SEARCH, 'zzz'))).toBeNull()
  })
})

describe('the history ↑ walks through', () => {
  test('commands run here sit between the messages they were typed between, newest first', () => {
    const messages = ['first', 'second']
    const commands = [
      { text: '/mode execute', afterMessages: 1 },
      { text: '/help', afterMessages: 2 },
    ]
    expect(inputHistory(messages, commands)).toEqual(['/help', 'second', '/mode execute', 'first'])
  })

  test('a command counted against a longer session (before a switch) comes last, and repeats are one entry', () => {
    expect(inputHistory(['a'], [{ text: '/help', afterMessages: 5 }])).toEqual(['/help', 'a'])
    expect(
      inputHistory(
        ['a'],
        [
          { text: '/help', afterMessages: 1 },
          { text: '/help', afterMessages: 1 },
        ],
      ),
    ).toEqual(['/help', 'a'])
  })
})
