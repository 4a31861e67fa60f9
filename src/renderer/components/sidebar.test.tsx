import { act, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { createFakeBridge, fakeSession } from '../test/fake-bridge'
import { questionRequest, userMessage } from '../test/fixtures'
import { renderApp } from '../test/render-app'

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
})
