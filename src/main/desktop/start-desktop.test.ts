import fc from 'fast-check'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { GATHER_MS } from '../../shared/input-notice-driver'
import { BRIDGE_CALLS, EVENT_CHANNEL, type BridgeMethod } from '../../shared/bridge'
import { BRIDGE_METHODS } from '../../shared/bridge-methods'
import {
  exerciseEveryCall,
  expectBridgeError,
  oversizedPayload,
  WRONGLY_TYPED,
  expectSafeReply,
} from './testing/bridge-conformance'
import type { DesktopInvokeEvent } from './electron-port'
import {
  createFakeElectron,
  preventable,
  type FakeElectron,
  type FakeWindow,
} from './testing/fake-electron'
import { createFakeRuntime, type FakeRuntime } from './testing/fake-runtime'
import { APP_PAGE_URL } from './app-protocol'
import { startDesktop, type DesktopHost } from './start-desktop'

const rendererFile = '/opt/parley/out/renderer/index.html'
const appUrl = APP_PAGE_URL

let electron: FakeElectron
let runtime: FakeRuntime
let host: DesktopHost
let window: FakeWindow

/** Lets the host's start-up reads finish and the notifications of quick arrivals gather. */
const gathered = async () => {
  await vi.advanceTimersByTimeAsync(GATHER_MS)
}

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
  electron = createFakeElectron(appUrl)
  runtime = createFakeRuntime()
  host = startDesktop({
    electron,
    runtime,
    preloadPath: '/opt/parley/out/preload/index.cjs',
    rendererFile,
    platform: 'linux',
  })
  const [first] = electron.windows
  if (!first) throw new Error('no window opened')
  window = first
  await gathered()
  // The host's own start-up reads (the inbox, the settings) are not calls from the window.
  runtime.calls.length = 0
})

afterEach(() => {
  vi.useRealTimers()
})

/** The IPC event Electron builds for a call from the app window's top frame. */
const fromApp = (): DesktopInvokeEvent => ({
  sender: window.webContents,
  senderFrame: window.webContents.mainFrame,
})

const call = (method: BridgeMethod, input: unknown, event: DesktopInvokeEvent = fromApp()) =>
  electron.invoke(BRIDGE_CALLS[method].channel, event, input)

describe('the Electron window', () => {
  it('opens one sandboxed, context-isolated window without Node, loading the built page', () => {
    expect(electron.windows).toHaveLength(1)
    expect(window.options.webPreferences).toMatchObject({
      preload: '/opt/parley/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webviewTag: false,
    })
    expect(window.loaded).toBe('app://parley/index.html')
    expect(host.appUrl).toBe('app://parley/index.html')
    // The built page is served from app://, never file://.
    expect([...electron.protocolHandlers.keys()]).toEqual(['app'])
  })

  it('shows the window once it has rendered, and reopening reveals the same window', () => {
    expect(window.shown).toBe(false)
    window.events.emit('ready-to-show')
    expect(window.shown).toBe(true)
    expect(host.openWindow()).toBe(window)
    expect(electron.windows).toHaveLength(1)
  })

  it('loads the dev server instead of the file when electron-vite gives one, allowing only its hot-reload socket', () => {
    const dev = createFakeElectron('http://localhost:5173/')
    startDesktop({
      electron: dev,
      runtime: createFakeRuntime(),
      preloadPath: '/p.cjs',
      rendererFile,
      rendererUrl: 'http://localhost:5173/',
    })
    expect(dev.windows[0]?.loaded).toBe('http://localhost:5173/')
    let csp: unknown
    dev.sessionHandlers.headers?.({ url: 'http://localhost:5173/' }, (response) => {
      csp = response.responseHeaders?.['Content-Security-Policy']
    })
    expect(String(csp)).toContain("connect-src 'self' ws://localhost:5173")
  })

  it('blocks navigation away from the app, new windows and webviews', () => {
    const away = preventable({ url: 'https://evil.example/' })
    window.webContents.emit('will-navigate', away)
    expect(away.prevented).toBe(true)
    const file = preventable({ url: 'file:///opt/parley/out/renderer/index.html' })
    window.webContents.emit('will-navigate', file)
    expect(file.prevented).toBe(true)
    const redirect = preventable({ url: 'file:///etc/passwd' })
    window.webContents.emit('will-redirect', redirect)
    expect(redirect.prevented).toBe(true)
    const reload = preventable({ url: `${appUrl}#/x` })
    window.webContents.emit('will-navigate', reload)
    expect(reload.prevented).toBe(false)
    expect(window.webContents.windowOpenHandler?.({ url: 'https://example.com' })).toEqual({
      action: 'deny',
    })
    const webview = preventable({})
    window.webContents.emit('will-attach-webview', webview)
    expect(webview.prevented).toBe(true)
  })

  it('opens a followed http(s) link in the system browser, and never any other kind of link', () => {
    const followed = [
      'https://example.com/docs?q=1',
      'http://localhost:3000/',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'vscode://file/etc/passwd',
      'smb://evil.example/share',
      'https://user:pass@evil.example/',
      `https://example.com/${'a'.repeat(3_000)}`,
    ]
    for (const url of followed) {
      expect(window.webContents.windowOpenHandler?.({ url })).toEqual({ action: 'deny' })
      const navigation = preventable({ url })
      window.webContents.emit('will-navigate', navigation)
      expect(navigation.prevented).toBe(true)
    }
    expect(electron.openedExternally).toEqual([
      'https://example.com/docs?q=1',
      'https://example.com/docs?q=1',
      'http://localhost:3000/',
      'http://localhost:3000/',
    ])
  })

  it('denies permission requests by default and grants clipboard writes only to the app page', () => {
    const ask = (permission: string, requestingUrl: string) => {
      let granted: boolean | undefined
      electron.sessionHandlers.permissionRequest?.(
        window.webContents,
        permission,
        (answer) => (granted = answer),
        { requestingUrl },
      )
      return granted
    }
    expect(ask('media', appUrl)).toBe(false)
    expect(ask('geolocation', appUrl)).toBe(false)
    expect(ask('notifications', appUrl)).toBe(false)
    expect(ask('openExternal', appUrl)).toBe(false)
    expect(ask('clipboard-sanitized-write', 'https://evil.example/')).toBe(false)
    expect(ask('clipboard-sanitized-write', appUrl)).toBe(true)
    expect(electron.sessionHandlers.permissionCheck?.(null, 'media', appUrl)).toBe(false)
  })

  it('serves every response with a strict Content-Security-Policy', () => {
    let headers: Record<string, string[] | string> | undefined
    electron.sessionHandlers.headers?.(
      { url: 'http://localhost:5173/', responseHeaders: { 'Content-Type': ['text/html'] } },
      (response) => (headers = response.responseHeaders),
    )
    expect(headers?.['Content-Type']).toEqual(['text/html'])
    const [csp] = headers?.['Content-Security-Policy'] as string[]
    expect(csp).toContain("script-src 'self'")
    expect(csp).toContain("object-src 'none'")
    expect(csp).not.toMatch(/unsafe-eval|https?:/)
  })

  it('closes the runtime before the app quits, once', async () => {
    const event = preventable({})
    electron.appEvents.emit('will-quit', event)
    expect(event.prevented).toBe(true)
    await expect.poll(() => runtime.closed).toBe(true)
    await expect.poll(() => electron.quitCount).toBe(1)
    expect(electron.handlers.size).toBe(0)
  })

  it('quits when the last window closes, except on macOS', () => {
    electron.appEvents.emit('window-all-closed')
    expect(electron.quitCount).toBe(1)
    const mac = createFakeElectron(appUrl)
    startDesktop({
      electron: mac,
      runtime: createFakeRuntime(),
      preloadPath: '/p.cjs',
      rendererFile,
      platform: 'darwin',
    })
    mac.appEvents.emit('window-all-closed')
    expect(mac.quitCount).toBe(0)
  })
})

describe('bridge calls over IPC', () => {
  it('registers exactly one handler per bridge call, on its channel', () => {
    expect([...electron.handlers.keys()].sort()).toEqual(
      BRIDGE_METHODS.map((m) => BRIDGE_CALLS[m].channel).sort(),
    )
  })

  it('runs every call end to end with valid input', async () => {
    const seen = await exerciseEveryCall((method, input) => call(method, input))
    expect([...seen].sort()).toEqual([...BRIDGE_METHODS].sort())
  })

  it('answers wrongly typed payloads for every call with invalid_input and changes nothing', async () => {
    await call('createSession', { title: 'Keep me' })
    const before = runtime.snapshot()
    const callsBefore = runtime.calls.length
    expect(new Set(WRONGLY_TYPED.map(([m]) => m))).toEqual(new Set(BRIDGE_METHODS))
    for (const [method, input] of WRONGLY_TYPED)
      expectBridgeError(await call(method, input), 'invalid_input')
    expect(runtime.snapshot()).toBe(before)
    expect(runtime.calls.length).toBe(callsBefore)
  })

  it('answers "Open folder…" with the native folder dialog on the window: the folder picked, or canceled', async () => {
    electron.dialogAnswer = '/home/me/project'
    expect(await call('pickFolder', {})).toEqual({ ok: true, path: '/home/me/project' })
    electron.dialogAnswer = null
    expect(await call('pickFolder', {})).toEqual({ ok: false, reason: 'canceled' })
    expect(electron.dialogsShown).toEqual([
      { title: 'Open folder', properties: ['openDirectory', 'createDirectory'] },
      { title: 'Open folder', properties: ['openDirectory', 'createDirectory'] },
    ])
    // The runtime's own answer (no picker) is never reached from the desktop window.
    expect(runtime.calls).not.toContain('pickFolder')
  })

  it('refuses an oversized payload without reaching the runtime', async () => {
    expectBridgeError(await call('send', oversizedPayload()), 'invalid_input')
    expect(runtime.calls).toEqual([])
  })

  it('refuses calls from an iframe, another page, another webContents or a vanished frame', async () => {
    const senders: DesktopInvokeEvent[] = [
      {
        sender: window.webContents,
        senderFrame: { url: appUrl, parent: window.webContents.mainFrame },
      },
      { sender: window.webContents, senderFrame: { url: 'https://evil.example/', parent: null } },
      { sender: window.webContents, senderFrame: { url: appUrl, parent: null } },
      {
        sender: { ...window.webContents, mainFrame: window.webContents.mainFrame } as never,
        senderFrame: window.webContents.mainFrame,
      },
      { sender: window.webContents, senderFrame: null },
      {
        sender: window.webContents,
        get senderFrame(): never {
          throw new Error('Render frame was disposed before WebFrameMain could be accessed')
        },
      },
    ]
    for (const event of senders) {
      for (const method of BRIDGE_METHODS) {
        expectBridgeError(await call(method, {}, event), 'forbidden')
      }
    }
    expect(runtime.calls).toEqual([])
  })

  it('refuses calls once the window is gone', async () => {
    const event = fromApp()
    window.destroyed = true
    expectBridgeError(await call('listSessions', {}, event), 'forbidden')
  })

  it('survives arbitrary JSON on every channel: typed answers, and no change unless the input is valid', async () => {
    await call('createSession', { title: 'Existing' })
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...BRIDGE_METHODS),
        fc.jsonValue(),
        async (method, input) => {
          const before = runtime.snapshot()
          const result = await call(method, input)
          expectSafeReply(method, input, result, before, runtime.snapshot())
        },
      ),
      { numRuns: 300 },
    )
  })
})

describe('live events', () => {
  it('pushes every runtime event to the window on the event channel', async () => {
    const created = (await call('createSession', {})) as { session: { id: string } }
    const pushed = window.webContents.sent.filter((m) => m.channel === EVENT_CHANNEL)
    expect(pushed.map((m) => m.args[0])).toContainEqual(
      expect.objectContaining({ type: 'session_changed', sessionId: created.session.id }),
    )
  })

  it('shows one OS notification for requests that arrive together while the window is unfocused, and a click opens the first one', async () => {
    window.focused = false
    const created = (await call('createSession', { title: 'Fix the tests' })) as {
      session: { id: string }
    }
    await call('send', { sessionId: created.session.id, text: 'go' })
    await gathered()
    expect(electron.notifications.map((n) => [n.title, n.body, n.shown, n.silent])).toEqual([
      ['2 requests waiting in 1 session', 'Run `npm test` · Which colour?', true, false],
    ])
    const [permission] = (await call('listPending', { sessionId: created.session.id })) as Array<{
      requestId: string
    }>
    window.webContents.sent.length = 0
    electron.notifications[0]?.click()
    expect(window.focused).toBe(true)
    expect(window.webContents.sent).toEqual([
      {
        channel: EVENT_CHANNEL,
        args: [
          {
            type: 'notice_clicked',
            sessionId: created.session.id,
            requestId: permission?.requestId,
          },
        ],
      },
    ])
  })

  it('names the session and says what is asked when one request waits', async () => {
    window.focused = false
    const created = (await call('createSession', { title: 'Fix the tests' })) as {
      session: { id: string }
    }
    await call('send', { sessionId: created.session.id, text: 'go' })
    await gathered()
    const [permission] = (await call('listPending', { sessionId: created.session.id })) as Array<{
      requestId: string
    }>
    await call('respondToPermission', { requestId: permission?.requestId, decision: 'allow' })
    await gathered()
    // The question still waits, so the notification stays; a second session folds into it quietly.
    const other = (await call('createSession', { title: 'Write docs' })) as {
      session: { id: string }
    }
    await call('send', { sessionId: other.session.id, text: 'go' })
    await gathered()
    expect(electron.notifications.map((n) => [n.title, n.silent, n.closed])).toEqual([
      ['2 requests waiting in 1 session', false, true],
      ['3 requests waiting in 2 sessions', true, false],
    ])
  })

  it('takes the notification away once everything it covered is answered', async () => {
    window.focused = false
    const created = (await call('createSession', {})) as { session: { id: string } }
    await call('send', { sessionId: created.session.id, text: 'go' })
    await gathered()
    for (const item of (await call('listPending', { sessionId: created.session.id })) as Array<{
      requestId: string
    }>)
      await call('dismissInteraction', { requestId: item.requestId })
    await gathered()
    expect(electron.notifications.map((n) => [n.shown, n.closed])).toEqual([[true, true]])
  })

  it('names only the kind of request when "Show what is asked" is off', async () => {
    window.focused = false
    await call('updateSettings', { notifyShowsWhatIsAsked: false })
    const created = (await call('createSession', { title: 'Payroll' })) as {
      session: { id: string }
    }
    await call('send', { sessionId: created.session.id, text: 'go' })
    await gathered()
    expect(electron.notifications.map((n) => [n.title, n.body])).toEqual([
      ['2 requests waiting in 1 session', 'Open Parley to answer them'],
    ])
  })

  it('does not notify for the session the focused window shows', async () => {
    window.focused = true
    const created = (await call('createSession', {})) as { session: { id: string } }
    await call('openSession', { sessionId: created.session.id })
    await call('send', { sessionId: created.session.id, text: 'go' })
    await gathered()
    expect(electron.notifications).toEqual([])
  })

  it('notifies when a background session starts waiting, even while the window has focus', async () => {
    window.focused = true
    const shown = (await call('createSession', {})) as { session: { id: string } }
    const background = (await call('createSession', { title: 'Background' })) as {
      session: { id: string }
    }
    await call('openSession', { sessionId: shown.session.id })
    await call('send', { sessionId: background.session.id, text: 'go' })
    await gathered()
    expect(electron.notifications.map((n) => [n.title, n.shown])).toEqual([
      ['2 requests waiting in 1 session', true],
    ])
  })

  it('counts requests that already waited when the app started (re-shown after a restart) on the badge', async () => {
    const restarted = createFakeElectron(appUrl)
    startDesktop({
      electron: restarted,
      runtime: createFakeRuntime({ restored: { title: 'Deploy' } }),
      preloadPath: '/p',
      rendererFile,
      platform: 'linux',
    })
    await gathered()
    expect(restarted.badgeCount).toBe(2)
    // Waiting from before is counted, not announced again as new.
    expect(restarted.notifications).toEqual([])
  })

  it('counts the waiting requests on the launcher badge, down to none as they are answered', async () => {
    const created = (await call('createSession', {})) as { session: { id: string } }
    await call('send', { sessionId: created.session.id, text: 'go' })
    expect(electron.badgeCount).toBe(2)
    const pending = (await call('listPending', { sessionId: created.session.id })) as Array<{
      requestId: string
      kind: string
    }>
    const permission = pending.find((p) => p.kind === 'permission')
    await call('respondToPermission', {
      requestId: permission?.requestId,
      decision: 'allow',
      remember: false,
    })
    expect(electron.badgeCount).toBe(1)
    expect(window.overlay).toBeNull()
  })

  it('on Windows shows the count as a taskbar overlay', async () => {
    const windows = createFakeElectron(appUrl)
    const fake = createFakeRuntime()
    startDesktop({
      electron: windows,
      runtime: fake,
      preloadPath: '/p',
      rendererFile,
      platform: 'win32',
    })
    const shown = windows.windows[0]
    const event = { sender: shown?.webContents, senderFrame: shown?.webContents.mainFrame }
    const created = (await windows.invoke(
      BRIDGE_CALLS.createSession.channel,
      event as DesktopInvokeEvent,
      {},
    )) as { session: { id: string } }
    await windows.invoke(BRIDGE_CALLS.send.channel, event as DesktopInvokeEvent, {
      sessionId: created.session.id,
      text: 'go',
    })
    expect(shown?.overlay).toBe('2 waiting for you')
  })
})

describe('desktop habits', () => {
  it('a second launch brings the first window forward instead of opening another', () => {
    window.focused = false
    window.shown = false
    electron.appEvents.emit('second-instance')
    expect(electron.windows).toHaveLength(1)
    expect(window.shown).toBe(true)
    expect(window.focused).toBe(true)
  })
})
