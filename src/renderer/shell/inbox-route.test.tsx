import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { createFakeBridge, fakeSession } from '../testing/fake-bridge'
import { agentPermissionRequest } from '../testing/fixtures'
import { renderApp } from '../testing/render-app'
import { inboxUrl, requestInSearch } from './inbox-route'

const oneWaiting = () =>
  createFakeBridge({
    sessions: [fakeSession('ci', { title: 'Fix the CI', updatedAt: 1 })],
    pending: { ci: [agentPermissionRequest({ sessionId: 'ci', requestId: 'a1' })] },
  })

const inboxList = () => screen.getByRole('list', { name: 'Waiting for you' })

async function openTheRequest() {
  const fake = oneWaiting()
  const { user } = await renderApp(fake)
  await user.keyboard('{Control>}i{/Control}')
  const item = within(inboxList()).getByRole('listitem', { name: /^Fix the CI/ })
  await user.click(within(item).getByRole('button', { name: /Fix the CI/ }))
  return { fake, user }
}

afterEach(() => window.history.replaceState(null, '', '/'))

describe('the inbox route', () => {
  it('a request has its own URL, keeping the fragment with the token', () => {
    const at = { pathname: '/', search: '', hash: '#token=t' }
    expect(inboxUrl(at, 'a1')).toBe('/?request=a1#token=t')
    expect(inboxUrl({ ...at, search: '?request=a1' }, null)).toBe('/#token=t')
    expect(requestInSearch('?request=a1')).toBe('a1')
    expect(requestInSearch('?request=')).toBeNull()
  })

  it('opening a request pushes a history entry, and Back returns to the list', async () => {
    await openTheRequest()
    expect(window.location.search).toBe('?request=a1')
    expect(await screen.findByRole('region', { name: 'Permission request' })).toBeInTheDocument()
    window.history.back()
    await waitFor(() => expect(window.location.search).toBe(''))
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Permission request' })).not.toBeInTheDocument(),
    )
    expect(inboxList()).toBeInTheDocument()
  })

  it('answering says it was sent and comes back to the list', async () => {
    const { user } = await openTheRequest()
    const tray = await screen.findByRole('region', { name: 'Permission request' })
    await user.click(within(tray).getByRole('button', { name: 'Yes' }))
    expect(await screen.findByText('Sent — the agent carries on')).toHaveAttribute('role', 'status')
    await waitFor(() => expect(window.location.search).toBe(''))
  })

  it('a page loaded at a request’s URL opens the inbox at that request', async () => {
    window.history.replaceState(null, '', '/?request=a1')
    await renderApp(oneWaiting())
    expect(await screen.findByRole('region', { name: 'Permission request' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Waiting for you' })).toBeInTheDocument()
  })

  it('a link to a request that no longer waits shows the list and says so', async () => {
    window.history.replaceState(null, '', '/?request=gone')
    await renderApp(oneWaiting())
    expect(await screen.findByText('That request is no longer waiting')).toHaveAttribute(
      'role',
      'status',
    )
    expect(window.location.search).toBe('')
    expect(inboxList()).toBeInTheDocument()
  })

  it('Back to chat leaves the URL of the request behind', async () => {
    const { user } = await openTheRequest()
    await user.click(screen.getByRole('button', { name: 'Back to chat' }))
    expect(window.location.search).toBe('')
    expect(screen.queryByRole('list', { name: 'Waiting for you' })).not.toBeInTheDocument()
  })
})
