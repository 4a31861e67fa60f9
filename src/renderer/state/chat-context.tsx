import { createContext, useContext, useEffect, type ReactNode } from 'react'
import { useStore } from 'zustand'
import type { AppState } from './app-state'
import type { ChatActions, ChatStore } from './store'

const ChatContext = createContext<ChatStore | null>(null)

/** Makes one chat store (and through it, one bridge) available to the components below. */
export function ChatProvider({ store, children }: { store: ChatStore; children: ReactNode }) {
  return <ChatContext.Provider value={store}>{children}</ChatContext.Provider>
}

function useChatStore(): ChatStore {
  const store = useContext(ChatContext)
  if (!store) throw new Error('ChatProvider is missing')
  return store
}

/** Subscribes to a slice of the state; the selector must return a stable value. */
export function useChat<T>(selector: (state: AppState) => T): T {
  return useStore(useChatStore().state, selector)
}

export function useActions(): ChatActions {
  return useChatStore().actions
}

/** How long a newly shown tray ignores its keyboard shortcuts. */
export function usePromptArmingMs(): number {
  return useChatStore().promptArmingMs
}

/** True on a paired device's page, which answers permissions for the turn only. */
export function usePairedDevice(): boolean {
  return useChatStore().paired
}

/** Calls `listener` on every state change with the state before it (for announcements). */
export function useChatChanges(listener: (state: AppState, previous: AppState) => void): void {
  const store = useChatStore()
  useEffect(() => store.state.subscribe(listener), [store, listener])
}
