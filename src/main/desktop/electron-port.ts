import type { BrowserWindowConstructorOptions, NativeImage } from 'electron'

/**
 * The narrow slice of Electron that the desktop host uses. `src/main/index.ts` passes the real
 * `electron` module (the compiler checks it fits); tests pass fakes, so every handler, security
 * rule and notification here is tested without an Electron binary.
 */
export interface DesktopElectron {
  app: DesktopApp
  BrowserWindow: new (options: BrowserWindowConstructorOptions) => DesktopWindow
  ipcMain: DesktopIpcMain
  session: { defaultSession: DesktopSession }
  safeStorage: DesktopSafeStorage
  Notification: DesktopNotificationClass
  protocol: DesktopProtocol
  shell: DesktopShell
  screen: DesktopScreen
  nativeImage: { createFromDataURL(dataUrl: string): NativeImage }
  dialog: DesktopDialog
}

/**
 * The native open dialog, as the folder picker ("Open folder…") uses it. Shown without a parent
 * window: the port's windows are a narrow slice of BrowserWindow, which Electron's parented
 * overload would not take.
 */
export interface DesktopDialog {
  showOpenDialog(options: {
    title: string
    buttonLabel: string
    properties: Array<'openDirectory' | 'createDirectory'>
  }): Promise<{ canceled: boolean; filePaths: string[] }>
}

/** A rectangle on the screen, in device-independent pixels. */
export interface DesktopRectangle {
  x: number
  y: number
  width: number
  height: number
}

export interface DesktopScreen {
  getAllDisplays(): Array<{ workArea: DesktopRectangle }>
}

/** A custom scheme's privileges (Electron's CustomScheme, the fields Parley sets). */
export interface DesktopCustomScheme {
  scheme: string
  privileges: { standard: boolean; secure: boolean; supportFetchAPI: boolean; corsEnabled: boolean }
}

export interface DesktopProtocol {
  registerSchemesAsPrivileged(schemes: DesktopCustomScheme[]): void
  handle(scheme: string, handler: (request: Request) => Response | Promise<Response>): void
}

export interface DesktopShell {
  openExternal(url: string): Promise<void>
}

export interface DesktopApp {
  whenReady(): Promise<unknown>
  getPath(name: 'userData'): string
  on(event: 'window-all-closed' | 'activate' | 'second-instance', listener: () => void): unknown
  on(event: 'will-quit', listener: (event: PreventableEvent) => void): unknown
  quit(): void
  /** False when another Parley already runs: this one should quit (it gets 'second-instance'). */
  requestSingleInstanceLock(): boolean
  /** The dock / launcher badge (macOS, Linux launchers that show one); 0 clears it. */
  setBadgeCount(count?: number): boolean
}

export interface PreventableEvent {
  preventDefault(): void
}

/** A frame that sent an IPC message (Electron's WebFrameMain). */
export interface DesktopFrame {
  readonly url: string
  /** null for a top-level frame. */
  readonly parent: DesktopFrame | null
}

export interface DesktopWebContents {
  readonly mainFrame: DesktopFrame
  send(channel: string, ...args: unknown[]): void
  isDestroyed(): boolean
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void
  on(
    event: 'will-navigate' | 'will-redirect',
    listener: (event: PreventableEvent & { url: string }) => void,
  ): unknown
  on(event: 'will-attach-webview', listener: (event: PreventableEvent) => void): unknown
}

export interface DesktopWindow {
  readonly webContents: DesktopWebContents
  loadURL(url: string): Promise<void>
  isDestroyed(): boolean
  isFocused(): boolean
  isMinimized(): boolean
  restore(): void
  show(): void
  focus(): void
  isMaximized(): boolean
  maximize(): void
  /** The window's size and place when not maximized or minimized. */
  getNormalBounds(): DesktopRectangle
  /** Windows' taskbar overlay; null removes it. */
  setOverlayIcon(overlay: NativeImage | null, description: string): void
  on(event: 'closed' | 'close', listener: () => void): unknown
  once(event: 'ready-to-show', listener: () => void): unknown
}

/** What an `ipcMain.handle` listener receives. */
export interface DesktopInvokeEvent {
  readonly sender: DesktopWebContents
  readonly senderFrame: DesktopFrame | null
}

export interface DesktopIpcMain {
  handle(
    channel: string,
    listener: (event: DesktopInvokeEvent, ...args: unknown[]) => unknown,
  ): void
  removeHandler(channel: string): void
}

export interface DesktopSession {
  setPermissionRequestHandler(
    handler: (
      webContents: unknown,
      permission: string,
      callback: (granted: boolean) => void,
      details: { requestingUrl?: string },
    ) => void,
  ): void
  setPermissionCheckHandler(
    handler: (webContents: unknown, permission: string, requestingOrigin: string) => boolean,
  ): void
  webRequest: {
    onHeadersReceived(
      listener: (
        details: { url: string; responseHeaders?: Record<string, string[]> },
        callback: (response: { responseHeaders?: Record<string, string[] | string> }) => void,
      ) => void,
    ): void
  }
}

export interface DesktopSafeStorage {
  isEncryptionAvailable(): boolean
  encryptString(plainText: string): Buffer
  decryptString(encrypted: Buffer): string
}

export interface DesktopNotification {
  show(): void
  /** Takes it off the screen (and out of the notification centre). */
  close(): void
  on(event: 'click', listener: () => void): unknown
}

export interface DesktopNotificationClass {
  new (options: { title: string; body: string; silent?: boolean }): DesktopNotification
  isSupported(): boolean
}
