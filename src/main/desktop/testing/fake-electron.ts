import { EventEmitter } from 'node:events'
import type { BrowserWindowConstructorOptions, NativeImage } from 'electron'
import type {
  DesktopCustomScheme,
  DesktopElectron,
  DesktopFrame,
  DesktopInvokeEvent,
  DesktopNotification,
  DesktopRectangle,
  DesktopSafeStorage,
  DesktopSession,
  DesktopWebContents,
  DesktopWindow,
  PreventableEvent,
} from '../electron-port'

type Listener = (...args: never[]) => unknown
/** EventEmitter stores listeners untyped; the fake only replays what the host registered. */
const untyped = (listener: Listener) => listener as (...args: unknown[]) => void
type Handler = (event: DesktopInvokeEvent, ...args: unknown[]) => unknown

/** A preventable event as Electron hands it to listeners; `prevented` says what the host did. */
export function preventable<T extends object>(
  fields: T,
): T & PreventableEvent & { prevented: boolean } {
  const event = {
    ...fields,
    prevented: false,
    preventDefault() {
      event.prevented = true
    },
  }
  return event
}

class FakeWebContents implements DesktopWebContents {
  readonly mainFrame: DesktopFrame
  readonly sent: Array<{ channel: string; args: unknown[] }> = []
  readonly listeners = new EventEmitter()
  windowOpenHandler: ((details: { url: string }) => { action: 'deny' }) | undefined
  destroyed = false
  constructor(url: string) {
    this.mainFrame = { url, parent: null }
  }
  send(channel: string, ...args: unknown[]): void {
    this.sent.push({ channel, args })
  }
  isDestroyed(): boolean {
    return this.destroyed
  }
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void {
    this.windowOpenHandler = handler
  }
  on(event: string, listener: Listener): this {
    this.listeners.on(event, untyped(listener))
    return this
  }
  /** Emits like Electron would, for a test. */
  emit(event: string, ...args: unknown[]): void {
    this.listeners.emit(event, ...args)
  }
}

export class FakeWindow implements DesktopWindow {
  readonly webContents: FakeWebContents
  readonly events = new EventEmitter()
  loaded: string | undefined
  focused = false
  destroyed = false
  shown = false
  maximized = false
  bounds: DesktopRectangle
  /** The taskbar overlay's description, or null when none is set (Windows). */
  overlay: string | null = null
  constructor(
    readonly options: BrowserWindowConstructorOptions,
    pageUrl: string,
  ) {
    this.webContents = new FakeWebContents(pageUrl)
    this.bounds = {
      x: options.x ?? 0,
      y: options.y ?? 0,
      width: options.width ?? 800,
      height: options.height ?? 600,
    }
  }
  isMaximized(): boolean {
    return this.maximized
  }
  maximize(): void {
    this.maximized = true
  }
  getNormalBounds(): DesktopRectangle {
    return { ...this.bounds }
  }
  setOverlayIcon(overlay: NativeImage | null, description: string): void {
    this.overlay = overlay === null ? null : description
  }
  async loadURL(url: string): Promise<void> {
    this.loaded = url
  }
  isDestroyed(): boolean {
    return this.destroyed
  }
  isFocused(): boolean {
    return this.focused
  }
  isMinimized(): boolean {
    return false
  }
  restore(): void {}
  show(): void {
    this.shown = true
  }
  focus(): void {
    this.focused = true
  }
  on(event: string, listener: Listener): this {
    this.events.on(event, untyped(listener))
    return this
  }
  once(event: string, listener: Listener): this {
    this.events.once(event, untyped(listener))
    return this
  }
}

/** A reversible, obviously-not-plaintext "encryption" standing in for the OS keychain. */
export function fakeSafeStorage(available = true): DesktopSafeStorage {
  return {
    isEncryptionAvailable: () => available,
    encryptString: (text) => Buffer.from(`enc:${Buffer.from(text).toString('base64')}`),
    decryptString: (blob) => {
      const text = blob.toString()
      if (!text.startsWith('enc:')) throw new Error('Error while decrypting the ciphertext')
      return Buffer.from(text.slice(4), 'base64').toString()
    },
  }
}

export interface FakeElectron extends DesktopElectron {
  readonly handlers: Map<string, Handler>
  readonly windows: FakeWindow[]
  readonly notifications: Array<{
    title: string
    body: string
    silent: boolean
    shown: boolean
    closed: boolean
    click(): void
  }>
  readonly appEvents: EventEmitter
  readonly sessionHandlers: {
    permissionRequest?: Parameters<DesktopSession['setPermissionRequestHandler']>[0]
    permissionCheck?: Parameters<DesktopSession['setPermissionCheckHandler']>[0]
    headers?: Parameters<DesktopSession['webRequest']['onHeadersReceived']>[0]
  }
  quitCount: number
  /** The launcher badge as last set. */
  badgeCount: number
  /** Whether another instance holds the single-instance lock (this one must quit). */
  anotherInstance: boolean
  /** Work areas of the displays `screen.getAllDisplays` reports. */
  displays: DesktopRectangle[]
  /** Schemes registered as privileged, and the handler of each handled scheme. */
  readonly privilegedSchemes: DesktopCustomScheme[]
  readonly protocolHandlers: Map<string, (request: Request) => Response | Promise<Response>>
  /** URLs handed to `shell.openExternal`, in order. */
  readonly openedExternally: string[]
  /** What the next native open dialog answers: a folder, or null for Cancel. */
  dialogAnswer: string | null
  /** The options of each open dialog shown, in order. */
  readonly dialogsShown: Array<{ title: string; properties: string[] }>
  /** Calls a registered IPC handler the way Electron would. */
  invoke(channel: string, event: DesktopInvokeEvent, ...args: unknown[]): Promise<unknown>
}

/**
 * An in-memory stand-in for the `electron` module: `ipcMain.handle` collects handlers, windows
 * record what they were told, notifications record what they showed. `pageUrl` is what a new
 * window's main frame reports as its URL (what it has loaded).
 */
export function createFakeElectron(pageUrl: string): FakeElectron {
  const handlers = new Map<string, Handler>()
  const windows: FakeWindow[] = []
  const notifications: FakeElectron['notifications'] = []
  const appEvents = new EventEmitter()
  const sessionHandlers: FakeElectron['sessionHandlers'] = {}
  const privilegedSchemes: DesktopCustomScheme[] = []
  const protocolHandlers: FakeElectron['protocolHandlers'] = new Map()
  const openedExternally: string[] = []

  class FakeNotification implements DesktopNotification {
    private readonly record: FakeElectron['notifications'][number]
    private readonly clicks = new EventEmitter()
    constructor(options: { title: string; body: string; silent?: boolean }) {
      this.record = {
        title: options.title,
        body: options.body,
        silent: options.silent ?? false,
        shown: false,
        closed: false,
        click: () => this.clicks.emit('click'),
      }
      notifications.push(this.record)
    }
    static isSupported(): boolean {
      return true
    }
    show(): void {
      this.record.shown = true
    }
    close(): void {
      this.record.closed = true
    }
    on(event: 'click', listener: () => void): this {
      this.clicks.on(event, untyped(listener))
      return this
    }
  }

  const fake: FakeElectron = {
    handlers,
    windows,
    notifications,
    appEvents,
    sessionHandlers,
    privilegedSchemes,
    protocolHandlers,
    openedExternally,
    dialogAnswer: null,
    dialogsShown: [],
    quitCount: 0,
    badgeCount: 0,
    anotherInstance: false,
    displays: [{ x: 0, y: 0, width: 1920, height: 1080 }],
    app: {
      whenReady: async () => undefined,
      getPath: () => '/fake/userData',
      requestSingleInstanceLock: () => !fake.anotherInstance,
      setBadgeCount(count = 0) {
        fake.badgeCount = count
        return true
      },
      on(event: string, listener: Listener) {
        appEvents.on(event, untyped(listener))
        return this
      },
      quit() {
        fake.quitCount += 1
        const event = preventable({})
        appEvents.emit('will-quit', event)
      },
    },
    BrowserWindow: class extends FakeWindow {
      constructor(options: BrowserWindowConstructorOptions) {
        super(options, pageUrl)
        windows.push(this)
      }
    },
    ipcMain: {
      handle(channel, listener) {
        if (handlers.has(channel)) throw new Error(`second handler for ${channel}`)
        handlers.set(channel, listener)
      },
      removeHandler(channel) {
        handlers.delete(channel)
      },
    },
    session: {
      defaultSession: {
        setPermissionRequestHandler(handler) {
          sessionHandlers.permissionRequest = handler
        },
        setPermissionCheckHandler(handler) {
          sessionHandlers.permissionCheck = handler
        },
        webRequest: {
          onHeadersReceived(listener) {
            sessionHandlers.headers = listener
          },
        },
      },
    },
    safeStorage: fakeSafeStorage(),
    Notification: FakeNotification,
    protocol: {
      registerSchemesAsPrivileged(schemes) {
        privilegedSchemes.push(...schemes)
      },
      handle(scheme, handler) {
        if (protocolHandlers.has(scheme)) throw new Error(`second handler for ${scheme}:`)
        protocolHandlers.set(scheme, handler)
      },
    },
    shell: {
      async openExternal(url) {
        openedExternally.push(url)
      },
    },
    dialog: {
      async showOpenDialog(options) {
        fake.dialogsShown.push({ title: options.title, properties: [...options.properties] })
        const answer = fake.dialogAnswer
        return answer === null
          ? { canceled: true, filePaths: [] }
          : { canceled: false, filePaths: [answer] }
      },
    },
    screen: { getAllDisplays: () => fake.displays.map((workArea) => ({ workArea })) },
    // Stands in for a NativeImage: the fake window records only the overlay's description.
    nativeImage: { createFromDataURL: (dataUrl) => ({ dataUrl }) as unknown as NativeImage },
    async invoke(channel, event, ...args) {
      const handler = handlers.get(channel)
      if (!handler) throw new Error(`no handler for ${channel}`)
      return handler(event, ...args)
    },
  }
  return fake
}
