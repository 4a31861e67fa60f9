import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { SessionSummary } from '../../shared'
import { createFakeBridge, fakeAgent, fakeSession } from '../testing/fake-bridge'
import { userMessage } from '../testing/fixtures'
import { renderApp } from '../testing/render-app'

const MODES: NonNullable<SessionSummary['agentModes']> = {
  currentModeId: 'ask',
  available: [
    { id: 'ask', name: 'Ask', description: 'Asks before it changes anything' },
    { id: 'plan', name: 'Plan', description: 'Plans only: changes nothing' },
    { id: 'auto', name: 'Auto' },
  ],
}

const codexSession = (patch: Partial<SessionSummary> = {}) =>
  fakeSession('s1', {
    title: 'Refactor',
    agent: { id: 'codex', name: 'Codex' },
    backend: 'acp:codex',
    ...patch,
  })

describe("an ACP session's modes", () => {
  it("lists the agent's own modes with their descriptions and switches with the agent", async () => {
    const fake = createFakeBridge({
      sessions: [codexSession({ agentModes: MODES })],
      events: { s1: [userMessage('hi')] },
      settings: { agents: [fakeAgent('codex', 'Codex')] },
    })
    const { user } = await renderApp(fake, 's1')
    await user.click(screen.getByRole('button', { name: 'Agent mode: Ask' }))
    const menu = screen.getByRole('menu', { name: 'Codex modes' })
    expect(within(menu).getByRole('menuitemradio', { name: 'Ask' })).toHaveFocus()
    expect(within(menu).getByRole('menuitemradio', { name: 'Ask' })).toHaveAttribute(
      'aria-checked',
      'true',
    )
    expect(within(menu).getByRole('menuitemradio', { name: 'Plan' })).toHaveAccessibleDescription(
      'Plans only: changes nothing',
    )
    await user.click(within(menu).getByRole('menuitemradio', { name: 'Plan' }))
    expect(fake.callsOf('setAgentMode')).toEqual([{ sessionId: 's1', modeId: 'plan' }])
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Agent mode: Plan' })).toHaveFocus(),
    )
  })

  it('says what Auto means in the empty session an agent starts in Auto, and shows the mode by the message box', async () => {
    const fake = createFakeBridge({
      sessions: [
        fakeSession('s1', {
          title: 'New',
          agent: { id: 'claude-code', name: 'Claude Code' },
          backend: 'acp:claude-code',
          agentModes: { ...MODES, currentModeId: 'auto' },
        }),
      ],
      settings: { agents: [fakeAgent('claude-code', 'Claude Code')] },
    })
    await renderApp(fake, 's1')
    expect(screen.getByText(/^Auto: the agent decides by itself/)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Agent mode: Auto' })).toBeInTheDocument()
  })

  it('shows an agent’s title with its code as code, and its file change as a diff rather than JSON', async () => {
    const fake = createFakeBridge({
      sessions: [codexSession()],
      events: {
        s1: [
          userMessage('hi', 't-1'),
          {
            type: 'agent_tool_call',
            at: 2_000,
            turnId: 't-1',
            toolCallId: 'w-1',
            title: 'Write `notes.txt`',
            kind: 'edit',
            status: 'completed',
            locations: [{ path: '/ws/notes.txt' }],
            content: [
              {
                type: 'diff',
                path: '/ws/notes.txt',
                oldText: 'old line\n',
                newText: 'new line\n',
                truncated: false,
              },
            ],
          },
        ],
      },
      settings: { agents: [fakeAgent('codex', 'Codex')] },
    })
    const { user } = await renderApp(fake, 's1')
    const toggle = await screen.findByRole('button', { name: /Write\s*notes\.txt\s*call, Done/ })
    expect(within(toggle).getByText('notes.txt').tagName).toBe('CODE')
    expect(toggle.textContent).not.toContain('`')
    await user.click(toggle)
    // Each side of the changed line, its changed word marked.
    const lines = Array.from(document.querySelectorAll('.diff-text')).map((c) => c.textContent)
    expect(lines).toEqual(expect.arrayContaining(['old line', 'new line']))
    expect(
      Array.from(document.querySelectorAll('mark.diff-word')).map((m) => m.textContent),
    ).toEqual(['old', 'new'])
    expect(screen.queryByText(/"newText"/)).not.toBeInTheDocument()
  })

  it("keeps Parley's policy as file access through Parley, and offers no model picker", async () => {
    const fake = createFakeBridge({
      sessions: [codexSession({ agentModes: MODES })],
      events: { s1: [userMessage('hi')] },
    })
    await renderApp(fake, 's1')
    const access = screen.getByRole('combobox', { name: 'File access through Parley' })
    expect(
      within(access)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Reads files, never changes them',
      'Asks you before changing files',
      'Changes files without asking',
      'Never asks about files',
    ])
    expect(screen.queryByRole('combobox', { name: 'Mode' })).not.toBeInTheDocument()
    expect(screen.queryByRole('combobox', { name: 'Model' })).not.toBeInTheDocument()
  })

  it('before the agent has started, the first screen says its modes come once it has', async () => {
    const fake = createFakeBridge({ sessions: [codexSession()] })
    await renderApp(fake, 's1')
    expect(screen.queryByRole('button', { name: /Agent mode/ })).not.toBeInTheDocument()
    const intro = screen.getByText('Agent', { selector: 'dt' }).closest('dl') as HTMLElement
    expect(intro).toHaveTextContent('ModeCodex’s own modes, offered below the message box')
    expect(intro).toHaveTextContent(
      'FilesAsks you before changing files, when the agent reads or writes them through Parley',
    )
  })

  it("Parley's own sessions keep the Mode picker and the model picker", async () => {
    const fake = createFakeBridge({ sessions: [fakeSession('s1')] })
    await renderApp(fake, 's1')
    expect(screen.getByRole('combobox', { name: 'Mode' })).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'Model' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Agent mode/ })).not.toBeInTheDocument()
  })
})

describe("an ACP agent's sign-in failure", () => {
  const signInFailed = () =>
    createFakeBridge({
      sessions: [codexSession()],
      events: {
        s1: [
          userMessage('Hello', 't1', 1),
          {
            type: 'turn_end',
            at: 2,
            turnId: 't1',
            reason: 'error',
            errorKind: 'auth',
            error:
              'Codex needs you to sign in before it can start a session. It offers:\n• Log in with ChatGPT (chatgpt)\n• Use OPENAI_API_KEY (openai-api-key) — set OPENAI_API_KEY in the environment Parley starts from',
            errorDetail: 'Authentication required',
          },
        ],
      },
    })

  it("shows the agent's own message with its sign-in methods, no Retry, and Settings at Agents", async () => {
    const { user } = await renderApp(signInFailed(), 's1')
    const card = await screen.findByRole('alert')
    expect(card).toHaveAccessibleName('Codex needs you to sign in')
    expect(card).toHaveTextContent('• Log in with ChatGPT (chatgpt)')
    expect(card).toHaveTextContent('Use OPENAI_API_KEY (openai-api-key)')
    expect(card).toHaveTextContent('then send your message again')
    expect(card).not.toHaveTextContent('model provider')
    expect(within(card).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument()
    await user.click(within(card).getByRole('button', { name: 'Open Settings' }))
    expect(screen.getByRole('tab', { name: 'Agents' })).toHaveAttribute('aria-selected', 'true')
  })

  it('any other agent failure names the agent, not a model provider', async () => {
    const fake = createFakeBridge({
      sessions: [codexSession()],
      events: {
        s1: [
          userMessage('Hello', 't1', 1),
          {
            type: 'turn_end',
            at: 2,
            turnId: 't1',
            reason: 'error',
            errorKind: 'other',
            error: 'Codex exited with code 1',
          },
        ],
      },
    })
    await renderApp(fake, 's1')
    const card = await screen.findByRole('alert')
    expect(card).toHaveAccessibleName('Codex could not finish this turn')
    expect(within(card).queryByRole('button', { name: 'Open Settings' })).not.toBeInTheDocument()
  })
})
