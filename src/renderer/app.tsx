import { useEffect } from 'react'
import { Announcer } from './components/announcer'
import { ChatHeader } from './components/chat-header'
import { ComposerSlot } from './components/composer-slot'
import { ErrorBanner } from './components/error-banner'
import { InboxView } from './components/inbox-view'
import { useBackgroundNotice } from './components/use-background-notice'
import { McpApprovalBanner } from './components/mcp-approval-banner'
import { McpSignInBanner } from './components/mcp-sign-in-banner'
import { OpenFolderDialog } from './components/open-folder-dialog'
import { Sidebar } from './components/sidebar'
import { TranscriptView } from './components/transcript-view'
import { SETTINGS } from './deferred-parts'
import { ChatProvider, useActions, useChat } from './state/chat-context'
import { activeSession } from './state/app-state'
import { titleWithCount } from '../shared/inbox-words'
import type { ChatStore } from './state/store'
import { useDeferredModule } from './shell/deferred-module'
import { ShellProvider, useShell } from './shell/shell-context'

/** Narrow windows start with the session list folded away, so the chat keeps its width. */
const NARROW = '(max-width: 760px)'
/** A phone: the app opens on the inbox. */
const PHONE = '(max-width: 480px)'

const matches = (query: string) =>
  typeof window.matchMedia === 'function' && window.matchMedia(query).matches

/** The window title: the open session's, with how many requests wait in front ("(2) …"). */
function useWindowTitle() {
  const title = useChat((s) => activeSession(s)?.title)
  const waiting = useChat((s) => s.inbox.length)
  useEffect(() => {
    document.title = titleWithCount(title ? `${title} · Parley` : 'Parley', waiting)
  }, [title, waiting])
}

/** Ctrl/Cmd+N: new session; Ctrl/Cmd+,: settings; Ctrl/Cmd+I: the inbox. */
function useAppShortcuts() {
  const actions = useActions()
  const shell = useShell()
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return
      if (event.key === 'n' || event.key === 'N') {
        event.preventDefault()
        shell.focusComposer()
        void actions.newSession().then(() => shell.focusComposer())
      } else if (event.key === ',') {
        event.preventDefault()
        shell.openSettings()
      } else if (event.key === 'i' || event.key === 'I') {
        event.preventDefault()
        shell.setInboxOpen(!shell.inboxOpen)
      }
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [actions, shell])
}

/** The settings panel, from its own chunk (fetched after the first frame, or when opened first). */
function Settings() {
  const settings = useDeferredModule(SETTINGS)
  return settings ? <settings.SettingsPanel /> : null
}

function Shell() {
  const shell = useShell()
  useAppShortcuts()
  useWindowTitle()
  useBackgroundNotice()
  return (
    <div
      className={`app${shell.sidebarOpen ? '' : ' sidebar-collapsed'}${shell.settingsOpen ? ' settings-open' : ''}`}
    >
      {shell.sidebarOpen && (
        <div
          className="sidebar-scrim"
          aria-hidden="true"
          onClick={() => shell.setSidebarOpen(false)}
        />
      )}
      <Sidebar />
      {shell.inboxOpen ? (
        <InboxView />
      ) : (
        <main className="chat">
          <ChatHeader />
          <ErrorBanner />
          <TranscriptView />
          <McpApprovalBanner />
          <McpSignInBanner />
          <ComposerSlot />
        </main>
      )}
      {shell.settingsOpen && <Settings />}
      <OpenFolderDialog />
      <Announcer />
    </div>
  )
}

/** The Parley chat client: sessions, the conversation, and the composer (or the tray). */
export function App({ store }: { store: ChatStore }) {
  useEffect(() => store.actions.start(), [store])
  return (
    <ChatProvider store={store}>
      <ShellProvider initialSidebarOpen={!matches(NARROW)} initialInboxOpen={matches(PHONE)}>
        <Shell />
      </ShellProvider>
    </ChatProvider>
  )
}
