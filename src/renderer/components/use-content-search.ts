import { createContext, useContext, useEffect, useState } from 'react'
import { useActions } from '../state/chat-context'

const NONE: ReadonlyMap<string, string> = new Map()

/**
 * The sessions whose messages contain the sidebar's search text (session id → the words around
 * the match), newest answer only; nothing is asked for an empty field.
 */
export function useContentSearch(query: string): ReadonlyMap<string, string> {
  const actions = useActions()
  const [found, setFound] = useState<{ query: string; matches: ReadonlyMap<string, string> }>({
    query: '',
    matches: NONE,
  })
  const trimmed = query.trim()
  useEffect(() => {
    if (trimmed === '') return
    let current = true
    void actions.searchSessions(trimmed).then((matches) => {
      if (current) setFound({ query: trimmed, matches })
    })
    return () => {
      current = false
    }
  }, [actions, trimmed])
  return trimmed === '' ? NONE : found.matches
}

/** The content matches of the sidebar's search, for each row to show its own. */
export const ContentMatchesContext = createContext<ReadonlyMap<string, string>>(NONE)

/** The words around where this session's messages matched the search, if they did. */
export function useContentMatch(sessionId: string): string | undefined {
  return useContext(ContentMatchesContext).get(sessionId)
}
