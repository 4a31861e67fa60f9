import { useEffect, useState } from 'react'
import { ChatHeader } from './components/chat-header'
import { ComposerSlot } from './components/composer-slot'
import { ErrorBanner } from './components/error-banner'
import { SettingsPanel } from './components/settings-panel'
import { Sidebar } from './components/sidebar'
import { TranscriptView } from './components/transcript-view'
import { ChatProvider } from './state/chat-context'
import type { ChatStore } from './state/store'

/** The Parley chat client: sessions, the conversation, and the composer (or the tray). */
export function App({ store }: { store: ChatStore }) {
  const [settingsOpen, setSettingsOpen] = useState(false)
  useEffect(() => store.actions.start(), [store])
  return (
    <ChatProvider store={store}>
      <div className="app">
        <Sidebar onOpenSettings={() => setSettingsOpen(true)} />
        <main className="chat">
          <ChatHeader />
          <ErrorBanner />
          <TranscriptView />
          <ComposerSlot />
        </main>
        {settingsOpen && <SettingsPanel onClose={() => setSettingsOpen(false)} />}
      </div>
    </ChatProvider>
  )
}
