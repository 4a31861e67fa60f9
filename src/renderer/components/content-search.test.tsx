import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { createFakeBridge, fakeSession } from '../testing/fake-bridge'
import { userMessage } from '../testing/fixtures'
import { renderApp } from '../testing/render-app'

describe('searching sessions', () => {
  it('finds a session by what was said in it, not only its title, and shows the match', async () => {
    const fake = createFakeBridge({
      sessions: [
        fakeSession('s1', { title: 'Database work' }),
        fakeSession('s2', { title: 'Poems' }),
      ],
      events: { s1: [userMessage('use postgres please')], s2: [userMessage('a haiku about rain')] },
    })
    const { user } = await renderApp(fake)
    const sidebar = screen.getByRole('navigation', { name: 'Sessions' })
    await user.type(screen.getByRole('searchbox', { name: 'Search sessions' }), 'haiku')
    const row = await within(sidebar).findByRole('link', { name: /Poems/ })
    expect(row).toHaveTextContent('a haiku about rain')
    expect(within(sidebar).queryByRole('link', { name: /Database work/ })).not.toBeInTheDocument()
    expect(fake.callsOf('searchSessions').at(-1)).toEqual({ query: 'haiku' })
  })
})
