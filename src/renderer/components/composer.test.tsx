import { act, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { createFakeBridge, fakeSession } from '../testing/fake-bridge'
import { userMessage } from '../testing/fixtures'
import { renderApp } from '../testing/render-app'

describe('the composer', () => {
  it('sends with Enter, breaks lines with Shift+Enter and clears after sending', async () => {
    const fake = createFakeBridge({ sessions: [fakeSession('s1')] })
    const { user } = await renderApp(fake)
    const box = screen.getByRole('textbox', { name: 'Message' })
    await user.type(box, 'line one{Shift>}{Enter}{/Shift}line two{Enter}')
    expect(fake.callsOf('send')).toEqual([{ sessionId: 's1', text: 'line one\nline two' }])
    expect(box).toHaveValue('')
  })

  it('creates a session for the first message when there is none', async () => {
    const fake = createFakeBridge()
    const { user } = await renderApp(fake)
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'hello')
    await user.click(screen.getByRole('button', { name: 'Send' }))
    expect(fake.callsOf('createSession')).toHaveLength(1)
    expect(fake.callsOf('send')).toEqual([{ sessionId: 's1', text: 'hello' }])
  })

  it('text typed right after "New session" goes to the new session, even before it exists', async () => {
    const fake = createFakeBridge({
      sessions: [fakeSession('s0', { title: 'Old' })],
      events: { s0: [userMessage('earlier')] },
    })
    const create = fake.bridge.createSession
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    fake.bridge.createSession = async (input) => {
      await held
      return create(input)
    }
    const { user } = await renderApp(fake)
    await user.click(screen.getByRole('button', { name: 'New session' }))
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'for the new one{Enter}')
    release()
    await waitFor(() => expect(fake.callsOf('send')).toHaveLength(1))
    expect(fake.callsOf('send')[0]?.sessionId).not.toBe('s0')
    expect(fake.callsOf('createSession')).toHaveLength(1)
  })

  it('shows the backend label and changes mode and model', async () => {
    const fake = createFakeBridge({ sessions: [fakeSession('s1')] })
    const { user } = await renderApp(fake)
    expect(screen.getByText('Demo scenario (fake backend)')).toBeInTheDocument()
    await user.selectOptions(screen.getByRole('combobox', { name: 'Mode' }), 'execute')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Model' }), 'fake-large')
    expect(fake.callsOf('setSessionMode')).toEqual([{ sessionId: 's1', mode: 'execute' }])
    expect(fake.callsOf('updateSettings')).toEqual([{ model: 'fake-large' }])
  })

  it('names the model in use, never "Default model": an empty choice is the provider’s first model', async () => {
    const fake = createFakeBridge({
      sessions: [fakeSession('s1')],
      settings: { model: '', backendLabel: 'fake-small · example.test' },
    })
    await renderApp(fake)
    const model = screen.getByRole('combobox', { name: 'Model' })
    expect(model).toHaveDisplayValue('fake-small')
    expect(within(model).queryByText(/Default/)).not.toBeInTheDocument()
  })

  it('names PARLEY_MODEL’s model while it overrides the saved one, and cannot change it', async () => {
    const fake = createFakeBridge({
      sessions: [fakeSession('s1')],
      settings: { model: 'fake-small', modelOverride: 'local-llama' },
    })
    await renderApp(fake)
    const locked = screen.getByRole('combobox', { name: 'Model' })
    expect(locked).toHaveDisplayValue('local-llama')
    expect(locked).toBeDisabled()
  })

  it('offers no model picker when there is nothing to choose (a scenario’s one fake model)', async () => {
    const fake = createFakeBridge({
      sessions: [fakeSession('s1')],
      settings: { model: '', models: ['scenario'] },
    })
    await renderApp(fake)
    expect(screen.getByRole('combobox', { name: 'Mode' })).toBeInTheDocument()
    expect(screen.queryByRole('combobox', { name: 'Model' })).not.toBeInTheDocument()
  })

  it('queues a message sent while a turn runs: shown, editable, cancellable, sent when the turn ends', async () => {
    const fake = createFakeBridge({ sessions: [fakeSession('s1', { running: true })] })
    const { user } = await renderApp(fake)
    const box = screen.getByRole('textbox', { name: 'Message' })
    await user.type(box, 'first{Enter}')
    await user.type(box, 'second{Enter}')
    expect(box).toHaveValue('')
    expect(fake.callsOf('send')).toEqual([])
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    const queued = screen.getByRole('region', { name: 'Queued messages' })
    expect(
      within(queued)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('first'), expect.stringContaining('second')])
    await user.click(within(queued).getByRole('button', { name: 'Edit queued message: first' }))
    const edit = within(queued).getByRole('textbox', { name: 'Queued message' })
    await user.clear(edit)
    await user.type(edit, 'first, changed{Enter}')
    await user.click(within(queued).getByRole('button', { name: 'Cancel queued message: second' }))
    await user.click(screen.getByRole('button', { name: 'Stop' }))
    expect(fake.callsOf('stop')).toEqual([{ sessionId: 's1' }])

    act(() => fake.setRunning('s1', false))
    await waitFor(() =>
      expect(fake.callsOf('send')).toEqual([{ sessionId: 's1', text: 'first, changed' }]),
    )
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Queued messages' })).not.toBeInTheDocument(),
    )
  })
})
