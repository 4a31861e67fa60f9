import {
  createContext,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react'
import { useInboxRoute, type InboxRouteMove } from './inbox-route'

/** The sections of Settings, each a tab. */
export type SettingsTab = 'model' | 'agents' | 'mcp' | 'permissions' | 'notifications' | 'devices'

/**
 * The window's own state, apart from chat data: whether Settings and the session list are shown,
 * and where focus goes back to when a panel closes. Kept out of the chat store: nothing here is
 * about sessions or the runtime.
 */
export type Shell = {
  settingsOpen: boolean
  /** Opens Settings; focus returns to what had it when Settings closes. */
  openSettings(): void
  /** Opens Settings at one section (an agent's sign-in error opens Agents). */
  openSettingsAt(tab: SettingsTab): void
  settingsTab: SettingsTab
  setSettingsTab(tab: SettingsTab): void
  closeSettings(): void
  sidebarOpen: boolean
  setSidebarOpen(open: boolean): void
  /** The inbox of every request waiting, across sessions, shown in place of the chat. */
  inboxOpen: boolean
  setInboxOpen(open: boolean): void
  /**
   * The request whose tray the inbox shows (a phone: full screen), or null for the list; kept in
   * the URL (`?request=ID`) and the history, so Back returns to the list (see `useInboxRoute`).
   */
  inboxRequest: string | null
  setInboxRequest(requestId: string | null, move?: InboxRouteMove): void
  /** The message box, so a new session or a closed panel can hand it focus. */
  composerRef: RefObject<HTMLTextAreaElement | null>
  focusComposer(): void
}

const ShellContext = createContext<Shell | null>(null)

const focusable = (el: Element | null): el is HTMLElement =>
  el instanceof HTMLElement && el !== document.body && el.isConnected

export function ShellProvider({
  children,
  initialSidebarOpen,
  initialInboxOpen = false,
}: {
  children: ReactNode
  initialSidebarOpen: boolean
  /** A phone opens on the inbox. */
  initialInboxOpen?: boolean
}) {
  const [settingsOpen, setSettingsOpen] = useState(false)
  const [settingsTab, setSettingsTab] = useState<SettingsTab>('model')
  const [sidebarOpen, setSidebarOpen] = useState(initialSidebarOpen)
  const route = useInboxRoute()
  const { go: setInboxRequest } = route
  const inboxRequest = route.requestId
  // A link to one request (a reload, a notice) opens the inbox at it.
  const [inboxOpen, setInboxShown] = useState(initialInboxOpen || inboxRequest !== null)
  const setInboxOpen = useCallback(
    (open: boolean) => {
      setInboxShown(open)
      // Back to the chat: the URL no longer names a request.
      if (!open) setInboxRequest(null, 'replace')
    },
    [setInboxRequest],
  )
  // Forward (or Back) to a request's URL shows it, wherever the window was (adjusted while
  // rendering, as React advises for state that follows other state).
  const [seenRequest, setSeenRequest] = useState(inboxRequest)
  if (inboxRequest !== seenRequest) {
    setSeenRequest(inboxRequest)
    if (inboxRequest !== null) setInboxShown(true)
  }
  const composerRef = useRef<HTMLTextAreaElement | null>(null)
  const settingsOpener = useRef<Element | null>(null)

  const focusComposer = useCallback(() => composerRef.current?.focus(), [])
  const openSettings = useCallback(() => {
    settingsOpener.current ??= document.activeElement
    setSettingsOpen(true)
  }, [])
  const openSettingsAt = useCallback(
    (tab: SettingsTab) => {
      setSettingsTab(tab)
      openSettings()
    },
    [openSettings],
  )
  const closeSettings = useCallback(() => {
    setSettingsOpen(false)
    const opener = settingsOpener.current
    settingsOpener.current = null
    // After the panel has gone, so focus is not lost with it.
    queueMicrotask(() => {
      if (focusable(opener)) opener.focus()
      else composerRef.current?.focus()
    })
  }, [])

  const shell = useMemo<Shell>(
    () => ({
      settingsOpen,
      openSettings,
      openSettingsAt,
      settingsTab,
      setSettingsTab,
      closeSettings,
      sidebarOpen,
      setSidebarOpen,
      inboxOpen,
      setInboxOpen,
      inboxRequest,
      setInboxRequest,
      composerRef,
      focusComposer,
    }),
    [
      settingsOpen,
      openSettings,
      openSettingsAt,
      settingsTab,
      closeSettings,
      sidebarOpen,
      inboxOpen,
      setInboxOpen,
      inboxRequest,
      setInboxRequest,
      focusComposer,
    ],
  )
  return <ShellContext.Provider value={shell}>{children}</ShellContext.Provider>
}

export function useShell(): Shell {
  const shell = useContext(ShellContext)
  if (!shell) throw new Error('ShellProvider is missing')
  return shell
}
