import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { AgentConfigOption, SessionSummary } from '../../shared'
import { createFakeBridge, fakeAgent, fakeSession } from '../testing/fake-bridge'
import { userMessage } from '../testing/fixtures'
import { renderApp } from '../testing/render-app'

/** Shaped like the newer Codex adapter's options, in the order it sends them. */
const CONFIG: AgentConfigOption[] = [
  {
    id: 'mode',
    name: 'Mode',
    category: 'mode',
    currentValue: 'agent',
    values: [
      { value: 'read-only', name: 'Read Only', group: 'Sandbox Modes' },
      { value: 'agent', name: 'Agent', group: 'Sandbox Modes' },
    ],
  },
  {
    id: 'collaboration_mode',
    name: 'Collaboration mode',
    description: 'How Codex collaborates for subsequent turns',
    category: 'collaboration_mode',
    currentValue: 'default',
    values: [
      { value: 'default', name: 'Default' },
      { value: 'plan', name: 'Plan', description: 'Plan before making changes' },
    ],
  },
  {
    id: 'reasoning_effort',
    name: 'Reasoning effort',
    category: 'thought_level',
    currentValue: 'medium',
    values: [
      { value: 'low', name: 'Low' },
      { value: 'medium', name: 'Medium' },
    ],
  },
  {
    id: 'model',
    name: 'Model',
    category: 'model',
    currentValue: 'gpt-fast',
    values: [
      { value: 'gpt-fast', name: 'GPT Fast', group: 'OpenAI' },
      { value: 'gpt-deep', name: 'GPT Deep', group: 'OpenAI' },
    ],
  },
]

const MODES: NonNullable<SessionSummary['agentModes']> = {
  currentModeId: 'agent',
  available: [
    { id: 'read-only', name: 'Read Only' },
    { id: 'agent', name: 'Agent' },
  ],
  configId: 'mode',
}

function codex(patch: Partial<SessionSummary> = {}, refuseConfig?: Record<string, string>) {
  return createFakeBridge({
    sessions: [
      fakeSession('s1', {
        title: 'Refactor',
        agent: { id: 'codex', name: 'Codex' },
        backend: 'acp:codex',
        agentModes: MODES,
        agentConfig: CONFIG,
        ...patch,
      }),
    ],
    events: { s1: [userMessage('hi')] },
    settings: { agents: [fakeAgent('codex', 'Codex')] },
    ...(refuseConfig ? { refuseConfig } : {}),
  })
}

const composerBar = () => {
  const message = screen.getByRole('textbox', { name: 'Message' })
  const form = message.closest('form')
  if (!form) throw new Error('the message box is not in a form')
  return within(form)
}

describe('an ACP agent’s config pickers in the composer', () => {
  it('shows one picker per option, named by the agent, ordered mode, model, thought level, other — and one Mode picker only', async () => {
    await renderApp(codex(), 's1')
    const bar = composerBar()
    const pickers = bar.getAllByRole('combobox').map((el) => el.getAttribute('aria-label'))
    expect(pickers).toEqual([
      'Model',
      'Reasoning effort',
      'Collaboration mode',
      'File access through Parley',
    ])
    // The agent's mode option is the "Agent mode" button, not a second picker.
    expect(bar.getByRole('button', { name: 'Agent mode: Agent' })).toBeInTheDocument()
    expect(bar.queryByRole('combobox', { name: 'Mode' })).toBeNull()
    expect(bar.getByRole('combobox', { name: 'Model' })).toHaveDisplayValue('GPT Fast')
    expect(within(bar.getByRole('group', { name: 'OpenAI' })).getAllByRole('option')).toHaveLength(
      2,
    )
  })

  it('sends the picked value to the agent and shows the value the agent answers', async () => {
    const fake = codex()
    const { user } = await renderApp(fake, 's1')
    const picker = composerBar().getByRole('combobox', { name: 'Collaboration mode' })
    await user.selectOptions(picker, 'Collaboration mode: Plan')
    expect(fake.callsOf('setAgentConfigOption')).toEqual([
      { sessionId: 's1', configId: 'collaboration_mode', value: 'plan' },
    ])
    await waitFor(() => expect(picker).toHaveDisplayValue('Collaboration mode: Plan'))
  })

  it('shows the agent’s refusal as an error and keeps the agent’s value', async () => {
    const fake = codex({}, { model: 'Codex did not change Model: that model needs a subscription' })
    const { user } = await renderApp(fake, 's1')
    const picker = composerBar().getByRole('combobox', { name: 'Model' })
    await user.selectOptions(picker, 'GPT Deep')
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Codex did not change Model: that model needs a subscription',
    )
    expect(picker).toHaveDisplayValue('GPT Fast')
  })

  it('shows the mode option as a picker when the agent has no separate modes', async () => {
    await renderApp(codex({ agentModes: undefined }), 's1')
    const bar = composerBar()
    expect(bar.getAllByRole('combobox').map((el) => el.getAttribute('aria-label'))).toEqual([
      'Mode',
      'Model',
      'Reasoning effort',
      'Collaboration mode',
      'File access through Parley',
    ])
  })
})
