import { useState, type RefObject } from 'react'
import { useShell } from '../shell/shell-context'
import { canAskForNotices } from './use-background-notice'

/**
 * The inbox's top: the session list's toggle, its heading (focused when the open request leaves
 * on a narrow window), Back to chat; under it, the offer to turn notifications on.
 */
export function InboxHeader({ headingRef }: { headingRef: RefObject<HTMLHeadingElement | null> }) {
  const shell = useShell()
  const [askNotices, setAskNotices] = useState(canAskForNotices)
  return (
    <>
      <header className="inbox-header">
        <button
          type="button"
          className="icon-button sidebar-toggle"
          aria-label="Session list"
          aria-expanded={shell.sidebarOpen}
          aria-controls="sidebar"
          onClick={() => shell.setSidebarOpen(!shell.sidebarOpen)}
        >
          <span aria-hidden="true">☰</span>
        </button>
        <h1 id="inbox-heading" className="inbox-title" tabIndex={-1} ref={headingRef}>
          Waiting for you
        </h1>
        <button
          type="button"
          className="button-quiet inbox-to-chat"
          onClick={() => shell.setInboxOpen(false)}
        >
          Back to chat
        </button>
      </header>
      {askNotices && (
        // Under the header, not in it: the header keeps to one line on a phone.
        <p className="inbox-notices">
          <span>Be told when an agent asks something.</span>
          <button
            type="button"
            className="button-secondary small"
            onClick={() =>
              void Notification.requestPermission().finally(() => setAskNotices(canAskForNotices()))
            }
          >
            Turn on notifications
          </button>
        </p>
      )}
    </>
  )
}
