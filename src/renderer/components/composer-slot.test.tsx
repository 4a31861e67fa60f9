import { act, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { createFakeBridge, fakeSession } from '../testing/fake-bridge'
import { agentPermissionRequest, permissionRequest, questionRequest } from '../testing/fixtures'
import { renderApp } from '../testing/render-app'

const oneSession = () => createFakeBridge({ sessions: [fakeSession('s1', { title: 'Refactor' })] })

describe('the tray in the composer slot', () => {
  it('hides the composer while a permission waits and restores its draft after Allow', async () => {
    const fake = oneSession()
    const { user } = await renderApp(fake)
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'half a thought')
    act(() => fake.ask(permissionRequest()))

    const tray = await screen.findByRole('region', { name: 'Permission request' })
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument()
    expect(tray).toHaveFocus()
    expect(within(tray).getByText('Medium risk')).toBeInTheDocument()

    await user.click(within(tray).getByRole('checkbox', { name: /^Remember for this turn/ }))
    await user.click(within(tray).getByRole('button', { name: 'Allow' }))

    const composer = await screen.findByRole('textbox', { name: 'Message' })
    expect(composer).toHaveValue('half a thought')
    expect(composer).toHaveFocus()
    expect(fake.callsOf('respondToPermission')).toEqual([
      { requestId: 'p1', decision: 'allow', remember: true },
    ])
  })

  it('keeps the message box for an orphaned agent request, and the session does not need input', async () => {
    const fake = oneSession()
    await renderApp(fake)
    act(() => fake.ask(agentPermissionRequest({ orphaned: true })))
    const tray = await screen.findByRole('region', { name: 'Permission request' })
    expect(within(tray).getByRole('button', { name: 'Dismiss' })).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeVisible()
    expect(screen.queryByText('Needs input')).not.toBeInTheDocument()
  })

  it('shows the full detail behind Details with invisible characters made visible', async () => {
    const fake = oneSession()
    const { user } = await renderApp(fake)
    const detail = `echo safe\u202E; rm -rf ~\n${'line\n'.repeat(400)}end-of-detail`
    act(() => fake.ask(permissionRequest({ detail, risk: 'high' })))
    const tray = await screen.findByRole('region', { name: 'Permission request' })
    const details = within(tray).getByRole('button', { name: 'Details' })
    expect(details).toHaveAttribute('aria-expanded', 'false')
    await user.click(details)
    expect(details).toHaveAttribute('aria-expanded', 'true')
    const full = within(tray).getByRole('group', { name: 'Full details' })
    expect(within(full).getByText('⟨U+202E⟩')).toBeInTheDocument()
    expect(within(full).getByText(/end-of-detail/)).toBeInTheDocument()
    expect(tray.textContent).not.toContain('\u202E')
  })

  it('shows the countdown only in its last minute, and "waiting since" for a recovered one', async () => {
    const fake = oneSession()
    await renderApp(fake)
    act(() => fake.ask(permissionRequest({ requestId: 'p0', expiresAt: Date.now() + 299_500 })))
    await screen.findByRole('region', { name: 'Permission request' })
    expect(screen.queryByText(/Denies automatically/)).not.toBeInTheDocument()
    await act(async () => {
      await fake.bridge.respondToPermission({ requestId: 'p0', decision: 'deny', remember: false })
    })
    act(() => fake.ask(permissionRequest({ expiresAt: Date.now() + 50_000 })))
    expect(await screen.findByText(/Denies automatically in 0:[45]\d/)).toBeInTheDocument()
    act(() => fake.ask(permissionRequest({ requestId: 'p2', recovered: true })))
    await act(async () => {
      await fake.bridge.respondToPermission({ requestId: 'p1', decision: 'deny', remember: false })
    })
    const tray = await screen.findByRole('region', { name: 'Permission request' })
    await waitFor(() => expect(within(tray).getByText(/waiting since/)).toBeInTheDocument())
    expect(within(tray).getByRole('button', { name: 'Dismiss' })).toBeInTheDocument()
  })

  it('queues parallel requests: one surface, "1 more waiting", then the next', async () => {
    const fake = oneSession()
    const { user } = await renderApp(fake)
    act(() => {
      fake.ask(permissionRequest())
      fake.ask(questionRequest())
    })
    const tray = await screen.findByRole('region', { name: 'Permission request' })
    expect(within(tray).getByText('1 more waiting')).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Agent question' })).not.toBeInTheDocument()
    await user.click(within(tray).getByRole('button', { name: 'Deny' }))
    const question = await screen.findByRole('region', { name: 'Agent question' })
    expect(within(question).queryByText(/more waiting/)).not.toBeInTheDocument()
  })

  it('walks a three-question form with Previous/Next, Other and a skip, then submits once', async () => {
    const fake = oneSession()
    const { user } = await renderApp(fake)
    act(() => fake.ask(questionRequest()))
    const tray = await screen.findByRole('region', { name: 'Agent question' })
    expect(within(tray).getByText('1 / 3')).toBeInTheDocument()

    const group = within(tray).getByRole('radiogroup', { name: 'Which database?' })
    expect(within(group).getByRole('radio', { name: 'Postgres' })).toHaveFocus()
    expect(within(group).getByText('One file, zero setup')).toBeInTheDocument()
    await user.click(within(group).getByRole('radio', { name: 'SQLite' }))
    expect(within(tray).getByText('1 / 3')).toBeInTheDocument()
    await user.click(within(tray).getByRole('button', { name: 'Next' }))

    const second = within(tray).getByRole('radiogroup', { name: 'Which language?' })
    expect(within(tray).getByText('2 / 3')).toBeInTheDocument()
    await user.click(within(second).getByRole('radio', { name: 'Other' }))
    await user.type(within(tray).getByRole('textbox', { name: 'Other answer' }), 'Zig')
    await user.click(within(tray).getByRole('button', { name: 'Previous' }))
    expect(within(tray).getByRole('radio', { name: 'SQLite' })).toBeChecked()
    await user.click(within(tray).getByRole('button', { name: 'Next' }))
    expect(within(tray).getByRole('textbox', { name: 'Other answer' })).toHaveValue('Zig')
    await user.click(within(tray).getByRole('button', { name: 'Next' }))

    expect(within(tray).getByText('3 / 3')).toBeInTheDocument()
    await user.click(within(tray).getByRole('button', { name: 'Next' }))

    expect(within(tray).getByText('Not answered')).toBeInTheDocument()
    expect(within(tray).getByText('Zig')).toBeInTheDocument()
    const submit = within(tray).getByRole('button', { name: 'Submit' })
    expect(submit).toHaveFocus()
    await user.dblClick(submit)

    await screen.findByRole('textbox', { name: 'Message' })
    expect(fake.callsOf('respondToQuestion')).toEqual([
      { requestId: 'q1', answers: ['SQLite', 'Zig', null] },
    ])
  })

  it('submits from the review after the last question, sending what is picked and null for the rest', async () => {
    const fake = oneSession()
    const { user } = await renderApp(fake)
    act(() => fake.ask(questionRequest()))
    const tray = await screen.findByRole('region', { name: 'Agent question' })
    expect(within(tray).queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument()
    await user.click(within(tray).getByRole('radio', { name: 'SQLite' }))
    await user.click(within(tray).getByRole('button', { name: 'Next' }))
    await user.click(within(tray).getByRole('button', { name: 'Next' }))
    expect(within(tray).getByText('3 / 3')).toBeInTheDocument()
    expect(within(tray).queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument()
    await user.click(within(tray).getByRole('button', { name: 'Next' }))
    await user.click(within(tray).getByRole('button', { name: 'Submit' }))

    await screen.findByRole('textbox', { name: 'Message' })
    expect(fake.callsOf('respondToQuestion')).toEqual([
      { requestId: 'q1', answers: ['SQLite', null, null] },
    ])
  })

  it('moves into "Other answer" when Other is clicked, so typing goes there', async () => {
    const fake = oneSession()
    const { user } = await renderApp(fake)
    act(() => fake.ask(questionRequest()))
    const tray = await screen.findByRole('region', { name: 'Agent question' })
    await user.click(within(tray).getByRole('radio', { name: 'Other' }))
    const other = within(tray).getByRole('textbox', { name: 'Other answer' })
    await waitFor(() => expect(other).toHaveFocus())
    await user.keyboard('MariaDB')
    expect(other).toHaveValue('MariaDB')
  })

  it('picks with number keys and advances with Enter, saving the draft as it goes', async () => {
    const fake = oneSession()
    const { user } = await renderApp(fake)
    act(() => fake.ask(questionRequest()))
    const tray = await screen.findByRole('region', { name: 'Agent question' })
    await user.keyboard('2')
    expect(within(tray).getByRole('radio', { name: 'SQLite' })).toBeChecked()
    await user.keyboard('{Enter}')
    expect(within(tray).getByText('2 / 3')).toBeInTheDocument()
    await user.keyboard('4')
    const other = within(tray).getByRole('textbox', { name: 'Other answer' })
    await waitFor(() => expect(other).toHaveFocus())
    await user.keyboard('C{Enter}')
    expect(within(tray).getByText('3 / 3')).toBeInTheDocument()
    expect(fake.pendingOf('s1')[0]).toMatchObject({
      draft: {
        index: 2,
        values: [{ kind: 'option', index: 1 }, { kind: 'other', text: 'C' }, null],
      },
    })
  })

  it('comes back at the saved question with picks restored after a reload', async () => {
    const fake = createFakeBridge({
      sessions: [fakeSession('s1', { pendingCount: 1 })],
      pending: {
        s1: [
          questionRequest({
            draft: {
              index: 1,
              values: [{ kind: 'option', index: 1 }, { kind: 'other', text: 'Zig' }, null],
            },
          }),
        ],
      },
    })
    await renderApp(fake)
    const tray = await screen.findByRole('region', { name: 'Agent question' })
    expect(within(tray).getByText('2 / 3')).toBeInTheDocument()
    expect(within(tray).getByRole('textbox', { name: 'Other answer' })).toHaveValue('Zig')
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument()
  })

  it('restores the composer draft when the turn is stopped while a question waits', async () => {
    const fake = oneSession()
    const { user } = await renderApp(fake)
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'keep me')
    act(() => fake.ask(questionRequest()))
    const tray = await screen.findByRole('region', { name: 'Agent question' })
    await user.click(within(tray).getByRole('button', { name: 'Stop' }))
    expect(await screen.findByRole('textbox', { name: 'Message' })).toHaveValue('keep me')
    expect(fake.callsOf('stop')).toEqual([{ sessionId: 's1' }])
  })

  it('gives the composer back when the request is settled elsewhere', async () => {
    const fake = oneSession()
    const { emit } = await renderApp(fake)
    act(() => fake.ask(permissionRequest()))
    await screen.findByRole('region', { name: 'Permission request' })
    emit({ type: 'interaction_settled', sessionId: 's1', requestId: 'p1', outcome: 'timed_out' })
    expect(await screen.findByRole('textbox', { name: 'Message' })).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Permission request' })).not.toBeInTheDocument()
  })

  it('offers Dismiss for a recovered question', async () => {
    const fake = oneSession()
    const { user } = await renderApp(fake)
    act(() => fake.ask(questionRequest({ recovered: true })))
    const tray = await screen.findByRole('region', { name: 'Agent question' })
    await user.click(within(tray).getByRole('button', { name: 'Dismiss' }))
    await screen.findByRole('textbox', { name: 'Message' })
    expect(fake.callsOf('dismissInteraction')).toEqual([{ requestId: 'q1' }])
  })
})
