import { act, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createFakeBridge, fakeSession } from '../testing/fake-bridge'
import { agentPermissionRequest, permissionRequest, questionRequest } from '../testing/fixtures'
import { renderApp } from '../testing/render-app'

/** Two sessions, three requests from two askers: Parley's agent and Codex. */
const waitingInTwoSessions = () =>
  createFakeBridge({
    sessions: [
      fakeSession('db', { title: 'Migrate the database', updatedAt: 2 }),
      fakeSession('ci', { title: 'Fix the CI', updatedAt: 1 }),
    ],
    pending: {
      db: [
        questionRequest({ sessionId: 'db', requestId: 'q1' }),
        permissionRequest({
          sessionId: 'db',
          requestId: 'p1',
          createdAt: Date.UTC(2026, 0, 1, 9, 40),
        }),
      ],
      ci: [agentPermissionRequest({ sessionId: 'ci', requestId: 'a1' })],
    },
  })

const inboxList = () => screen.getByRole('list', { name: 'Waiting for you' })

describe('the inbox', () => {
  afterEach(() => window.history.replaceState(null, '', '/'))

  it('opens from the sidebar with the count, listing every request grouped by session, the longest waiting first', async () => {
    const fake = waitingInTwoSessions()
    const { user } = await renderApp(fake)
    await user.click(screen.getByRole('button', { name: 'Waiting (3)' }))
    const items = within(inboxList()).getAllByRole('listitem')
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual([
      expect.stringMatching(/^Migrate the database: question from The agent/),
      expect.stringMatching(/^Migrate the database: permission from The agent/),
      expect.stringMatching(/^Fix the CI: permission from Codex/),
    ])
    // Each session's title heads its group once; the lines under it say what is asked.
    expect(inboxList().querySelectorAll('.inbox-group-title')).toHaveLength(2)
  })

  it('shows what is asked with its markdown drawn, not as raw backticks', async () => {
    const fake = createFakeBridge({
      sessions: [fakeSession('ci', { title: 'Fix the CI', updatedAt: 1 })],
      pending: {
        ci: [
          questionRequest({
            sessionId: 'ci',
            requestId: 'q1',
            questions: [
              { question: 'Run `npm test` **now**?', options: [{ label: 'Yes' }, { label: 'No' }] },
            ],
          }),
        ],
      },
    })
    const { user } = await renderApp(fake)
    await user.keyboard('{Control>}i{/Control}')
    const line = within(inboxList()).getByRole('listitem', { name: /^Fix the CI/ })
    await vi.waitFor(() => expect(within(line).getByText('npm test').tagName).toBe('CODE'))
    expect(within(line).getByText('now').tagName).toBe('STRONG')
    expect(line).not.toHaveTextContent('`')
  })

  it('j and k move the open request through the list, and the line stays marked', async () => {
    const fake = waitingInTwoSessions()
    const { user } = await renderApp(fake)
    await user.keyboard('{Control>}i{/Control}')
    await user.keyboard('j')
    expect(await screen.findByRole('region', { name: 'Agent question' })).toBeInTheDocument()
    expect(window.location.search).toBe('?request=q1')
    await user.keyboard('j')
    expect(await screen.findByRole('region', { name: 'Permission request' })).toBeInTheDocument()
    expect(window.location.search).toBe('?request=p1')
    await user.keyboard('k')
    expect(await screen.findByRole('region', { name: 'Agent question' })).toBeInTheDocument()
    const marked = inboxList().querySelector('[aria-current="true"]')
    expect(marked).toHaveTextContent(/Which database/)
  })

  it('Ctrl+I opens it and the window title counts what waits', async () => {
    const fake = waitingInTwoSessions()
    const { user } = await renderApp(fake)
    expect(document.title).toMatch(/^\(3\) /)
    await user.keyboard('{Control>}i{/Control}')
    expect(inboxList()).toBeInTheDocument()
  })

  it('answers a request in place with its own tray, and the line leaves the list', async () => {
    const fake = waitingInTwoSessions()
    const { user } = await renderApp(fake)
    await user.keyboard('{Control>}i{/Control}')
    const codex = within(inboxList()).getByRole('listitem', { name: /^Fix the CI/ })
    await user.click(within(codex).getByRole('button', { name: /Fix the CI/ }))
    const tray = await screen.findByRole('region', { name: 'Permission request' })
    await user.click(within(tray).getByRole('button', { name: 'Yes' }))
    expect(fake.callsOf('respondToAgentPermission')).toEqual([
      { requestId: 'a1', optionId: 'approved' },
    ])
    expect(
      within(inboxList()).queryByRole('listitem', { name: /^Fix the CI/ }),
    ).not.toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Permission request' })).not.toBeInTheDocument()
    expect(document.title).toMatch(/^\(2\) /)
  })

  it('a request that arrives while it is open is listed at once', async () => {
    const fake = waitingInTwoSessions()
    const { user } = await renderApp(fake)
    await user.click(screen.getByRole('button', { name: 'Waiting (3)' }))
    act(() =>
      fake.ask(
        questionRequest({ sessionId: 'ci', requestId: 'q9', createdAt: Date.UTC(2026, 0, 2) }),
      ),
    )
    expect(within(inboxList()).getAllByRole('listitem')).toHaveLength(4)
    expect(screen.getByRole('button', { name: 'Waiting (4)' })).toBeInTheDocument()
  })

  it('"Open session" jumps to the session the request belongs to', async () => {
    const fake = waitingInTwoSessions()
    const { user } = await renderApp(fake)
    await user.click(screen.getByRole('button', { name: 'Waiting (3)' }))
    const codex = within(inboxList()).getByRole('listitem', { name: /^Fix the CI/ })
    await user.click(within(codex).getByRole('button', { name: /Fix the CI/ }))
    await user.click(screen.getByRole('button', { name: 'Open session' }))
    expect(screen.queryByRole('list', { name: 'Waiting for you' })).not.toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'Fix the CI' })).toBeInTheDocument()
  })
})

/** A stand-in for the browser's Notification: records each one and lets a test click it. */
function stubNotifications() {
  const shown: Array<{ title: string; body: string | undefined; click(): void }> = []
  class FakeNotification {
    static permission = 'granted'
    onclick: (() => void) | null = null
    constructor(title: string, options?: { body?: string }) {
      shown.push({ title, body: options?.body, click: () => this.onclick?.() })
    }
    close() {}
  }
  vi.stubGlobal('Notification', FakeNotification)
  return shown
}

describe('notifications', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('while the page is in the background, names the session and says what is asked', async () => {
    const shown = stubNotifications()
    const fake = waitingInTwoSessions()
    await renderApp(fake)
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden')
    act(() => fake.ask(questionRequest({ sessionId: 'ci', requestId: 'q9' })))
    await vi.waitFor(() =>
      expect(shown.map(({ title, body }) => ({ title, body }))).toEqual([
        {
          title: 'Fix the CI needs your input',
          body: 'Which database? · Which language? · Add CI?',
        },
      ]),
    )
  })

  it('shows none for the session on screen in a focused page, and one for another session; a click opens it', async () => {
    vi.spyOn(document, 'hasFocus').mockReturnValue(true)
    const shown = stubNotifications()
    const fake = waitingInTwoSessions()
    await renderApp(fake)
    expect(await screen.findByRole('heading', { name: 'Migrate the database' })).toBeVisible()
    act(() => fake.ask(questionRequest({ sessionId: 'db', requestId: 'q8' })))
    act(() => fake.ask(questionRequest({ sessionId: 'ci', requestId: 'q9' })))
    await vi.waitFor(() =>
      expect(shown.map((n) => n.title)).toEqual(['Fix the CI needs your input']),
    )
    act(() => shown[0]?.click())
    expect(await screen.findByRole('heading', { name: 'Fix the CI' })).toBeInTheDocument()
  })
})
