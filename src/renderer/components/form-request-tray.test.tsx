import { act, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PROMPT_ARMING_MS } from '../../shared/prompt-arming'
import { createFakeBridge, fakeSession } from '../testing/fake-bridge'
import { formRequest, permissionRequest } from '../testing/fixtures'
import { renderApp } from '../testing/render-app'

const oneSession = () => createFakeBridge({ sessions: [fakeSession('s1')] })

async function showForm(patch: Parameters<typeof formRequest>[0] = {}) {
  const fake = oneSession()
  const rendered = await renderApp(fake)
  act(() => fake.ask(formRequest(patch)))
  const tray = await screen.findByRole('region', { name: 'Agent question' })
  return { ...rendered, fake, tray }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('a form in the composer slot', () => {
  it('names the server that asks, saves every change as a draft, and sends the answer', async () => {
    const { tray, user, fake } = await showForm()
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument()
    expect(within(tray).getByText('MCP server github asks')).toBeInTheDocument()
    await user.type(within(tray).getByRole('textbox', { name: 'Repository' }), 'parley')
    expect(fake.callsOf('saveFormDraft').at(-1)).toEqual({
      requestId: 'f1',
      draft: { index: 0, values: [{ kind: 'text', text: 'parley' }] },
    })
    await user.click(within(tray).getByRole('button', { name: 'Submit' }))
    expect(fake.callsOf('respondToForm')).toEqual([
      { requestId: 'f1', response: { action: 'accept', content: { repo: 'parley' } } },
    ])
    expect(await screen.findByRole('textbox', { name: 'Message' })).toHaveFocus()
  })

  it('refuses an empty required field at the field, then declines and cancels as asked', async () => {
    const { tray, user, fake } = await showForm()
    await user.click(within(tray).getByRole('button', { name: 'Submit' }))
    const repo = within(tray).getByRole('textbox', { name: 'Repository' })
    expect(repo).toHaveAttribute('aria-invalid', 'true')
    expect(repo).toHaveAccessibleDescription('Required: type an answer.')
    expect(fake.callsOf('respondToForm')).toEqual([])
    await user.click(within(tray).getByRole('button', { name: 'Decline' }))
    act(() => fake.ask(formRequest({ requestId: 'f2' })))
    const next = await screen.findByRole('region', { name: 'Agent question' })
    await user.click(within(next).getByRole('button', { name: 'Cancel' }))
    expect(fake.callsOf('respondToForm')).toEqual([
      { requestId: 'f1', response: { action: 'decline' } },
      { requestId: 'f2', response: { action: 'cancel' } },
    ])
  })

  it('comes back with its saved draft after a reload', async () => {
    const fake = createFakeBridge({
      sessions: [fakeSession('s1', { pendingCount: 1 })],
      pending: {
        s1: [formRequest({ draft: { index: 0, values: [{ kind: 'text', text: 'half' }] } })],
      },
    })
    await renderApp(fake)
    const tray = await screen.findByRole('region', { name: 'Agent question' })
    expect(within(tray).getByRole('textbox', { name: 'Repository' })).toHaveValue('half')
  })

  it('sends the answers of an orphaned form on as a message, or dismisses it', async () => {
    const { tray, user, fake } = await showForm({
      orphaned: true,
      source: { kind: 'acp', agent: 'Claude Code', rpcId: 2 },
    })
    expect(within(tray).getByText(/Claude Code is no longer waiting/)).toBeInTheDocument()
    expect(within(tray).queryByRole('button', { name: 'Stop' })).not.toBeInTheDocument()
    await user.type(within(tray).getByRole('textbox', { name: 'Repository' }), 'parley')
    await user.click(within(tray).getByRole('button', { name: 'Send as message' }))
    expect(fake.callsOf('sendFormAsMessage')).toEqual([
      { requestId: 'f1', response: { action: 'accept', content: { repo: 'parley' } } },
    ])
    act(() => fake.ask(formRequest({ requestId: 'f2', orphaned: true })))
    const next = await screen.findByRole('region', { name: 'Agent question' })
    await user.click(within(next).getByRole('button', { name: 'Dismiss' }))
    expect(fake.callsOf('dismissInteraction')).toEqual([{ requestId: 'f2' }])
    expect(fake.callsOf('respondToForm')).toEqual([])
  })

  it('offers Stop in its header, and queues behind another request with "1 more waiting"', async () => {
    const fake = oneSession()
    const { user } = await renderApp(fake)
    act(() => {
      fake.ask(permissionRequest())
      fake.ask(formRequest())
    })
    const permission = await screen.findByRole('region', { name: 'Permission request' })
    await user.click(within(permission).getByRole('button', { name: '1 more waiting' }))
    expect(within(permission).getByRole('list', { name: 'Waiting next' })).toHaveTextContent(
      'MCP server github asks Where should the issue go?',
    )
    await user.click(within(permission).getByRole('button', { name: 'Deny' }))
    const tray = await screen.findByRole('region', { name: 'Agent question' })
    const buttons = within(tray)
      .getAllByRole('button')
      .map((b) => b.textContent)
    expect(buttons.slice(-1)).toEqual(['Submit'])
    expect(tray.querySelector('header')).toContainElement(
      within(tray).getByRole('button', { name: 'Stop' }),
    )
    await user.click(within(tray).getByRole('button', { name: 'Stop' }))
    expect(fake.callsOf('stop')).toEqual([{ sessionId: 's1' }])
  })

  it('ignores its keys outside a text box until armed', async () => {
    const fake = oneSession()
    await renderApp(fake, null, { promptArmingMs: PROMPT_ARMING_MS })
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    act(() => fake.ask(formRequest()))
    const tray = screen.getByRole('region', { name: 'Agent question' })
    expect(tray).toHaveAttribute('data-armed', 'false')
    const submit = within(tray).getByRole('button', { name: 'Submit' })
    const enter = fireEvent.keyDown(submit, { key: 'Enter' })
    expect(enter).toBe(false)
    // Typing into a field is never held back.
    const repo = within(tray).getByRole('textbox', { name: 'Repository' })
    expect(fireEvent.keyDown(repo, { key: ' ' })).toBe(true)
    act(() => vi.advanceTimersByTime(PROMPT_ARMING_MS))
    expect(tray).toHaveAttribute('data-armed', 'true')
    expect(fireEvent.keyDown(submit, { key: 'Enter' })).toBe(true)
  })
})
