import { EVENT_CHANNEL, type BridgeEvent } from '../../shared/bridge'
import type { InboxItem } from '../../shared/inbox'
import { createNoticeDriver } from '../../shared/input-notice-driver'
import type { InputNotice } from '../../shared/input-notices'
import type { DesktopNotification, DesktopNotificationClass, DesktopWindow } from './electron-port'

export interface ForwardEventsOptions {
  subscribe(listener: (event: BridgeEvent) => void): () => void
  /** The runtime's inbox as it is now: what waited before this host started (re-shown, orphaned). */
  listInbox(): Promise<InboxItem[]>
  /** The app's windows, read on every event (windows come and go). */
  windows(): Iterable<DesktopWindow>
  Notification: DesktopNotificationClass
  /** Brings a window forward when its notification is clicked. */
  reveal(window: DesktopWindow): void
  /** The session the window shows (the one it opened last), if any. */
  shownSession(): string | undefined
  /** Settings → Notifications "Show what is asked". */
  showWhatIsAsked(): boolean
  /** Called with the number of requests waiting for the person whenever it changes. */
  onWaitingCount(count: number): void
  now?: () => number
}

/**
 * Pushes every runtime event to the app's windows on `EVENT_CHANNEL`, and follows the runtime's
 * inbox (the one model of what waits): its size is the badge, and its arrivals are the OS
 * notification (see `planNotice`) where the person is not looking — no app window has focus, or
 * the request's session is not the one shown. A click brings the window forward and opens that
 * request. Returns the unsubscribe.
 */
export function forwardEvents(options: ForwardEventsOptions): () => void {
  const live = () => [...options.windows()].filter((window) => !window.isDestroyed())
  let count: number | null = null
  const countIs = (items: readonly InboxItem[]) => {
    if (items.length === count) return
    count = items.length
    options.onWaitingCount(count)
  }
  let shown: DesktopNotification | null = null
  const close = () => {
    shown?.close()
    shown = null
  }
  const open = (notice: InputNotice) => {
    const target = live()[0]
    if (target === undefined) return
    options.reveal(target)
    const clicked: BridgeEvent = {
      type: 'notice_clicked',
      sessionId: notice.sessionId,
      requestId: notice.requestId,
    }
    if (!target.webContents.isDestroyed()) target.webContents.send(EVENT_CHANNEL, clicked)
  }
  const driver = createNoticeDriver({
    show(notice) {
      if (!options.Notification.isSupported() || live().length === 0) return
      close()
      const next = new options.Notification({
        title: notice.title,
        body: notice.body,
        silent: !notice.alert,
      })
      next.on('click', () => open(notice))
      next.show()
      shown = next
    },
    close,
    looking: (sessionId) =>
      live().some((window) => window.isFocused()) && sessionId === options.shownSession(),
    showWhatIsAsked: options.showWhatIsAsked,
    now: options.now ?? Date.now,
    setTimer: (run, ms) => setTimeout(run, ms),
    clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
  })
  let announced = false
  void options
    .listInbox()
    .then((items) => {
      if (announced) return
      countIs(items)
      driver.inbox(items, { initial: true })
    })
    .catch(() => undefined)
  const unsubscribe = options.subscribe((event) => {
    for (const window of live()) {
      if (!window.webContents.isDestroyed()) window.webContents.send(EVENT_CHANNEL, event)
    }
    if (event.type !== 'inbox_changed') return
    announced = true
    countIs(event.items)
    driver.inbox(event.items)
  })
  return () => {
    unsubscribe()
    driver.stop()
    close()
  }
}
