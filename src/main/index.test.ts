import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { BRIDGE_CALLS, EVENT_CHANNEL, type BridgeEvent, type BridgeMethod } from '../shared/bridge'
import type { Scenario } from '../shared/scenario'
import type { FakeElectron, FakeWindow } from './desktop/testing/fake-electron'

/**
 * The Electron entry, composed for real (real runtime, real IPC handlers, real safeStorage
 * secret store) against a fake `electron` module: a whole turn with a permission prompt and a
 * question runs through the same handlers the preload calls.
 */
const fake = await vi.hoisted(async () => {
  const { createFakeElectron } = await import('./desktop/testing/fake-electron')
  const { APP_PAGE_URL } = await import('./desktop/app-protocol')
  return Object.assign(createFakeElectron(APP_PAGE_URL), {
    dialog: { showErrorBox: (title: string, message: string) => console.error(title, message) },
    exitCode: undefined as number | undefined,
  })
})
vi.mock('electron', () => ({
  ...fake,
  app: {
    ...fake.app,
    isPackaged: false,
    exit: (code: number) => (fake.exitCode = code),
    on: fake.app.on.bind(fake.app),
  },
}))

const scenario: Scenario = {
  turns: [
    {
      steps: [
        { say: 'Checking.', call: [{ tool: 'run_command', input: { command: 'echo ok' } }] },
        {
          say: 'Pick one.',
          call: [
            {
              tool: 'AskUserQuestion',
              input: {
                questions: [{ question: 'Ship it?', options: [{ label: 'Yes' }, { label: 'No' }] }],
              },
            },
          ],
        },
        { say: 'Answer was {{lastToolResult}}' },
      ],
    },
  ],
}

let dir: string
let window: FakeWindow
const argv = process.argv

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'parley-desktop-'))
  await mkdir(join(dir, 'ws'))
  await writeFile(join(dir, 'scenario.json'), JSON.stringify(scenario))
  process.argv = [
    argv[0] ?? 'electron',
    'out/main/index.js',
    '--data-dir',
    join(dir, 'data'),
    '--scenario',
    join(dir, 'scenario.json'),
  ]
  await import('./index')
  await vi.waitFor(() => expect(fake.windows).toHaveLength(1), { timeout: 10_000 })
  window = fake.windows[0] as FakeWindow
})
afterAll(async () => {
  process.argv = argv
  fake.appEvents.emit('will-quit', { preventDefault: () => undefined })
  // The runtime flushes its logs before the app quits; only then is the folder removed.
  await vi.waitFor(() => expect(fake.quitCount).toBeGreaterThan(0))
  await rm(dir, { recursive: true, force: true })
})

const call = (method: BridgeMethod, input: unknown) =>
  (fake as FakeElectron).invoke(
    BRIDGE_CALLS[method].channel,
    { sender: window.webContents, senderFrame: window.webContents.mainFrame },
    input,
  ) as Promise<Record<string, unknown>>

const pushed = () =>
  window.webContents.sent
    .filter((m) => m.channel === EVENT_CHANNEL)
    .map((m) => m.args[0] as BridgeEvent)

async function nextPushed<T extends BridgeEvent>(match: (e: BridgeEvent) => e is T): Promise<T> {
  let found: T | undefined
  await vi.waitFor(
    () => {
      found = pushed().find(match)
      expect(found).toBeDefined()
    },
    { timeout: 10_000 },
  )
  return found as T
}

describe('the Electron entry', () => {
  it('registers app:// as a privileged scheme and loads the page from it, not from file://', () => {
    expect(fake.privilegedSchemes.map((scheme) => scheme.scheme)).toEqual(['app'])
    expect(fake.protocolHandlers.has('app')).toBe(true)
    expect(window.loaded).toBe('app://parley/index.html')
  })

  it('runs a whole turn with a permission prompt and a question over the IPC handlers', async () => {
    expect(fake.exitCode).toBeUndefined()
    const created = await call('createSession', { mode: 'ask', workspace: join(dir, 'ws') })
    expect(created).toMatchObject({ ok: true })
    const sessionId = (created.session as { id: string }).id
    expect(await call('send', { sessionId, text: 'go' })).toMatchObject({ ok: true })

    const added =
      (kind: string) =>
      (e: BridgeEvent): e is Extract<BridgeEvent, { type: 'interaction_added' }> =>
        e.type === 'interaction_added' && e.interaction.kind === kind
    const permission = await nextPushed(added('permission'))
    // The window is unfocused: the person is told, naming what waits, before anyone answers.
    await vi.waitFor(() => expect(fake.notifications.filter((n) => n.shown)).toHaveLength(1))
    expect(fake.notifications[0]?.title).toMatch(/needs your input$/)
    expect(
      await call('respondToPermission', {
        requestId: permission.interaction.requestId,
        decision: 'allow',
      }),
    ).toEqual({ ok: true })
    const question = await nextPushed(added('question'))
    expect(
      await call('respondToQuestion', {
        requestId: question.interaction.requestId,
        answers: ['Yes'],
      }),
    ).toEqual({ ok: true })
    const end = await nextPushed(
      (e): e is Extract<BridgeEvent, { type: 'session_event' }> =>
        e.type === 'session_event' && e.event.type === 'turn_end',
    )
    expect(end.event).toMatchObject({ reason: 'completed' })
    expect(JSON.stringify(pushed())).toContain('Answer was')
    // Everything answered: no notification is left on screen saying input is needed.
    await vi.waitFor(() => expect(fake.notifications.every((n) => n.closed || !n.shown)).toBe(true))
  })

  it('keeps API keys in an encrypted 0600 file and never returns them', async () => {
    const updated = await call('updateSettings', { anthropicApiKey: 'sk-ant-very-secret' })
    expect(updated).toMatchObject({ ok: true, settings: { anthropicApiKeySet: true } })
    expect(JSON.stringify(updated)).not.toContain('sk-ant-very-secret')
    expect(JSON.stringify(await call('getSettings', {}))).not.toContain('sk-ant-very-secret')
    const file = join(dir, 'data', 'secrets.safe')
    expect((await stat(file)).mode & 0o777).toBe(0o600)
    expect(await readFile(file, 'utf8')).not.toContain('sk-ant-very-secret')
  })

  it('refuses the same calls from a frame that is not the app page', async () => {
    const result = await (fake as FakeElectron).invoke(
      BRIDGE_CALLS.listSessions.channel,
      { sender: window.webContents, senderFrame: { url: 'https://evil.example/', parent: null } },
      {},
    )
    expect(result).toMatchObject({ ok: false, reason: 'forbidden' })
  })
})
