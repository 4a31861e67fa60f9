import { act, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { SessionEvent } from '../../shared'
import { createFakeBridge, fakeSession } from '../testing/fake-bridge'
import { permissionRequest, userMessage } from '../testing/fixtures'
import { renderApp } from '../testing/render-app'

const failed = (patch: Partial<Extract<SessionEvent, { type: 'turn_end' }>> = {}) =>
  createFakeBridge({
    sessions: [fakeSession('s1')],
    events: {
      s1: [
        userMessage('Hello', 't1', 1),
        {
          type: 'turn_end',
          at: 2,
          turnId: 't1',
          reason: 'error',
          error: 'The server refused the API key.',
          errorKind: 'auth',
          errorDetail: 'HTTP 401 Unauthorized: {"error":"invalid x-api-key"}',
          ...patch,
        },
      ],
    },
  })

describe('a failed turn', () => {
  it('is an alert card in plain words with what to do, the technical cause on request', async () => {
    const { user } = await renderApp(failed())
    const card = await screen.findByRole('alert')
    expect(card).toHaveAccessibleName('The model provider refused the API key')
    expect(card).toHaveTextContent('The server refused the API key.')
    expect(card).toHaveTextContent('Retry once the key is right.')
    expect(card).not.toHaveTextContent('401')
    await user.click(within(card).getByRole('button', { name: 'Technical cause' }))
    expect(card).toHaveTextContent('HTTP 401 Unauthorized')
  })

  it('opens Settings from the card when the cause is there', async () => {
    const { user } = await renderApp(failed())
    const card = await screen.findByRole('alert')
    await user.click(within(card).getByRole('button', { name: 'Open Settings' }))
    expect(screen.getByRole('heading', { name: 'Settings' })).toHaveFocus()
  })

  it('makes Open Settings the main action where the fix is there (a server address), Retry after it', async () => {
    await renderApp(failed({ errorKind: 'network', error: 'Could not connect.' }))
    const card = await screen.findByRole('alert')
    expect(within(card).getByRole('button', { name: 'Open Settings' })).toHaveClass(
      'button-primary',
    )
    expect(within(card).getByRole('button', { name: 'Retry' })).toHaveClass('button-secondary')
  })

  it('offers no Settings button when the server itself failed', async () => {
    await renderApp(failed({ errorKind: 'server', error: 'The server answered 503.' }))
    const card = await screen.findByRole('alert')
    expect(card).toHaveAccessibleName('The model provider had a problem')
    expect(within(card).queryByRole('button', { name: 'Open Settings' })).not.toBeInTheDocument()
  })

  it('retries, and says plainly when there is nothing to retry', async () => {
    const fake = failed()
    const { user } = await renderApp(fake)
    const card = await screen.findByRole('alert')
    await user.click(within(card).getByRole('button', { name: 'Retry' }))
    expect(fake.callsOf('retryTurn')).toEqual([{ sessionId: 's1' }])
    expect(await within(card).findByRole('status')).toHaveTextContent(/nothing to retry/)
  })
})

describe('while the runtime retries', () => {
  it('shows "Retrying 2/3…" with the reason until the model answers', async () => {
    const fake = createFakeBridge({ sessions: [fakeSession('s1', { running: true })] })
    const { emit } = await renderApp(fake)
    emit({
      type: 'turn_retrying',
      sessionId: 's1',
      turnId: 't1',
      attempt: 2,
      maxAttempts: 3,
      retryInMs: 4_000,
      message: 'Rate limited by the server.',
    })
    const status = screen.getAllByRole('status').find((s) => s.textContent?.includes('Retrying'))
    expect(status).toHaveTextContent('Retrying 2/3… Rate limited by the server.')
    emit({ type: 'text_delta', sessionId: 's1', turnId: 't1', step: 0, text: 'Hi' })
    expect(screen.queryByText(/Retrying/)).not.toBeInTheDocument()
  })
})

describe('Stop from the tray', () => {
  it('marks the waiting call "Stopped", in neutral colours, not "Failed"', async () => {
    const fake = createFakeBridge({
      sessions: [fakeSession('s1', { running: true })],
      events: {
        s1: [
          userMessage('Clean up', 't1', 1),
          {
            type: 'tool_call',
            at: 2,
            turnId: 't1',
            step: 0,
            toolCallId: 'c1',
            tool: 'run_command',
            input: { command: 'rm -rf build' },
          },
        ],
      },
    })
    const { emit } = await renderApp(fake)
    act(() => fake.ask(permissionRequest()))
    const card = await screen.findByRole('button', { name: /run_command call/ })
    expect(card.closest('.tool-card')).toHaveClass('is-tray-target')
    const stopped = (event: SessionEvent) => emit({ type: 'session_event', sessionId: 's1', event })
    stopped({
      type: 'tool_result',
      at: 3,
      turnId: 't1',
      toolCallId: 'c1',
      tool: 'run_command',
      output: { error: 'run_command did not finish: the turn was stopped by the user' },
      isError: true,
      synthetic: true,
    })
    stopped({ type: 'turn_end', at: 4, turnId: 't1', reason: 'stopped' })
    expect(screen.getByRole('button', { name: /run_command call/ })).toHaveAccessibleName(
      'run_command call, Stopped',
    )
    expect(screen.queryByText('Failed')).not.toBeInTheDocument()
  })

  it('marks a call cut short by the app closing "Interrupted", not "Failed"', async () => {
    const fake = createFakeBridge({
      sessions: [fakeSession('s1')],
      events: {
        s1: [
          userMessage('Clean up', 't1', 1),
          {
            type: 'tool_call',
            at: 2,
            turnId: 't1',
            step: 0,
            toolCallId: 'c1',
            tool: 'run_command',
            input: { command: 'rm -rf build' },
          },
          {
            type: 'tool_result',
            at: 3,
            turnId: 't1',
            toolCallId: 'c1',
            tool: 'run_command',
            output: { error: 'run_command was interrupted: the app stopped while it was running' },
            isError: true,
            synthetic: true,
          },
          { type: 'turn_end', at: 4, turnId: 't1', reason: 'interrupted' },
        ],
      },
    })
    await renderApp(fake)
    expect(await screen.findByRole('button', { name: /run_command call/ })).toHaveAccessibleName(
      'run_command call, Interrupted',
    )
  })
})
