import { useEffect, useRef } from 'react'
import { createNoticeDriver, type NoticeDriver } from '../../shared/input-notice-driver'
import type { InputNotice } from '../../shared/input-notices'
import { useActions, useChat } from '../state/chat-context'
import { useShell } from '../shell/shell-context'

/** One notification at a time: a new one replaces the last (same tag), folded requests too. */
const TAG = 'parley-input'

/** What the service worker posts to the page when its notification is clicked (the phone). */
export const OPEN_REQUEST_MESSAGE = 'parley-open-request'

/** A click's target, as the notification carries it. */
interface NoticeTarget {
  sessionId: string
  requestId: string
}

const isTarget = (value: unknown): value is NoticeTarget =>
  typeof value === 'object' &&
  value !== null &&
  'sessionId' in value &&
  typeof value.sessionId === 'string' &&
  'requestId' in value &&
  typeof value.requestId === 'string'

const granted = () => typeof Notification !== 'undefined' && Notification.permission === 'granted'

/**
 * The page's "needs your input" notifications, from the runtime's inbox (see `planNotice`): a
 * request notifies when the tab is hidden or unfocused, or it belongs to a session other than the
 * one on screen; requests that arrive while one is notified and unanswered fold into it; a
 * permission prompt is notified again before it times out. A click focuses the tab and opens
 * that request (a phone: its tray full screen). Inside Electron the page may not notify (the main
 * process does), but a click there arrives as `notice_clicked` and opens the request the same way.
 * A phone (the page with a service worker) never says what is asked: its lock screen shows anyone.
 */
export function useBackgroundNotice(): void {
  const inbox = useChat((s) => s.inbox)
  const ready = useChat((s) => s.ready)
  const activeSessionId = useChat((s) => s.activeSessionId)
  const showWhatIsAsked = useChat((s) => s.settings?.notifyShowsWhatIsAsked ?? true)
  const noticeClick = useChat((s) => s.noticeClick)
  const actions = useActions()
  const shell = useShell()
  const view = useRef({ activeSessionId, inboxOpen: shell.inboxOpen, showWhatIsAsked })
  const opener = useRef<(target: NoticeTarget) => void>(() => undefined)
  useEffect(() => {
    view.current = { activeSessionId, inboxOpen: shell.inboxOpen, showWhatIsAsked }
    opener.current = (target) => {
      window.focus()
      if (shell.settingsOpen) shell.closeSettings()
      if (shell.inboxOpen) {
        // The inbox is the phone's home: answer there, the tray full screen.
        shell.setInboxRequest(target.requestId)
        return
      }
      void actions.selectSession(target.sessionId)
    }
  }, [activeSessionId, showWhatIsAsked, shell, actions])
  const driver = useRef<NoticeDriver | null>(null)

  useEffect(() => {
    let shown: Notification | null = null
    // A phone's page runs under Parley's service worker, and its browser notifies only through it.
    const worker = () =>
      navigator.serviceWorker?.controller ? navigator.serviceWorker.ready : undefined
    const created = createNoticeDriver({
      show(notice) {
        if (!granted()) return
        const registration = worker()
        if (registration) {
          void registration.then((r) => showByWorker(r, notice)).catch(() => undefined)
          return
        }
        shown?.close()
        const next = new Notification(notice.title, {
          body: notice.body,
          tag: TAG,
          silent: !notice.alert,
        })
        next.onclick = () => {
          next.close()
          opener.current(notice)
        }
        shown = next
      },
      close() {
        shown?.close()
        shown = null
        void worker()
          ?.then((r) => r.getNotifications({ tag: TAG }))
          .then((all) => all.forEach((n) => n.close()))
          .catch(() => undefined)
      },
      looking: (sessionId) => {
        if (document.visibilityState !== 'visible' || !document.hasFocus()) return false
        // The inbox shows every request as it arrives.
        return view.current.inboxOpen || sessionId === view.current.activeSessionId
      },
      showWhatIsAsked: () => view.current.showWhatIsAsked && worker() === undefined,
      now: Date.now,
      setTimer: (run, ms) => window.setTimeout(run, ms),
      clearTimer: (timer) => window.clearTimeout(Number(timer)),
    })
    driver.current = created
    const onMessage = (event: MessageEvent<unknown>) => {
      const data = event.data
      if (typeof data !== 'object' || data === null || !('type' in data)) return
      if (data.type === OPEN_REQUEST_MESSAGE && 'target' in data && isTarget(data.target))
        opener.current(data.target)
    }
    navigator.serviceWorker?.addEventListener('message', onMessage)
    return () => {
      created.stop()
      driver.current = null
      navigator.serviceWorker?.removeEventListener('message', onMessage)
    }
  }, [])

  useEffect(() => {
    // What waits by the first load was there before this page: counted, not announced.
    driver.current?.inbox(inbox, { initial: !ready })
  }, [inbox, ready])

  const handledClick = useRef(0)
  useEffect(() => {
    if (noticeClick === null || noticeClick.seq === handledClick.current) return
    handledClick.current = noticeClick.seq
    opener.current(noticeClick)
  }, [noticeClick])
}

/** A phone's browser shows notifications only through its service worker. */
async function showByWorker(
  registration: ServiceWorkerRegistration,
  notice: InputNotice,
): Promise<void> {
  await registration.showNotification(notice.title, {
    body: notice.body,
    tag: TAG,
    silent: !notice.alert,
    data: { sessionId: notice.sessionId, requestId: notice.requestId },
  })
}

/** Whether to offer "Turn on notifications": the browser can, and the person was not asked yet. */
export function canAskForNotices(): boolean {
  return typeof Notification !== 'undefined' && Notification.permission === 'default'
}
