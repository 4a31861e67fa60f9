import { useEffect } from 'react'
import { Announcer } from './components/announcer'
import { ChatHeader } from './components/chat-header'
import { ComposerSlot } from './components/composer-slot'
import { ErrorBanner } from './components/error-banner'
import { McpApprovalBanner } from './components/mcp-approval-banner'
import { Sidebar } from './components/sidebar'
import { TranscriptView } from './components/transcript-view'
import { SETTINGS } from './deferred-parts'
import { ChatProvider, useActions } from './state/chat-context'
import type { ChatStore } from './state/store'
import { useDeferredModule } from './shell/deferred-module'
import { ShellProvider, useShell } from './shell/shell-context'

/** Narrow windows start with the session list folded away, so the chat keeps its width. */
const NARROW = '(max-width: 760px)'

/** Ctrl/Cmd+N: new session; Ctrl/Cmd+,: settings. */
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
      <main className="chat">
        <ChatHeader />
        <ErrorBanner />
        <TranscriptView />
        <McpApprovalBanner />
        <ComposerSlot />
      </main>
      {shell.settingsOpen && <Settings />}
      <Announcer />
    </div>
  )
}

/** The Parley chat client: sessions, the conversation, and the composer (or the tray). */
export function App({ store }: { store: ChatStore }) {
  useEffect(() => store.actions.start(), [store])
  const narrow = typeof window.matchMedia === 'function' && window.matchMedia(NARROW).matches
  return (
    <ChatProvider store={store}>
      <ShellProvider initialSidebarOpen={!narrow}>
        <Shell />
      </ShellProvider>
    </ChatProvider>
  )
}
