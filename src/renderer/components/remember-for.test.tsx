import { act, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { createFakeBridge, fakeSession } from '../testing/fake-bridge'
import { permissionRequest } from '../testing/fixtures'
import { renderApp } from '../testing/render-app'

async function showPrompt(options: { paired?: boolean } = {}) {
  const fake = createFakeBridge({ sessions: [fakeSession('s1', { title: 'Refactor' })] })
  const rendered = await renderApp(fake, null, options)
  act(() => fake.ask(permissionRequest({ rememberScope: ['`npm test`'] })))
  const tray = await screen.findByRole('region', { name: 'Permission request' })
  return { ...rendered, fake, tray }
}

describe('Remember for, beside the Remember checkbox', () => {
  it('offers this turn, this session, this project and all projects, this turn first', async () => {
    const { tray } = await showPrompt()
    const select = within(tray).getByRole('combobox', { name: 'Remember for' })
    expect(select).toHaveValue('turn')
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['This turn', 'This session', 'This project', 'All projects'])
  })

  it('choosing a lasting scope ticks Remember, says what it means, and sends the scope with Allow', async () => {
    const { tray, user, fake } = await showPrompt()
    await user.selectOptions(within(tray).getByRole('combobox', { name: 'Remember for' }), [
      'This project',
    ])
    expect(within(tray).getByRole('checkbox', { name: /^Remember for this turn/ })).toBeChecked()
    expect(within(tray).getByText(/Not asked again in this project/)).toBeInTheDocument()
    await user.click(within(tray).getByRole('button', { name: 'Allow' }))
    expect(fake.callsOf('respondToPermission')).toEqual([
      { requestId: 'p1', decision: 'allow', remember: true, scope: 'project' },
    ])
  })

  it('with Deny it asks for a deny rule; unticking Remember sends no scope', async () => {
    const { tray, user, fake } = await showPrompt()
    await user.selectOptions(within(tray).getByRole('combobox', { name: 'Remember for' }), [
      'All projects',
    ])
    await user.click(within(tray).getByRole('button', { name: 'Deny' }))
    expect(fake.callsOf('respondToPermission')).toEqual([
      { requestId: 'p1', decision: 'deny', remember: true, scope: 'global' },
    ])

    act(() => fake.ask(permissionRequest({ requestId: 'p2', rememberScope: ['`ls`'] })))
    const next = await screen.findByRole('region', { name: 'Permission request' })
    await user.selectOptions(within(next).getByRole('combobox', { name: 'Remember for' }), [
      'This session',
    ])
    await user.click(within(next).getByRole('checkbox', { name: /^Remember for this turn/ }))
    await user.click(within(next).getByRole('button', { name: 'Allow' }))
    expect(fake.callsOf('respondToPermission')[1]).toEqual({
      requestId: 'p2',
      decision: 'allow',
      remember: false,
    })
  })

  it('is not offered on a paired phone, which answers for the turn only', async () => {
    const { tray } = await showPrompt({ paired: true })
    expect(within(tray).getByRole('checkbox', { name: /^Remember for this turn/ })).toBeVisible()
    expect(within(tray).queryByRole('combobox', { name: 'Remember for' })).not.toBeInTheDocument()
  })
})
