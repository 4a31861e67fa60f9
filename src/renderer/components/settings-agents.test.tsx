import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ACP_AGENT_PRESETS } from '../../shared'
import { createFakeBridge, fakeAgent, fakeSession } from '../testing/fake-bridge'
import { renderApp } from '../testing/render-app'

async function openAgents(agents = [...ACP_AGENT_PRESETS]) {
  const fake = createFakeBridge({ sessions: [fakeSession('s1')], settings: { agents } })
  const rendered = await renderApp(fake)
  await rendered.user.click(screen.getByRole('button', { name: 'Settings' }))
  await rendered.user.click(screen.getByRole('tab', { name: 'Agents' }))
  return { fake, ...rendered, list: () => within(screen.getByRole('list', { name: 'Agents' })) }
}

describe('Settings → Agents', () => {
  it('lists the presets with their command lines', async () => {
    const { list } = await openAgents()
    const rows = list().getAllByRole('listitem')
    expect(rows.map((r) => r.textContent)).toEqual([
      'Claude CodeEditRemovenpx @agentclientprotocol/claude-agent-acp',
      'CodexEditRemovenpx @agentclientprotocol/codex-acp',
      'GeminiEditRemovegemini --acp',
      'gooseEditRemovegoose acp',
      'opencodeEditRemoveopencode acp',
      'Qwen CodeEditRemoveqwen --acp',
      'Copilot CLIEditRemovecopilot --acp',
    ])
    expect(
      within(rows[0] as HTMLElement).getByRole('button', { name: 'Edit Claude Code' }),
    ).toBeVisible()
  })

  it('adds an agent: the command line is shown split into program and arguments, and the whole list is saved', async () => {
    const { fake, user, list } = await openAgents([])
    await user.click(screen.getByRole('button', { name: 'Add agent' }))
    const form = screen.getByRole('form', { name: 'New agent' })
    expect(within(form).getByRole('textbox', { name: 'Name' })).toHaveFocus()
    await user.keyboard('My Agent')
    const command = within(form).getByRole('textbox', { name: 'Command line' })
    await user.type(command, `node "my agent.js" --model='o3 mini'`)
    expect(command).toHaveAccessibleDescription(
      'Runs node with 2 arguments: my agent.js --model=o3 mini',
    )
    await user.type(
      within(form).getByRole('textbox', { name: 'Environment variables' }),
      'MY_AGENT_HOME=/srv/agent',
    )
    expect(
      within(form).getByRole('textbox', { name: 'Environment variables' }),
    ).toHaveAccessibleDescription(
      expect.stringContaining(
        'Stored in plain text in settings.json: keep API keys in the environment',
      ),
    )
    await user.click(within(form).getByRole('button', { name: 'Save agent' }))
    expect(fake.callsOf('updateSettings')).toEqual([
      {
        agents: [
          {
            id: 'my-agent',
            name: 'My Agent',
            command: 'node',
            args: ['my agent.js', '--model=o3 mini'],
            env: { MY_AGENT_HOME: '/srv/agent' },
          },
        ],
      },
    ])
    expect(screen.queryByRole('form')).not.toBeInTheDocument()
    expect(list().getByRole('listitem')).toHaveTextContent(
      `node 'my agent.js' '--model=o3 mini'Sets variable MY_AGENT_HOME`,
    )
    expect(screen.getByText('Added My Agent.')).toHaveAttribute('role', 'status')
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit My Agent' })).toHaveFocus())
  })

  it('says what is wrong at each field, moves to the first one, and saves nothing', async () => {
    const { fake, user } = await openAgents()
    await user.click(screen.getByRole('button', { name: 'Add agent' }))
    const form = screen.getByRole('form', { name: 'New agent' })
    const name = within(form).getByRole('textbox', { name: 'Name' })
    const command = within(form).getByRole('textbox', { name: 'Command line' })
    const env = within(form).getByRole('textbox', { name: 'Environment variables' })
    await user.type(command, 'codex-acp | tee log')
    await user.type(env, 'API_KEY')
    await user.click(within(form).getByRole('button', { name: 'Save agent' }))
    expect(fake.callsOf('updateSettings')).toEqual([])
    expect(name).toHaveAttribute('aria-invalid', 'true')
    expect(name).toHaveAccessibleDescription('Give the agent a name.')
    expect(name).toHaveFocus()
    expect(command).toHaveAttribute('aria-invalid', 'true')
    expect(command).toHaveAccessibleDescription(
      expect.stringContaining('The agent command uses "|"; it is run directly, without a shell'),
    )
    expect(env).toHaveAccessibleDescription(
      expect.stringMatching(/^Line 1: write it as KEY=value\./),
    )

    // Fixed as typed: the messages go as each field becomes right.
    await user.type(name, 'Codex')
    expect(name).toHaveAccessibleDescription('Another agent is already called “Codex”.')
    await user.clear(name)
    await user.type(name, 'Codex, logged')
    expect(name).not.toHaveAttribute('aria-invalid')
  })

  it('edits an agent in place, keeping its id, and Escape leaves the editor without closing Settings', async () => {
    const { fake, user, list } = await openAgents()
    await user.click(screen.getByRole('button', { name: 'Edit Codex' }))
    const form = screen.getByRole('form', { name: 'Edit Codex' })
    const command = within(form).getByRole('textbox', { name: 'Command line' })
    expect(command).toHaveValue('npx @agentclientprotocol/codex-acp')
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('form')).not.toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Settings' })).toBeInTheDocument()
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit Codex' })).toHaveFocus())

    await user.click(screen.getByRole('button', { name: 'Edit Codex' }))
    const again = screen.getByRole('textbox', { name: 'Command line' })
    await user.clear(again)
    await user.type(again, 'codex-acp --profile work')
    await user.click(screen.getByRole('button', { name: 'Save agent' }))
    const saved = fake.callsOf('updateSettings')[0]?.agents
    expect(saved?.map((a) => a.id)).toEqual([
      'claude-code',
      'codex',
      'gemini',
      'goose',
      'opencode',
      'qwen-code',
      'copilot',
    ])
    expect(saved?.[1]).toEqual({
      id: 'codex',
      name: 'Codex',
      command: 'codex-acp',
      args: ['--profile', 'work'],
      env: {},
    })
    expect(list().getAllByRole('listitem')[1]).toHaveTextContent('codex-acp --profile work')
  })

  it('removes an agent only once confirmed; Keep puts focus back; a removed preset can be added back', async () => {
    const { fake, user, list } = await openAgents()
    await user.click(screen.getByRole('button', { name: 'Remove Gemini' }))
    const confirm = screen.getByRole('group', { name: 'Remove Gemini?' })
    expect(within(confirm).getByRole('button', { name: 'Keep' })).toHaveFocus()
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remove Gemini' })).toHaveFocus())
    expect(screen.getByRole('heading', { name: 'Settings' })).toBeInTheDocument()
    expect(fake.callsOf('updateSettings')).toEqual([])

    await user.click(screen.getByRole('button', { name: 'Remove Gemini' }))
    await user.click(
      within(screen.getByRole('group', { name: 'Remove Gemini?' })).getByRole('button', {
        name: 'Remove',
      }),
    )
    expect(fake.callsOf('updateSettings')[0]?.agents?.map((a) => a.id)).toEqual([
      'claude-code',
      'codex',
      'goose',
      'opencode',
      'qwen-code',
      'copilot',
    ])
    expect(list().queryByText('Gemini')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Add the Gemini preset' }))
    expect(fake.callsOf('updateSettings')[1]?.agents?.map((a) => a.id)).toEqual([
      'claude-code',
      'codex',
      'goose',
      'opencode',
      'qwen-code',
      'copilot',
      'gemini',
    ])
  })

  it('shows the --acp agent of this launch, which is not stored', async () => {
    const fake = createFakeBridge({
      sessions: [fakeSession('s1')],
      settings: {
        agents: [],
        commandLineAgent: fakeAgent('command-line', 'my-agent', {
          command: 'node',
          args: ['agent.js'],
        }),
      },
    })
    const { user } = await renderApp(fake)
    await user.click(screen.getByRole('button', { name: 'Settings' }))
    await user.click(screen.getByRole('tab', { name: 'Agents' }))
    expect(screen.getByText('from --acp').closest('.agent-card')).toHaveTextContent(
      'my-agentfrom --acpnode agent.js',
    )
  })
})

describe('Settings tabs', () => {
  it('move with the arrow keys and show the section moved to', async () => {
    const fake = createFakeBridge({ sessions: [fakeSession('s1')] })
    const { user } = await renderApp(fake)
    await user.click(screen.getByRole('button', { name: 'Settings' }))
    const model = screen.getByRole('tab', { name: 'Model' })
    expect(model).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByRole('tabpanel', { name: 'Model' })).toContainElement(
      screen.getByRole('combobox', { name: 'Provider' }),
    )
    model.focus()
    await user.keyboard('{ArrowRight}')
    expect(screen.getByRole('tab', { name: 'Agents' })).toHaveFocus()
    expect(screen.getByRole('tabpanel', { name: 'Agents' })).toBeInTheDocument()
    await user.keyboard('{End}')
    expect(screen.getByRole('tabpanel', { name: 'Devices' })).toBeInTheDocument()
    await user.keyboard('{ArrowRight}')
    expect(screen.getByRole('tab', { name: 'Model' })).toHaveAttribute('aria-selected', 'true')
  })
})
