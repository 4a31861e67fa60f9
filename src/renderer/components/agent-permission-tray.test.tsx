import { act, fireEvent, screen, within } from '@testing-library/react'
import { createTwoFilesPatch } from 'diff'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PROMPT_ARMING_MS } from '../../shared/prompt-arming'
import { createFakeBridge, fakeSession } from '../testing/fake-bridge'
import { agentPermissionRequest, questionRequest } from '../testing/fixtures'
import { renderApp } from '../testing/render-app'

const oneSession = () => createFakeBridge({ sessions: [fakeSession('s1')] })

async function showAgentPermission(patch: Parameters<typeof agentPermissionRequest>[0] = {}) {
  const fake = oneSession()
  const rendered = await renderApp(fake)
  act(() => fake.ask(agentPermissionRequest(patch)))
  const tray = await screen.findByRole('region', { name: 'Permission request' })
  return { ...rendered, fake, tray }
}

const footerButtons = (tray: HTMLElement) =>
  within(tray.querySelector('footer') as HTMLElement)
    .getAllByRole('button')
    .map((b) => b.textContent)

afterEach(() => {
  vi.useRealTimers()
})

describe('an ACP agent’s permission request', () => {
  it('names the agent, shows the command as code, and offers its options by their own names, Stop in the header', async () => {
    const { tray, user, fake } = await showAgentPermission()
    expect(tray).toHaveFocus()
    expect(within(tray).getByText('Codex asks')).toBeInTheDocument()
    expect(within(tray).getByText('execute')).toBeInTheDocument()
    expect(within(tray).getByText('npm install left-pad').tagName).toBe('CODE')
    const yes = within(tray).getByRole('button', { name: 'Yes' })
    const always = within(tray).getByRole('button', { name: 'Yes, and don’t ask again' })
    const no = within(tray).getByRole('button', {
      name: 'No, and tell Codex what to do differently',
    })
    // One main action: the one-time allow; allowing for good is never the default.
    expect(yes).toHaveClass('button-primary')
    expect(always).toHaveClass('button-secondary')
    expect(no).toHaveClass('button-secondary')
    expect(within(tray).getByRole('list', { name: 'Options' })).toContainElement(always)
    expect(footerButtons(tray).slice(1)).toEqual([
      'Yes1',
      'Yes, and don’t ask again2',
      'No, and tell Codex what to do differently3',
    ])
    expect(tray.querySelector('header')).toContainElement(
      within(tray).getByRole('button', { name: 'Stop' }),
    )
    await user.click(always)
    expect(fake.callsOf('respondToAgentPermission')).toEqual([
      { requestId: 'a1', optionId: 'approved-for-session' },
    ])
    expect(await screen.findByRole('textbox', { name: 'Message' })).toBeInTheDocument()
  })

  it('leads with the command the call runs when its title is only the model’s description of it', async () => {
    const { tray } = await showAgentPermission({
      title: 'Run a command for the test',
      command: 'echo hi > ran.txt',
    })
    expect(within(tray).getByText('echo hi > ran.txt').tagName).toBe('CODE')
    expect(within(tray).getByText('Run a command for the test')).toHaveClass('permission-caption')
  })

  it('labels an agent’s command with Parley’s own risk review', async () => {
    const { tray } = await showAgentPermission({
      title: 'rm -rf build',
      risk: 'high',
      riskWhy: 'deletes files',
    })
    expect(within(tray).getByText('High risk: deletes files')).toBeInTheDocument()
    expect(tray).toHaveClass('is-high-risk')
  })

  it('shows the files it touches and its changes as diffs with counts, the rest behind Details', async () => {
    const patch = createTwoFilesPatch(
      '/ws/src/app.ts',
      '/ws/src/app.ts',
      'const a = 1\nconst b = 2\n',
      'const a = 1\nconst b = 3\nconst c = 4\n',
      '',
      '',
      { context: 3 },
    )
    const { tray, user } = await showAgentPermission({
      title: 'Edit src/app.ts',
      toolKind: 'edit',
      locations: ['/ws/src/app.ts', '/ws/src/app.test.ts'],
      detail: 'Bump b and add c.\n\nEdit /ws/src/app.ts:\nconst a = 1\nconst b = 3\nconst c = 4\n',
      diffs: [{ path: '/ws/src/app.ts', patch }],
    })
    // Each file once: the changed one with its counts, the others listed.
    expect(within(tray).getByRole('list', { name: 'Files' })).toHaveTextContent(
      /^\/ws\/src\/app\.test\.ts$/,
    )
    expect(within(tray).getByText('/ws/src/app.ts').tagName).toBe('CODE')
    expect(within(tray).getByText('+2')).toHaveClass('diff-stat-add')
    expect(within(tray).getByText('2 lines added, 1 removed')).toBeInTheDocument()
    expect(within(tray).queryByRole('group', { name: 'Full details' })).not.toBeInTheDocument()
    await user.click(within(tray).getByRole('button', { name: 'Details' }))
    const details = within(tray).getByRole('group', { name: 'Full details' })
    expect(within(details).getByRole('table')).toHaveAccessibleName(
      'Changes: 2 lines added, 1 removed',
    )
    expect(within(details).getByText(/Bump b and add c/)).toBeInTheDocument()
    // No patch headers drawn.
    expect(details.textContent).not.toContain('+++')
  })

  it('Stop stops the turn; Escape answers nothing; number keys move to an option', async () => {
    const { tray, user, fake } = await showAgentPermission()
    await user.keyboard('3')
    expect(
      within(tray).getByRole('button', { name: 'No, and tell Codex what to do differently' }),
    ).toHaveFocus()
    await user.keyboard('{Escape}')
    expect(fake.callsOf('respondToAgentPermission')).toEqual([])
    expect(tray).toBeInTheDocument()
    await user.click(within(tray).getByRole('button', { name: 'Stop' }))
    expect(fake.callsOf('stop')).toEqual([{ sessionId: 's1' }])
  })

  it('its number keys still work once focus has left the tray, but not while the person types in another field', async () => {
    const { tray, user, fake } = await showAgentPermission()
    // Focus wanders out of the tray (Tab past its last button, a click on the page).
    act(() => tray.blur())
    expect(tray).not.toContainElement(document.activeElement as HTMLElement)
    await user.keyboard('3')
    expect(
      within(tray).getByRole('button', { name: 'No, and tell Codex what to do differently' }),
    ).toHaveFocus()
    // A digit typed into another field stays there.
    const search = screen.getByRole('searchbox', { name: 'Search sessions' })
    await user.click(search)
    await user.keyboard('1')
    expect(search).toHaveValue('1')
    expect(search).toHaveFocus()
    expect(fake.callsOf('respondToAgentPermission')).toEqual([])
  })

  it('ignores its keys until armed, so type-ahead never answers it', async () => {
    const fake = oneSession()
    await renderApp(fake, null, { promptArmingMs: PROMPT_ARMING_MS })
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    act(() => fake.ask(agentPermissionRequest()))
    const tray = screen.getByRole('region', { name: 'Permission request' })
    const yes = within(tray).getByRole('button', { name: 'Yes' })
    yes.focus()
    for (const key of ['Enter', 'Escape', '3']) fireEvent.keyDown(yes, { key })
    expect(yes).toHaveFocus()
    expect(tray).toHaveAttribute('data-armed', 'false')
    expect(within(tray).getByText('Arming keys…')).toBeInTheDocument()
    act(() => vi.advanceTimersByTime(PROMPT_ARMING_MS))
    expect(tray).toHaveAttribute('data-armed', 'true')
    fireEvent.keyDown(yes, { key: '2' })
    expect(within(tray).getByRole('button', { name: 'Yes, and don’t ask again' })).toHaveFocus()
    expect(fake.callsOf('respondToAgentPermission')).toEqual([])
  })

  it('says the agent is no longer waiting and offers only Dismiss when it is gone', async () => {
    const { tray, user, fake } = await showAgentPermission({ orphaned: true, recovered: true })
    expect(within(tray).getByText(/Codex is no longer waiting for this answer/)).toBeInTheDocument()
    // Not the note for a request that answering would resume.
    expect(within(tray).queryByText(/Answer it and the agent carries on/)).not.toBeInTheDocument()
    expect(footerButtons(tray)).toEqual(['Details', 'Dismiss'])
    await user.click(within(tray).getByRole('button', { name: 'Dismiss' }))
    expect(fake.callsOf('dismissInteraction')).toEqual([{ requestId: 'a1' }])
    expect(fake.callsOf('respondToAgentPermission')).toEqual([])
  })

  it('waits in the queue like any request, listed by agent and title', async () => {
    const fake = oneSession()
    const { user } = await renderApp(fake)
    act(() => {
      fake.ask(questionRequest())
      fake.ask(agentPermissionRequest())
    })
    const question = await screen.findByRole('region', { name: 'Agent question' })
    await user.click(within(question).getByRole('button', { name: '1 more waiting' }))
    expect(within(question).getByRole('list', { name: 'Waiting next' })).toHaveTextContent(
      'Codex asks npm install left-pad',
    )
  })
})
