import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { createFakeBridge, fakeSession } from '../testing/fake-bridge'
import { renderApp } from '../testing/render-app'

describe('the session header', () => {
  it('shows the context the session uses and its cost, in words for a screen reader', async () => {
    const fake = createFakeBridge({
      sessions: [
        fakeSession('s1', {
          agent: { id: 'codex', name: 'Codex' },
          usage: { used: 12_345, size: 200_000, cost: { amount: 0.42, currency: 'USD' } },
        }),
      ],
    })
    await renderApp(fake)
    const header = await screen.findByRole('banner')
    expect(header).toHaveTextContent('12.3k / 200k tokens (6%) · $0.42')
    expect(
      screen.getByText('12,345 of 200,000 tokens of context used, 6%; cost so far $0.42'),
    ).toHaveClass('visually-hidden')
  })

  it('shows no usage for a session that reported none', async () => {
    await renderApp(createFakeBridge({ sessions: [fakeSession('s1')] }))
    expect(await screen.findByRole('banner')).not.toHaveTextContent('tokens')
  })
})
