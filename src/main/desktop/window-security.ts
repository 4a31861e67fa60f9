import { contentSecurityPolicy } from '../../shared/content-security-policy'
import { isAppUrl } from './app-url'
import type { DesktopSession, DesktopWebContents } from './electron-port'

/** Permissions the app's own page may use (copy buttons); every other request is denied. */
const GRANTED_PERMISSIONS: ReadonlySet<string> = new Set(['clipboard-sanitized-write'])

/**
 * Session-wide rules: a strict CSP on every response the app loads over HTTP (the dev server;
 * the packaged `file://` page carries the same policy in its meta tag), and permission requests
 * denied unless the app's own page asks for one of the few it needs.
 */
export function hardenSession(session: DesktopSession, appUrl: string): void {
  // In development the page comes from electron-vite's dev server, whose hot reload talks over a
  // WebSocket on the same host; the packaged file:// page connects nowhere.
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
 * embeds a webview. Links the model writes are inert here; the renderer shows them as text.
 */
export function hardenWebContents(contents: DesktopWebContents, appUrl: string): void {
  contents.setWindowOpenHandler(() => ({ action: 'deny' }))
  const keepOnApp = (event: { preventDefault(): void; url: string }) => {
    if (!isAppUrl(event.url, appUrl)) event.preventDefault()
  }
  contents.on('will-navigate', keepOnApp)
  contents.on('will-redirect', keepOnApp)
  contents.on('will-attach-webview', (event) => event.preventDefault())
}
