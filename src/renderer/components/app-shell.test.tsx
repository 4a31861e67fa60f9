import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { ConnectionState } from '../bridge/web-socket-bridge'
import { createFakeBridge, fakeSession } from '../testing/fake-bridge'
import { questionRequest, userMessage } from '../testing/fixtures'
import { renderApp } from '../testing/render-app'

const composer = () => screen.getByRole('textbox', { name: 'Message' })
const sessionLinks = () =>
  within(screen.getByRole('navigation', { name: 'Sessions' })).getAllByRole('link')

describe('focus and the first screen', () => {
  it('starts in the message box, on a fresh session that shows its workspace and mode', async () => {
    const fake = createFakeBridge()
    await renderApp(fake)
    await waitFor(() => expect(composer()).toHaveFocus())
    expect(fake.callsOf('createSession')).toHaveLength(1)
    const intro = screen.getByText('Workspace', { selector: 'dt' }).closest('dl') as HTMLElement
    expect(intro).toHaveTextContent('Workspace/work/s1')
    expect(intro).toHaveTextContent('ModeAsk: every change asks first')
  })

  it('announces the demo plainly, without nested parentheses, and an example prompt fills the message box', async () => {
    const fake = createFakeBridge()
    const { user } = await renderApp(fake)
    await waitFor(() => expect(composer()).toHaveFocus())
    expect(screen.getByRole('note')).toHaveTextContent(
      'This is a demo. A built-in script answers, not an AI model.',
    )
    const intro = screen.getByText('Workspace', { selector: 'dt' }).closest('dl') as HTMLElement
    expect(intro.textContent).not.toMatch(/\([^)]*\(/)
    const examples = screen.getByRole('list', { name: 'Try one of these' })
    await user.click(
      within(examples).getByRole('button', {
        name: 'Find the TODO comments and list them by file',
      }),
    )
    expect(composer()).toHaveValue('Find the TODO comments and list them by file')
    expect(composer()).toHaveFocus()
  })

  it('says nothing about a demo when a real model answers, and names it', async () => {
    const fake = createFakeBridge({ settings: { backendLabel: 'Anthropic · claude-sonnet-4-5' } })
    await renderApp(fake)
    await waitFor(() => expect(composer()).toHaveFocus())
    expect(screen.queryByRole('note')).not.toBeInTheDocument()
    const intro = screen.getByText('Workspace', { selector: 'dt' }).closest('dl') as HTMLElement
    expect(intro).toHaveTextContent('ModelAnthropic · claude-sonnet-4-5')
  })

  it('puts focus in the message box after New session, and never makes a second empty one', async () => {
    const fake = createFakeBridge({
      sessions: [fakeSession('s0', { title: 'Old' })],
      events: { s0: [userMessage('earlier')] },
    })
    const { user } = await renderApp(fake)
    await user.click(screen.getByRole('button', { name: 'New session' }))
    await waitFor(() => expect(composer()).toHaveFocus())
    await user.click(screen.getByRole('button', { name: 'New session' }))
    await user.click(screen.getByRole('button', { name: 'New session' }))
    expect(fake.callsOf('createSession')).toHaveLength(1)
    expect(composer()).toHaveFocus()
    await user.keyboard('typed at once{Enter}')
    expect(fake.callsOf('send')).toEqual([{ sessionId: 's1', text: 'typed at once' }])
  })
})

describe('keyboard shortcuts', () => {
  it('Ctrl+N starts a session and Ctrl+, opens Settings; Escape closes Settings and returns focus', async () => {
    const fake = createFakeBridge({
      sessions: [fakeSession('s0', { title: 'Old' })],
      events: { s0: [userMessage('earlier')] },
    })
    const { user } = await renderApp(fake)
    await user.keyboard('{Control>}n{/Control}')
    await waitFor(() => expect(fake.callsOf('createSession')).toHaveLength(1))
    expect(composer()).toHaveFocus()

    await user.keyboard('{Control>},{/Control}')
    expect(screen.getByRole('heading', { name: 'Settings' })).toHaveFocus()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('heading', { name: 'Settings' })).not.toBeInTheDocument()
    await waitFor(() => expect(composer()).toHaveFocus())

    const settings = screen.getByRole('button', { name: 'Settings' })
    await user.click(settings)
    await user.keyboard('{Escape}')
    await waitFor(() => expect(settings).toHaveFocus())

    // Also when focus was lost to the page (a button that went away, a click on the backdrop).
    await user.click(settings)
    act(() => (document.activeElement as HTMLElement).blur())
    fireEvent.keyDown(document.body, { key: 'Escape' })
    expect(screen.queryByRole('heading', { name: 'Settings' })).not.toBeInTheDocument()
  })
})

describe('the mode', () => {
  it('asks before cycling onto Bypass with the keyboard, and Escape keeps the mode', async () => {
    const fake = createFakeBridge({ sessions: [fakeSession('s1')] })
    const { user } = await renderApp(fake)
    const mode = screen.getByRole('combobox', { name: 'Mode' })
    // A closed select steps through its options with the arrow keys.
    fireEvent.keyDown(mode, { key: 'End' })
    fireEvent.change(mode, { target: { value: 'bypass' } })
    const confirm = screen.getByRole('alertdialog', { name: 'Switch to Bypass?' })
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    expect(mode).toHaveFocus()
    expect(mode).toHaveValue('ask')
    expect(fake.callsOf('setSessionMode')).toEqual([])

    fireEvent.keyDown(mode, { key: 'ArrowDown' })
    fireEvent.change(mode, { target: { value: 'bypass' } })
    await user.click(screen.getByRole('button', { name: 'Switch to Bypass' }))
    expect(fake.callsOf('setSessionMode')).toEqual([{ sessionId: 's1', mode: 'bypass' }])
  })
})

describe('offline', () => {
  it('Send says why it cannot send', async () => {
    let report: (state: ConnectionState) => void = () => {}
    const fake = createFakeBridge({ sessions: [fakeSession('s1')] })
    const { user } = await renderApp(fake, null, {
      onConnection: (callback) => {
        report = callback
        callback('open')
        return () => undefined
      },
    })
    await user.type(composer(), 'still here?')
    act(() => report('reconnecting'))
    const send = screen.getByRole('button', { name: 'Send' })
    expect(send).toBeDisabled()
    expect(send).toHaveAccessibleDescription('Offline: can’t send yet')
    act(() => report('open'))
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled())
  })
})

describe('screen readers', () => {
  it('hear a finished reply and a background session that needs input, politely', async () => {
    const fake = createFakeBridge({
      sessions: [
        fakeSession('s1', { title: 'Front', updatedAt: 2, running: true }),
        fakeSession('s2', { title: 'Back', updatedAt: 1 }),
      ],
    })
    const { emit } = await renderApp(fake)
    const live = screen
      .getAllByRole('status')
      .find((el) => el.getAttribute('aria-live') === 'polite') as HTMLElement
    emit({
      type: 'session_event',
      sessionId: 's1',
      event: { type: 'assistant_text', at: 5, turnId: 't1', step: 0, text: 'All **done**.' },
    })
    emit({
      type: 'session_event',
      sessionId: 's1',
      event: { type: 'turn_end', at: 6, turnId: 't1', reason: 'completed' },
    })
    expect(live).toHaveTextContent('The agent replied: All done.')
    act(() => fake.ask(questionRequest({ sessionId: 's2' })))
    expect(live).toHaveTextContent('“Back” needs input.')
  })

  it('hear the start of a long reply, its code said as “(code)”', async () => {
    const fake = createFakeBridge({ sessions: [fakeSession('s1', { running: true })] })
    const { emit } = await renderApp(fake)
    const live = screen
      .getAllByRole('status')
      .find((el) => el.getAttribute('aria-live') === 'polite') as HTMLElement
    const code = '```ts\n' + 'const x = 1\n'.repeat(2_000) + '```\n'
    const text = `${code}The **summary** comes after the code. ${'And more words. '.repeat(50_000)}`
    emit({
      type: 'session_event',
      sessionId: 's1',
      event: { type: 'assistant_text', at: 5, turnId: 't1', step: 0, text },
    })
    emit({
      type: 'session_event',
      sessionId: 's1',
      event: { type: 'turn_end', at: 6, turnId: 't1', reason: 'completed' },
    })
    expect(live.textContent).toMatch(
      /^The agent replied: \(code\) The summary comes after the code\. And more words\..*…$/,
    )
    expect(live.textContent?.length).toBeLessThan(300)
  })

  it('hear who said each message', async () => {
    const fake = createFakeBridge({
      sessions: [fakeSession('s1')],
      events: {
        s1: [
          userMessage('Hi', 't1', 1),
          { type: 'assistant_text', at: 2, turnId: 't1', step: 0, text: 'Hello.' },
        ],
      },
    })
    await renderApp(fake)
    const log = screen.getByRole('log', { name: 'Conversation' })
    expect(log).toHaveTextContent('You said:Hi')
    expect(log).toHaveTextContent('The agent said:Hello.')
  })
})

describe('the session list', () => {
  it('folds away and comes back from the header', async () => {
    const fake = createFakeBridge({ sessions: [fakeSession('s1')] })
    const { user } = await renderApp(fake)
    const toggle = screen.getByRole('button', { name: 'Session list' })
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    expect(sessionLinks()).toHaveLength(1)
  })
})
