import { dirname } from 'node:path'
import { BRIDGE_CALLS } from '../../shared/bridge'
import { coalesceDeltas } from '../../shared/coalesce-deltas'
import type { Runtime } from '../runtime/runtime-types'
import { APP_PAGE_URL, APP_SCHEME, serveRenderer } from './app-protocol'
import type { DesktopElectron, DesktopWindow } from './electron-port'
import { forwardEvents } from './forward-events'
import { withFolderPicker } from './folder-picker'
import { registerBridgeHandlers } from './register-bridge-handlers'
import { isTrustedSender } from './sender-check'
import { hardenSession, hardenWebContents } from './window-security'
import { readWindowState, restoredWindowState, saveWindowState } from './window-state'

/** A red dot: the taskbar overlay on Windows while requests wait (the count is in its description). */
const WAITING_OVERLAY =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9hAAAANElEQVR42mO4qavAQAnGJvifAMZrwH8iMVYD/pOIUQz4TyYeNWB4GUBxQqJKUqZKZiIZAwC5EdFktzpZEAAAAABJRU5ErkJggg=='

export interface StartDesktopOptions {
  electron: DesktopElectron
  runtime: Runtime
  /** Built preload (CommonJS, runs sandboxed). */
  preloadPath: string
  /** Built renderer page; its folder is served as `app://parley/` (registerAppScheme first). */
  rendererFile: string
  /** electron-vite's dev server URL (ELECTRON_RENDERER_URL), used instead of the file in dev. */
  rendererUrl?: string
  platform?: NodeJS.Platform
  /** Where the window's size and place are kept between launches (`<data-dir>/window-state.json`). */
  windowStateFile?: string
}

/** The running desktop host. */
export interface DesktopHost {
  /** The app's page as loaded: IPC senders and navigations are checked against it. */
  readonly appUrl: string
  windows(): DesktopWindow[]
  /** Opens (or reveals) the main window. */
  openWindow(): DesktopWindow
}

/**
 * Composes the Electron host around a ready Runtime; call after `app.whenReady()`. Hardens the
 * session, registers one IPC handler per bridge call, forwards runtime events to the window,
 * opens the window, and closes the runtime (flushing logs) before the app quits.
 */
export function startDesktop(options: StartDesktopOptions): DesktopHost {
  const { electron, runtime } = options
  const { app } = electron
  const platform = options.platform ?? process.platform
  const appUrl = options.rendererUrl ?? APP_PAGE_URL
  const windows = new Set<DesktopWindow>()
  if (options.rendererUrl === undefined)
    electron.protocol.handle(APP_SCHEME, serveRenderer(dirname(options.rendererFile)))

  hardenSession(electron.session.defaultSession, appUrl)
  // The session the window opened last is the one the person looks at.
  let shownSession: string | undefined
  // Settings → Notifications "Show what is asked", as last read or saved.
  let showWhatIsAsked = true
  void runtime
    .getSettings({})
    .then((settings) => (showWhatIsAsked = settings.notifyShowsWhatIsAsked))
    .catch(() => undefined)
  const removeHandlers = registerBridgeHandlers(
    electron.ipcMain,
    withFolderPicker(runtime, electron.dialog),
    (event) => isTrustedSender(event, windows, appUrl),
    (method, input, output) => {
      const saved = BRIDGE_CALLS.updateSettings.output.safeParse(output)
      if (method === 'updateSettings' && saved.success && saved.data.ok)
        showWhatIsAsked = saved.data.settings.notifyShowsWhatIsAsked
      if (method !== 'openSession') return
      const opened = BRIDGE_CALLS.openSession.input.safeParse(input)
      const ok = typeof output === 'object' && output !== null && 'ok' in output && output.ok
      if (opened.success && ok) shownSession = opened.data.sessionId
    },
  )
  const overlay = electron.nativeImage.createFromDataURL(WAITING_OVERLAY)
  const showWaitingCount = (count: number) => {
    app.setBadgeCount(count)
    if (platform !== 'win32') return
    for (const window of windows)
      if (!window.isDestroyed())
        window.setOverlayIcon(
          count > 0 ? overlay : null,
          count > 0 ? `${count} waiting for you` : '',
        )
  }
  const stopForwarding = forwardEvents({
    // Deltas that arrive together go to the window as one message (see coalesceDeltas).
    subscribe: (listener) => runtime.onEvent(coalesceDeltas(listener, setImmediate)),
    listInbox: () => runtime.listInbox({}),
    windows: () => windows,
    Notification: electron.Notification,
    reveal,
    shownSession: () => shownSession,
    showWhatIsAsked: () => showWhatIsAsked,
    onWaitingCount: showWaitingCount,
  })

  function reveal(window: DesktopWindow): void {
    if (window.isDestroyed()) return
    if (window.isMinimized()) window.restore()
    window.show()
    window.focus()
  }

  function openWindow(): DesktopWindow {
    const existing = [...windows].find((window) => !window.isDestroyed())
    if (existing) {
      reveal(existing)
      return existing
    }
    const saved = options.windowStateFile
      ? restoredWindowState(
          readWindowState(options.windowStateFile),
          electron.screen.getAllDisplays().map((display) => display.workArea),
        )
      : null
    const window = new electron.BrowserWindow({
      width: saved?.width ?? 1200,
      height: saved?.height ?? 820,
      ...(saved ? { x: saved.x, y: saved.y } : {}),
      minWidth: 640,
      minHeight: 480,
      show: false,
      title: 'Parley',
      webPreferences: {
        preload: options.preloadPath,
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        nodeIntegrationInWorker: false,
        nodeIntegrationInSubFrames: false,
        webviewTag: false,
        webSecurity: true,
        allowRunningInsecureContent: false,
        navigateOnDragDrop: false,
      },
    })
    windows.add(window)
    if (saved?.maximized) window.maximize()
    const stateFile = options.windowStateFile
    if (stateFile !== undefined)
      window.on('close', () =>
        saveWindowState(stateFile, {
          ...window.getNormalBounds(),
          maximized: window.isMaximized(),
        }),
      )
    hardenWebContents(window.webContents, appUrl, electron.shell)
    window.once('ready-to-show', () => window.show())
    window.on('closed', () => windows.delete(window))
    window.loadURL(appUrl).catch((error: unknown) => {
      process.stderr.write(`parley: could not load the window: ${String(error)}\n`)
    })
    return window
  }

  app.on('activate', () => {
    openWindow()
  })
  // Another launch (it found the single-instance lock taken and quit): show this window instead.
  app.on('second-instance', () => {
    openWindow()
  })
  app.on('window-all-closed', () => {
    // macOS apps stay alive without windows until Cmd+Q; elsewhere closing the window quits.
    if (platform !== 'darwin') app.quit()
  })
  let closed = false
  app.on('will-quit', (event) => {
    if (closed) return
    event.preventDefault()
    closed = true
    stopForwarding()
    removeHandlers()
    runtime
      .close()
      .catch((error: unknown) => {
        process.stderr.write(`parley: error while closing: ${String(error)}\n`)
      })
      .finally(() => app.quit())
  })

  openWindow()
  return { appUrl, windows: () => [...windows], openWindow }
}
