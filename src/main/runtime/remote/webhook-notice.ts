/** How long a notice may take before it is given up (the runtime never waits on it). */
const NOTICE_TIMEOUT_MS = 10_000

/**
 * The one thing a notice says: that something waits, never what was asked. The session's title is
 * named only when the person opted into it (`notifyUrlTitles`): it is the first message, which
 * may say anything.
 */
export function noticeText(sessionTitle: string | null): string {
  return sessionTitle === null ? 'A session needs your input' : `${sessionTitle} needs your input`
}

/**
 * Tells a webhook (an ntfy topic, a home server) that something new waits: one POST with a plain
 * text body (see `noticeText`). Fire and forget: a failure or a slow server changes nothing
 * for the turn. Web Push would plug in beside this, as another way to say the same thing.
 */
export async function postNotice(
  fetchImpl: typeof globalThis.fetch,
  url: string,
  sessionTitle: string | null,
): Promise<boolean> {
  try {
    const response = await fetchImpl(url, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain; charset=utf-8', Title: 'Parley' },
      body: noticeText(sessionTitle),
      signal: AbortSignal.timeout(NOTICE_TIMEOUT_MS),
      redirect: 'error',
    })
    return response.ok
  } catch {
    return false
  }
}
