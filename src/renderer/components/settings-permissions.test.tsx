import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { PermissionRule } from '../../shared/permission-rules'
import { createFakeBridge, fakeSession } from '../testing/fake-bridge'
import { renderApp } from '../testing/render-app'

const rule = (patch: Partial<PermissionRule> & Pick<PermissionRule, 'id'>): PermissionRule => ({
  decision: 'allow',
  scope: 'project',
  workspace: '/home/me/app',
  label: '`npm test` with any files in the workspace',
  createdAt: Date.now() - 60_000,
  uses: 3,
  tool: 'run_command',
  sessionTitle: 'Fix tests',
  ...patch,
})

async function openPermissions(rules: PermissionRule[]) {
  const fake = createFakeBridge({ sessions: [fakeSession('s1')], rules })
  const rendered = await renderApp(fake)
  await rendered.user.click(screen.getByRole('button', { name: 'Settings' }))
  await rendered.user.click(screen.getByRole('tab', { name: 'Permissions' }))
  return { ...rendered, fake }
}

describe('Settings → Permissions', () => {
  it('lists every rule: all projects first, with what it covers, allow or deny, where, whence and uses', async () => {
    await openPermissions([
      rule({ id: 'r1' }),
      rule({ id: 'r2', decision: 'deny', scope: 'global', label: '`git push`', uses: 0 }),
    ])
    const list = await screen.findByRole('list', { name: 'Permission rules' })
    const items = within(list).getAllByRole('listitem')
    expect(items).toHaveLength(2)
    expect(items[0]).toHaveTextContent('Deny')
    expect(items[0]).toHaveTextContent('git push')
    expect(items[0]).toHaveTextContent('All projects')
    expect(items[0]).toHaveTextContent('never used')
    expect(items[1]).toHaveTextContent('Allow')
    expect(items[1]).toHaveTextContent('Project /home/me/app')
    expect(items[1]).toHaveTextContent('from a run_command prompt in “Fix tests”')
    expect(items[1]).toHaveTextContent('used 3 times')
    expect(screen.getByText(/live in the agent and cannot be listed/)).toBeInTheDocument()
  })

  it('Remove forgets the rule at once and says so', async () => {
    const { user, fake } = await openPermissions([rule({ id: 'r1' })])
    const list = await screen.findByRole('list', { name: 'Permission rules' })
    const item = within(list).getByRole('listitem')
    await user.click(within(item).getByRole('button', { name: 'Remove' }))
    expect(fake.callsOf('removePermissionRule')).toEqual([{ ruleId: 'r1' }])
    expect(within(list).queryAllByRole('listitem')).toHaveLength(0)
    expect(screen.getByText(/Removed “Always allow/)).toBeInTheDocument()
  })

  it('names the variables commands may see: a wrong name is refused in words, the list saved as typed', async () => {
    const { user, fake } = await openPermissions([])
    const field = screen.getByRole('textbox', { name: 'Also pass these variables' })
    const save = screen.getByRole('button', { name: 'Save variables' })
    expect(save).toBeDisabled()
    await user.type(field, 'HTTPS_PROXY, 9LIVES')
    expect(field).toHaveAccessibleDescription(/Not a variable name: 9LIVES/)
    expect(save).toBeDisabled()
    await user.clear(field)
    await user.type(field, 'HTTPS_PROXY, GOPATH HTTPS_PROXY')
    await user.click(save)
    expect(fake.callsOf('updateSettings')).toEqual([
      { sandboxAllowedEnv: ['HTTPS_PROXY', 'GOPATH'] },
    ])
    expect(screen.getByText('Commands now also see HTTPS_PROXY, GOPATH.')).toBeInTheDocument()
    expect(save).toBeDisabled()
  })
})
