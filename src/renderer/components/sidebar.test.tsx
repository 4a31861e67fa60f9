import { act, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { createFakeBridge, fakeSession } from '../testing/fake-bridge'
import { permissionRequest, questionRequest, userMessage } from '../testing/fixtures'
import { renderApp } from '../testing/render-app'

const twoSessions = () =>
  createFakeBridge({
    sessions: [
      fakeSession('old', { title: 'Old chat', updatedAt: 1 }),
      fakeSession('new', { title: 'New chat', updatedAt: 2 }),
    ],
    events: { old: [userMessage('hello')], new: [userMessage('hi')] },
  })

const sessionLinks = () =>
  within(screen.getByRole('navigation', { name: 'Sessions' })).getAllByRole('link')

describe('the sidebar', () => {
  it('lists sessions newest first and opens the newest', async () => {
    const fake = twoSessions()
    await renderApp(fake)
    expect(sessionLinks().map((l) => l.textContent)).toEqual([
      expect.stringContaining('New chat'),
      expect.stringContaining('Old chat'),
    ])
    expect(screen.getByRole('link', { name: /New chat/ })).toHaveAttribute('aria-current', 'page')
  })

  it('marks a background session "Needs input" when its agent asks a question', async () => {
    const fake = twoSessions()
    await renderApp(fake)
    act(() => fake.ask(questionRequest({ sessionId: 'old' })))
    expect(await screen.findByRole('link', { name: /Old chat.*Needs input/ })).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Agent question' })).not.toBeInTheDocument()
  })

  it('shows "Needs input" for sessions that were waiting before the app started', async () => {
    const fake = createFakeBridge({
      sessions: [
        fakeSession('a', { title: 'Alpha', updatedAt: 2 }),
        fakeSession('b', { title: 'Beta', updatedAt: 1 }),
      ],
      pending: { b: [questionRequest({ sessionId: 'b' })] },
    })
    await renderApp(fake)
    expect(await screen.findByRole('link', { name: /Beta.*Needs input/ })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /Alpha/ })).not.toHaveTextContent('Needs input')
  })

  it('keeps each session its own composer draft when switching', async () => {
    const fake = twoSessions()
    const { user } = await renderApp(fake)
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'for new')
    await user.click(screen.getByRole('link', { name: /Old chat/ }))
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('')
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'for old')
    await user.click(screen.getByRole('link', { name: /New chat/ }))
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('for new')
  })

  it('shows the tray of the session switched to, from its pending requests', async () => {
    const fake = twoSessions()
    const { user } = await renderApp(fake)
    act(() => fake.ask(questionRequest({ sessionId: 'old' })))
    await user.click(await screen.findByRole('link', { name: /Old chat/ }))
    expect(await screen.findByRole('region', { name: 'Agent question' })).toBeInTheDocument()
  })

  it('creates, renames and deletes sessions', async () => {
    const fake = twoSessions()
    const { user } = await renderApp(fake)
    await user.click(screen.getByRole('button', { name: 'New session' }))
    expect(await screen.findByRole('link', { name: /New session/ })).toHaveAttribute(
      'aria-current',
      'page',
    )

    const row = screen.getByRole('link', { name: /Old chat/ }).closest('li') as HTMLElement
    await user.click(within(row).getByRole('button', { name: 'Rename “Old chat”' }))
    const input = within(row).getByRole('textbox', { name: 'Session title' })
    await user.clear(input)
    await user.type(input, 'Renamed{Enter}')
    expect(await screen.findByRole('link', { name: /Renamed/ })).toBeInTheDocument()

    const renamed = screen.getByRole('link', { name: /Renamed/ }).closest('li') as HTMLElement
    await user.click(within(renamed).getByRole('button', { name: 'Delete “Renamed”' }))
    await user.click(within(renamed).getByRole('button', { name: 'Delete' }))
    expect(screen.queryByRole('link', { name: /Renamed/ })).not.toBeInTheDocument()
    expect(fake.callsOf('removeSession')).toEqual([{ sessionId: 'old' }])
  })

  it('keeps a waiting session in its place, marked with a dot, saying what waits and how many requests', async () => {
    const fake = createFakeBridge({
      sessions: [
        fakeSession('a', { title: 'Alpha', updatedAt: 3 }),
        fakeSession('b', { title: 'Beta', updatedAt: 1 }),
      ],
      events: { a: [userMessage('hi')] },
    })
    await renderApp(fake)
    act(() => {
      fake.ask(permissionRequest({ sessionId: 'b' }))
      fake.ask(questionRequest({ sessionId: 'b' }))
    })
    await screen.findByRole('link', { name: /Beta.*Needs input/ })
    expect(sessionLinks().map((l) => l.textContent)).toEqual([
      expect.stringMatching(/^Alpha/),
      'BetaNeeds input·Permission · 2 waiting',
    ])
    const beta = screen.getByRole('link', { name: /Beta/ })
    expect(beta.querySelector('.session-dot')).not.toBeNull()
    expect(screen.getByRole('link', { name: /Alpha/ }).querySelector('.session-dot')).toBeNull()
    // One count, of requests, everywhere: no second line counting sessions.
    expect(screen.getByRole('button', { name: 'Waiting (2)' })).toBeInTheDocument()
    expect(screen.queryByText(/other sessions? needs? your input/)).not.toBeInTheDocument()
  })

  it('says when each session last changed in words', async () => {
    const now = Date.now()
    const fake = createFakeBridge({
      sessions: [fakeSession('a', { title: 'Alpha', updatedAt: now - 5 * 60_000 })],
      events: { a: [userMessage('hi')] },
    })
    await renderApp(fake)
    expect(screen.getByRole('link', { name: /Alpha/ })).toHaveTextContent('5 min ago')
  })

  it('finds sessions by title or workspace', async () => {
    const fake = twoSessions()
    const { user } = await renderApp(fake)
    await user.type(screen.getByRole('searchbox', { name: 'Search sessions' }), 'old')
    expect(sessionLinks().map((l) => l.textContent)).toEqual([expect.stringContaining('Old chat')])
    await user.clear(screen.getByRole('searchbox', { name: 'Search sessions' }))
    await user.type(screen.getByRole('searchbox', { name: 'Search sessions' }), 'zzz')
    expect(screen.getByText('No session matches “zzz”.')).toBeInTheDocument()
  })

  it('is one tab stop; arrow keys move between sessions and Right reaches Rename and Delete', async () => {
    const fake = twoSessions()
    const { user } = await renderApp(fake)
    const [first, second] = sessionLinks()
    expect(first).toHaveAttribute('tabindex', '0')
    expect(second).toHaveAttribute('tabindex', '-1')
    first?.focus()
    await user.keyboard('{ArrowDown}')
    expect(second).toHaveFocus()
    expect(second).toHaveAttribute('tabindex', '0')
    await user.keyboard('{ArrowRight}')
    expect(screen.getByRole('button', { name: 'Rename “Old chat”' })).toHaveFocus()
    await user.keyboard('{ArrowRight}')
    expect(screen.getByRole('button', { name: 'Delete “Old chat”' })).toHaveFocus()
    await user.keyboard('{ArrowLeft}{ArrowLeft}{Home}')
    expect(first).toHaveFocus()
    await user.keyboard('{End}{Enter}')
    expect(second).toHaveAttribute('aria-current', 'page')
  })

  it('closes Rename and Delete with Escape, giving focus back to the button that opened them', async () => {
    const fake = twoSessions()
    const { user } = await renderApp(fake)
    const rename = screen.getByRole('button', { name: 'Rename “Old chat”' })
    await user.click(rename)
    await user.keyboard('changed{Escape}')
    expect(screen.getByRole('link', { name: /Old chat/ })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Rename “Old chat”' })).toHaveFocus()
    expect(fake.callsOf('renameSession')).toEqual([])

    await user.click(screen.getByRole('button', { name: 'Delete “Old chat”' }))
    const confirm = screen.getByRole('group', { name: 'Delete “Old chat”?' })
    expect(within(confirm).getByRole('button', { name: 'Keep' })).toHaveFocus()
    await user.keyboard('{Escape}')
    expect(screen.getByRole('button', { name: 'Delete “Old chat”' })).toHaveFocus()
    expect(fake.callsOf('removeSession')).toEqual([])
  })

  it('marks a damaged session and says what is wrong', async () => {
    const fake = createFakeBridge({
      sessions: [fakeSession('a', { title: 'Alpha', damaged: 'A record at byte 120 was torn.' })],
    })
    await renderApp(fake)
    const link = screen.getByRole('link', { name: /Alpha/ })
    expect(link).toHaveTextContent('Damaged')
    expect(link).toHaveAccessibleDescription('A record at byte 120 was torn.')
  })
})
