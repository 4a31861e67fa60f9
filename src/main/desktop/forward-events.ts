import { EVENT_CHANNEL, type BridgeEvent } from '../../shared/bridge'
import type { DesktopNotificationClass, DesktopWindow } from './electron-port'
import { inputNotificationFor } from './input-notification'

export interface ForwardEventsOptions {
  subscribe(listener: (event: BridgeEvent) => void): () => void
  /** The app's windows, read on every event (windows come and go). */
  windows(): Iterable<DesktopWindow>
  Notification: DesktopNotificationClass
  /** Brings a window forward when its notification is clicked. */
  reveal(window: DesktopWindow): void
}

/**
 * Pushes every runtime event to the app's windows on `EVENT_CHANNEL`, and shows an OS
 * notification when a session needs input while no app window has focus. Returns the
 * unsubscribe.
 */
export function forwardEvents(options: ForwardEventsOptions): () => void {
  return options.subscribe((event) => {
    const windows = [...options.windows()].filter((window) => !window.isDestroyed())
    for (const window of windows) {
      if (!window.webContents.isDestroyed()) window.webContents.send(EVENT_CHANNEL, event)
    }
    const notification = inputNotificationFor(event)
    const target = windows[0]
    if (notification === null || target === undefined) return
    if (windows.some((window) => window.isFocused())) return
    if (!options.Notification.isSupported()) return
    const shown = new options.Notification(notification)
    shown.on('click', () => options.reveal(target))
    shown.show()
  })
}
