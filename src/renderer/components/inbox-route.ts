import { useCallback, useEffect, useState } from 'react'

/** The query parameter naming the request open in the inbox: `?request=ID`. */
const PARAM = 'request'

/** The request a URL opens in the inbox, or null for the list. */
export function requestInSearch(search: string): string | null {
  const id = new URLSearchParams(search).get(PARAM)
  return id === null || id === '' ? null : id
}

/**
 * The URL of the list (null) or of one request, keeping the path and the fragment (the loopback
 * page's `#token=…`) and every other query parameter.
 */
export function inboxUrl(
  location: Pick<Location, 'pathname' | 'search' | 'hash'>,
  requestId: string | null,
): string {
  const params = new URLSearchParams(location.search)
  if (requestId === null) params.delete(PARAM)
  else params.set(PARAM, requestId)
  const query = params.toString()
  return `${location.pathname}${query ? `?${query}` : ''}${location.hash}`
}

type Entry = { parleyInbox: string }
const isEntry = (state: unknown): state is Entry =>
  typeof state === 'object' && state !== null && 'parleyInbox' in state

/**
 * Which request the inbox shows, kept in the URL and the browser's history: opening one pushes
 * an entry, so Back (the phone's, the browser's, or "Back to the list") returns to the list.
 */
export function useInboxRoute(): {
  selectedId: string | null
  open(requestId: string): void
  backToList(): void
} {
  const [selectedId, setSelectedId] = useState(() => requestInSearch(window.location.search))
  useEffect(() => {
    const onPop = () => setSelectedId(requestInSearch(window.location.search))
    window.addEventListener('popstate', onPop)
    return () => window.removeEventListener('popstate', onPop)
  }, [])
  const open = useCallback((requestId: string) => {
    const entry: Entry = { parleyInbox: requestId }
    if (isEntry(window.history.state))
      window.history.replaceState(entry, '', inboxUrl(window.location, requestId))
    else window.history.pushState(entry, '', inboxUrl(window.location, requestId))
    setSelectedId(requestId)
  }, [])
  const backToList = useCallback(() => {
    setSelectedId(null)
    // An entry this page pushed goes back; a request opened from a link becomes the list.
    if (isEntry(window.history.state)) window.history.back()
    else if (requestInSearch(window.location.search) !== null)
      window.history.replaceState(null, '', inboxUrl(window.location, null))
  }, [])
  return { selectedId, open, backToList }
}
