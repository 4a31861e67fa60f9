import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { createFakeBridge, fakeAgent, fakeSession } from '../testing/fake-bridge'
import { userMessage } from '../testing/fixtures'
import { renderApp } from '../testing/render-app'

const composer = () => screen.getByRole('textbox', { name: 'Message' })
const sidebar = () => within(screen.getByRole('navigation', { name: 'Sessions' }))
const intro = () => screen.getByText('Agent', { selector: 'dt' }).closest('dl') as HTMLElement
const header = () => document.querySelector('.chat-header') as HTMLElement

const AGENTS = [
  fakeAgent('codex', 'Codex', { command: 'npx', args: ['@zed-industries/codex-acp'] }),
  fakeAgent('goose', 'goose', { command: 'goose', args: ['acp'] }),
]

/** A session with history is shown, so New session makes a new one. */
function withHistory(settings = {}) {
  return createFakeBridge({
    sessions: [fakeSession('s0', { title: 'Old' })],
    events: { s0: [userMessage('earlier')] },
    settings: { agents: AGENTS, ...settings },
  })
}

describe('New session: who the person talks to', () => {
  it("offers Parley's own agent and each named agent with how it runs; choosing one shows a session with it, named in the list, the header and the first screen", async () => {
    const fake = withHistory()
    const { user } = await renderApp(fake)
    await user.click(screen.getByRole('button', { name: 'Choose the agent' }))
    const menu = screen.getByRole('menu', { name: 'New session with' })
    const items = within(menu).getAllByRole('menuitemradio')
    expect(items.map((i) => i.textContent)).toEqual([
      '✓Parley’s own agentDemo scenario (fake backend)',
      'Codexnpx @zed-industries/codex-acp',
      'goosegoose acp',
    ])
    expect(items[0]).toHaveAttribute('aria-checked', 'true')
    expect(within(menu).getByRole('menuitemradio', { name: 'Codex' })).toHaveAccessibleDescription(
      'npx @zed-industries/codex-acp',
    )

    await user.click(within(menu).getByRole('menuitemradio', { name: 'Codex' }))
    expect(screen.queryByRole('menu')).not.toBeInTheDocument()
    expect(fake.callsOf('createSession')).toEqual([{ agent: 'codex' }])
    await waitFor(() => expect(composer()).toHaveFocus())
    expect(intro()).toHaveTextContent('AgentCodex npx @zed-industries/codex-acp')
    expect(header()).toHaveTextContent('Agent: Codex')
    expect(sidebar().getAllByRole('link')[0]).toHaveTextContent(/^New session.*Agent: Codex$/)
    // Codex has its own model: Parley's model picker is not offered for it.
    expect(screen.queryByRole('combobox', { name: 'Model' })).not.toBeInTheDocument()
    expect(screen.getByText('Codex (ACP agent)')).toBeInTheDocument()
  })

  it('New session and Ctrl/Cmd+N keep making sessions with the last choice', async () => {
    const fake = withHistory()
    const { user, emit } = await renderApp(fake)
    /** Something was said in the session, so it is no longer empty. */
    const said = (sessionId: string) =>
      emit({ type: 'session_event', sessionId, event: userMessage('hi') })
    await user.click(screen.getByRole('button', { name: 'Choose the agent' }))
    await user.click(screen.getByRole('menuitemradio', { name: 'goose' }))
    said('s1')
    await user.keyboard('{Control>}n{/Control}')
    await waitFor(() => expect(fake.callsOf('createSession')).toHaveLength(2))
    said('s2')
    await user.click(screen.getByRole('button', { name: 'New session' }))
    await waitFor(() => expect(fake.callsOf('createSession')).toHaveLength(3))
    expect(fake.callsOf('createSession')).toEqual([
      { agent: 'goose' },
      { agent: 'goose' },
      { agent: 'goose' },
    ])
    expect(screen.getByRole('button', { name: 'New session' })).toHaveAttribute(
      'title',
      'New session with goose (Ctrl+N)',
    )
  })

  it('a choice remembered from an earlier launch is used from the start; one no longer in Settings falls back', async () => {
    const remembered = createFakeBridge({ settings: { agents: AGENTS } })
    await renderApp(remembered, null, { agentChoice: 'codex' })
    expect(remembered.callsOf('createSession')).toEqual([{ agent: 'codex' }])
    const gone = createFakeBridge({ settings: { agents: AGENTS } })
    await renderApp(gone, null, { agentChoice: 'removed-agent' })
    expect(gone.callsOf('createSession')).toEqual([{ agent: 'parley' }])
  })

  it('works from the keyboard: arrows open on the checked item and move, a letter jumps, Escape closes and gives focus back', async () => {
    const fake = withHistory()
    const { user } = await renderApp(fake)
    const button = screen.getByRole('button', { name: 'Choose the agent' })
    button.focus()
    await user.keyboard('{ArrowDown}')
    expect(button).toHaveAttribute('aria-expanded', 'true')
    expect(screen.getByRole('menuitemradio', { name: 'Parley’s own agent' })).toHaveFocus()
    await user.keyboard('{ArrowDown}')
    expect(screen.getByRole('menuitemradio', { name: 'Codex' })).toHaveFocus()
    await user.keyboard('g')
    expect(screen.getByRole('menuitemradio', { name: 'goose' })).toHaveFocus()
    await user.keyboard('{End}')
    expect(screen.getByRole('menuitem', { name: 'Manage agents…' })).toHaveFocus()
    await user.keyboard('{ArrowDown}')
    expect(screen.getByRole('menuitemradio', { name: 'Parley’s own agent' })).toHaveFocus()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('menu')).not.toBeInTheDocument()
    expect(button).toHaveFocus()
    expect(fake.callsOf('createSession')).toEqual([])

    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}')
    await waitFor(() => expect(fake.callsOf('createSession')).toEqual([{ agent: 'codex' }]))
  })

  it('choosing another agent while the shown session is still empty replaces it, keeping what was typed', async () => {
    const fake = createFakeBridge({ settings: { agents: AGENTS } })
    const { user } = await renderApp(fake)
    await waitFor(() => expect(composer()).toHaveFocus())
    await user.keyboard('half a thought')
    await user.click(screen.getByRole('button', { name: 'Choose the agent' }))
    await user.click(screen.getByRole('menuitemradio', { name: 'Codex' }))
    await waitFor(() => expect(fake.callsOf('removeSession')).toEqual([{ sessionId: 's1' }]))
    expect(sidebar().getAllByRole('link')).toHaveLength(1)
    expect(sidebar().getByRole('link')).toHaveTextContent('Codex')
    expect(composer()).toHaveValue('half a thought')
    // Choosing the same agent again keeps that empty session.
    await user.click(screen.getByRole('button', { name: 'Choose the agent' }))
    await user.click(screen.getByRole('menuitemradio', { name: 'Codex' }))
    expect(fake.callsOf('createSession')).toHaveLength(2)
  })

  it('offers the --acp agent of this launch, which new sessions use until another is chosen', async () => {
    const launch = fakeAgent('command-line', 'my-agent', { command: 'node', args: ['agent.js'] })
    const fake = createFakeBridge({ settings: { agents: AGENTS, commandLineAgent: launch } })
    const { user } = await renderApp(fake)
    expect(fake.callsOf('createSession')).toEqual([{}])
    expect(header()).toHaveTextContent('Agent: my-agent')
    await user.click(screen.getByRole('button', { name: 'Choose the agent' }))
    expect(screen.getByRole('menuitemradio', { name: 'my-agent' })).toHaveAttribute(
      'aria-checked',
      'true',
    )
    expect(screen.getByRole('menuitemradio', { name: 'my-agent' })).toHaveAccessibleDescription(
      'node agent.js (from --acp)',
    )
    await user.click(screen.getByRole('menuitemradio', { name: 'Parley’s own agent' }))
    await waitFor(() => expect(fake.callsOf('createSession')).toEqual([{}, { agent: 'parley' }]))
    expect(intro()).toHaveTextContent(
      'AgentParley’s own agentModelnone: the built-in demo script answers',
    )
  })

  it('"Manage agents…" opens Settings at Agents', async () => {
    const fake = withHistory()
    const { user } = await renderApp(fake)
    await user.click(screen.getByRole('button', { name: 'Choose the agent' }))
    await user.click(screen.getByRole('menuitem', { name: 'Manage agents…' }))
    expect(screen.getByRole('tab', { name: 'Agents' })).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByRole('list', { name: 'Agents' })).toHaveTextContent('Codex')
  })
})
