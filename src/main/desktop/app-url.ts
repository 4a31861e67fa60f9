/**
 * Whether `url` is the app's own page. For `app://` (the packaged renderer) and `file://` that is
 * the same host and path, whatever its query or fragment; for `http(s)://` (electron-vite's dev
 * server) the same origin. Anything unparsable is foreign. Callers use it for navigation, permission and IPC
 * sender checks, so it errs on the side of "foreign".
 */
export function isAppUrl(url: string, appUrl: string): boolean {
  const candidate = URL.parse(url)
  const app = URL.parse(appUrl)
  if (candidate === null || app === null) return false
  if (candidate.protocol !== app.protocol) return false
  if (app.protocol === 'file:' || app.protocol === 'app:')
    return candidate.host === app.host && candidate.pathname === app.pathname
  if (app.protocol === 'http:' || app.protocol === 'https:') return candidate.origin === app.origin
  return false
}
