import { contentSecurityPolicy } from '../../shared/content-security-policy'
import { isOpenableExternalUrl } from './app-protocol'
import { isAppUrl } from './app-url'
import type { DesktopSession, DesktopShell, DesktopWebContents } from './electron-port'

/** Permissions the app's own page may use (copy buttons); every other request is denied. */
const GRANTED_PERMISSIONS: ReadonlySet<string> = new Set(['clipboard-sanitized-write'])

/**
 * Session-wide rules: a strict CSP on every response the app loads over HTTP (the dev server;
 * the packaged `app://` page gets it from its protocol handler, and carries the same generated
 * policy in its meta tag), and permission requests
 * denied unless the app's own page asks for one of the few it needs.
 */
export function hardenSession(session: DesktopSession, appUrl: string): void {
  // In development the page comes from electron-vite's dev server, whose hot reload talks over a
  // WebSocket on the same host; the packaged app:// page connects nowhere.
  const app = URL.parse(appUrl)
  const csp = contentSecurityPolicy(
    app !== null && app.protocol === 'http:' ? [`ws://${app.host}`] : [],
  )
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({
      responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [csp] },
    })
  })
  session.setPermissionRequestHandler((_contents, permission, callback, details) => {
    callback(GRANTED_PERMISSIONS.has(permission) && isAppUrl(details.requestingUrl ?? '', appUrl))
  })
  session.setPermissionCheckHandler(
    (_contents, permission, requestingOrigin) =>
      GRANTED_PERMISSIONS.has(permission) && isAppUrl(requestingOrigin, appUrl),
  )
}

/**
 * Per-window rules: the page never navigates away from the app, never opens a window and never
 * embeds a webview. A link the person follows (a model's link in a message) opens in the system
 * browser when it is a plain http(s) URL (`isOpenableExternalUrl`); any other is dropped.
 */
export function hardenWebContents(
  contents: DesktopWebContents,
  appUrl: string,
  shell: DesktopShell,
): void {
  const openOutside = (url: string) => {
    if (!isOpenableExternalUrl(url)) return
    shell.openExternal(url).catch((error: unknown) => {
      process.stderr.write(`parley: could not open a link: ${String(error)}\n`)
    })
  }
  contents.setWindowOpenHandler(({ url }) => {
    openOutside(url)
    return { action: 'deny' }
  })
  contents.on('will-navigate', (event) => {
    if (isAppUrl(event.url, appUrl)) return
    event.preventDefault()
    openOutside(event.url)
  })
  contents.on('will-redirect', (event) => {
    if (!isAppUrl(event.url, appUrl)) event.preventDefault()
  })
  contents.on('will-attach-webview', (event) => event.preventDefault())
}
