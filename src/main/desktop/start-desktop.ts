import { dirname } from 'node:path'
import { coalesceDeltas } from '../../shared/coalesce-deltas'
import type { Runtime } from '../runtime/runtime-types'
import { APP_PAGE_URL, APP_SCHEME, serveRenderer } from './app-protocol'
import type { DesktopElectron, DesktopWindow } from './electron-port'
import { forwardEvents } from './forward-events'
import { registerBridgeHandlers } from './register-bridge-handlers'
import { isTrustedSender } from './sender-check'
import { hardenSession, hardenWebContents } from './window-security'

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
  const removeHandlers = registerBridgeHandlers(electron.ipcMain, runtime, (event) =>
    isTrustedSender(event, windows, appUrl),
  )
  const stopForwarding = forwardEvents({
    // Deltas that arrive together go to the window as one message (see coalesceDeltas).
    subscribe: (listener) => runtime.onEvent(coalesceDeltas(listener, setImmediate)),
    windows: () => windows,
    Notification: electron.Notification,
    reveal,
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
    const window = new electron.BrowserWindow({
      width: 1200,
      height: 820,
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
