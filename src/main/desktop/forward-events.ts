import { EVENT_CHANNEL, type BridgeEvent } from '../../shared/bridge'
import { applyWaitingEvent, NO_WAITING_REQUESTS, waitingCount } from '../../shared/waiting-requests'
import type { DesktopNotificationClass, DesktopWindow } from './electron-port'
import { inputNotificationFor } from './input-notification'

export interface ForwardEventsOptions {
  subscribe(listener: (event: BridgeEvent) => void): () => void
  /** The app's windows, read on every event (windows come and go). */
  windows(): Iterable<DesktopWindow>
  Notification: DesktopNotificationClass
  /** Brings a window forward when its notification is clicked. */
  reveal(window: DesktopWindow): void
  /** The session the window shows (the one it opened last), if any. */
  shownSession(): string | undefined
  /** Called with the number of requests waiting for the person whenever it changes. */
  onWaitingCount(count: number): void
}

/**
 * Pushes every runtime event to the app's windows on `EVENT_CHANNEL`, keeps the count of waiting
 * requests (for the badge), and shows an OS notification when a session starts waiting for input
 * where the person is not looking: no app window has focus, or the session is not the one shown.
 * Returns the unsubscribe.
 */
export function forwardEvents(options: ForwardEventsOptions): () => void {
  let waiting = NO_WAITING_REQUESTS
  return options.subscribe((event) => {
    const windows = [...options.windows()].filter((window) => !window.isDestroyed())
    for (const window of windows) {
      if (!window.webContents.isDestroyed()) window.webContents.send(EVENT_CHANNEL, event)
    }
    const before = waiting
    waiting = applyWaitingEvent(waiting, event)
    if (waiting !== before && waitingCount(waiting) !== waitingCount(before))
      options.onWaitingCount(waitingCount(waiting))
    const notification = inputNotificationFor(event)
    const target = windows[0]
    if (notification === null || target === undefined) return
    const looking =
      windows.some((window) => window.isFocused()) &&
      event.type === 'interaction_added' &&
      event.sessionId === options.shownSession()
    if (looking) return
    if (!options.Notification.isSupported()) return
    const shown = new options.Notification(notification)
    shown.on('click', () => options.reveal(target))
    shown.show()
  })
}
