import { isAppUrl } from './app-url'
import type { DesktopInvokeEvent, DesktopWindow } from './electron-port'

/**
 * An IPC call is trusted only when it comes from the top frame of one of the app's windows and
 * that frame shows the app's own page. An iframe, a navigated-away page or another webContents
 * gets `forbidden` before its payload is looked at.
 */
export function isTrustedSender(
  event: DesktopInvokeEvent,
  windows: Iterable<DesktopWindow>,
  appUrl: string,
): boolean {
  const frame = event.senderFrame
  if (frame === null || frame.parent !== null) return false
  if (!isAppUrl(frame.url, appUrl)) return false
  for (const window of windows) {
    if (window.isDestroyed()) continue
    if (event.sender === window.webContents && frame === window.webContents.mainFrame) return true
  }
  return false
}
