import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { McpServerInfo } from '../../shared'
import { createFakeBridge, fakeSession } from '../testing/fake-bridge'
import { renderApp } from '../testing/render-app'

const WORKSPACE = '/work/s1'

const tracker = (signIn: McpServerInfo['signIn']): McpServerInfo => ({
  name: 'tracker',
  origin: 'user',
  transport: 'http',
  summary: 'https://tracker.example.com/mcp',
  status:
    signIn === 'signed_in' ? { state: 'ready' } : { state: 'failed', reason: 'needs sign-in' },
  tools: [],
  notices: [],
  ...(signIn ? { signIn } : {}),
})

async function openMcp(server: McpServerInfo) {
  const fake = createFakeBridge({
    sessions: [fakeSession('s1')],
    mcp: { [WORKSPACE]: { servers: [server], problems: [], pendingApproval: null } },
  })
  const rendered = await renderApp(fake, 's1')
  await rendered.user.click(screen.getByRole('button', { name: 'Settings' }))
  await rendered.user.click(screen.getByRole('tab', { name: 'MCP servers' }))
  const item = await waitFor(
    () =>
      within(screen.getByRole('list', { name: 'MCP servers' }))
        .getAllByRole('listitem')
        .find((li) => within(li).queryByRole('heading', { name: 'tracker' })) as HTMLElement,
  )
  return { fake, item, ...rendered }
}

afterEach(() => vi.restoreAllMocks())

describe('signing in to an MCP server from Settings', () => {
  it('Sign in opens the server’s authorization page from the click', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null)
    const { fake, item, user } = await openMcp(tracker('signed_out'))
    expect(within(item).getByText('Not signed in')).toBeInTheDocument()
    await user.click(within(item).getByRole('button', { name: 'Sign in to tracker' }))
    expect(fake.callsOf('signInMcpServer')).toEqual([{ workspace: WORKSPACE, name: 'tracker' }])
    expect(open).toHaveBeenCalledWith(
      'https://auth.example.com/authorize?server=tracker',
      '_blank',
      'noopener,noreferrer',
    )
    expect(await within(item).findByRole('status')).toHaveTextContent(
      'Finish signing in to tracker in your browser.',
    )
  })

  it('a signed-in server says so and offers Sign out', async () => {
    const { fake, item, user } = await openMcp(tracker('signed_in'))
    expect(within(item).getByText('Signed in')).toBeInTheDocument()
    await user.click(within(item).getByRole('button', { name: 'Sign out of tracker' }))
    expect(fake.callsOf('signOutMcpServer')).toEqual([{ workspace: WORKSPACE, name: 'tracker' }])
  })

  it('shows nothing about sign-in for a server that asked for none', async () => {
    const { item } = await openMcp(tracker(undefined))
    expect(within(item).queryByRole('button', { name: /Sign in|Sign out/ })).toBeNull()
  })
})
