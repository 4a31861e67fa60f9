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

/** The history entry this page pushes when a request is opened from the list. */
type Entry = { parleyInbox: string }
const isEntry = (state: unknown): state is Entry =>
  typeof state === 'object' && state !== null && 'parleyInbox' in state

/** How the inbox's open request changes: from the list, or from one request to the next. */
export type InboxRouteMove = 'open' | 'replace' | 'list'

/**
 * Which request the inbox shows, kept in the URL and the browser's history: opening one from the
 * list pushes an entry, so Back (the phone's, the browser's, or "Back to the list") returns to the
 * list; moving from one request to another (j/k, the next after an answer) replaces it, so Back
 * never walks through every request seen. A page loaded at `?request=ID` opens that request.
 */
export function useInboxRoute(): {
  requestId: string | null
  go(requestId: string | null, move?: InboxRouteMove): void
} {
  const [requestId, setRequestId] = useState(() => requestInSearch(window.location.search))
  useEffect(() => {
    const onPop = () => setRequestId(requestInSearch(window.location.search))
    window.addEventListener('popstate', onPop)
    return () => window.removeEventListener('popstate', onPop)
  }, [])
  const go = useCallback((next: string | null, how?: InboxRouteMove) => {
    const move = how ?? (next === null ? 'list' : 'open')
    setRequestId(next)
    const ours = isEntry(window.history.state)
    if (next !== null) {
      const entry: Entry = { parleyInbox: next }
      const url = inboxUrl(window.location, next)
      if (ours || move === 'replace') window.history.replaceState(entry, '', url)
      else window.history.pushState(entry, '', url)
      return
    }
    if (requestInSearch(window.location.search) === null) return
    // An entry this page pushed goes back; a request opened from a link (or left for the chat)
    // becomes the list in place.
    if (ours && move === 'list') window.history.back()
    else window.history.replaceState(null, '', inboxUrl(window.location, null))
  }, [])
  return { requestId, go }
}
