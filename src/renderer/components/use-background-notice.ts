import { useEffect, useRef } from 'react'
import { newlyWaiting } from '../../shared/inbox-words'
import { useChat } from '../state/chat-context'

/** Says which session waits, never what it asks (a lock screen shows notices to anyone). */
const noticeBody = (title: string) => `${title}: Parley needs your input`

async function show(title: string, tag: string): Promise<void> {
  const options = { body: noticeBody(title), tag }
  const registration = await navigator.serviceWorker?.getRegistration()
  // A phone's browser shows notices only through the service worker.
  if (registration) await registration.showNotification('Parley', options)
  else new Notification('Parley', options)
}

/**
 * While the page is in the background (another tab, the phone locked), a request that starts
 * waiting shows a notification, if the person allowed them. Nothing when the page is in view:
 * the inbox count and the tray say it already.
 */
export function useBackgroundNotice(): void {
  const inbox = useChat((s) => s.inbox)
  const seen = useRef(inbox)
  useEffect(() => {
    const arrived = newlyWaiting(seen.current, inbox)
    seen.current = inbox
    if (arrived.length === 0 || document.visibilityState !== 'hidden') return
    if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return
    for (const item of arrived)
      void show(item.sessionTitle, item.interaction.requestId).catch(() => undefined)
  }, [inbox])
}

/** Whether to offer "Turn on notifications": the browser can, and the person was not asked yet. */
export function canAskForNotices(): boolean {
  return typeof Notification !== 'undefined' && Notification.permission === 'default'
}
