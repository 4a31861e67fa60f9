import { afterEach, describe, expect, test } from 'vitest'
import type { AgentConfigOption } from '../shared/agent-config'
import { createFakeBridge } from './testing/fake-bridge'
import { press, waitForFrame } from './testing/ink-driver'
import { startApp, unmountApps } from './testing/start-app'

afterEach(unmountApps)

const CONFIG: AgentConfigOption[] = [
  {
    id: 'mode',
    name: 'Mode',
    category: 'mode',
    currentValue: 'agent',
    values: [
      { value: 'read-only', name: 'Read Only' },
      { value: 'agent', name: 'Agent' },
    ],
  },
  {
    id: 'collaboration_mode',
    name: 'Collaboration mode',
    category: 'collaboration_mode',
    currentValue: 'default',
    values: [
      { value: 'default', name: 'Default' },
      { value: 'plan', name: 'Plan' },
    ],
  },
  {
    id: 'reasoning_effort',
    name: 'Reasoning effort',
    category: 'thought_level',
    currentValue: 'medium',
    values: [
      { value: 'medium', name: 'Medium' },
      { value: 'high', name: 'High' },
    ],
  },
  {
    id: 'model',
    name: 'Model',
    category: 'model',
    currentValue: 'gpt-fast',
    values: [
      { value: 'gpt-fast', name: 'GPT Fast' },
      { value: 'gpt-deep', name: 'GPT Deep' },
    ],
  },
]

describe('an ACP agent’s settings in the terminal', () => {
  test('/config lists the agent’s settings like the web pickers, and /config SETTING VALUE changes one through the agent', async () => {
    const fake = createFakeBridge({
      session: {
        agent: { id: 'codex', name: 'Codex' },
        agentModes: {
          currentModeId: 'agent',
          available: [
            { id: 'read-only', name: 'Read Only' },
            { id: 'agent', name: 'Agent' },
          ],
          configId: 'mode',
        },
        agentConfig: CONFIG,
      },
    })
    const { app } = startApp(fake)
    await waitForFrame(app, 'Codex (ACP agent)')
    const listed = await press(app, '/config\r', 'Codex’s settings:')
    const lines = listed.split('\n').map((l) => l.trim())
    const at = lines.findIndex((l) => l.includes('Codex’s settings:'))
    expect(lines.slice(at + 1, at + 4)).toEqual([
      'Model: GPT Fast (GPT Fast, GPT Deep)',
      'Reasoning effort: Medium (Medium, High)',
      'Collaboration mode: Default (Default, Plan)',
    ])
    await press(app, '/config collaboration mode plan\r', 'Collaboration mode: Plan.')
    expect(fake.callsOf('setAgentConfigOption')).toEqual([
      { sessionId: 's1', configId: 'collaboration_mode', value: 'plan' },
    ])
    await press(app, '/config collaboration mode\r', 'Collaboration mode: Plan (Default, Plan)')
    await press(app, '/config model gpt-9\r', 'No “gpt-9” for Model: GPT Fast, GPT Deep.')
    await press(app, '/config temperature hot\r', 'Codex has no setting “temperature hot”')
    expect(fake.callsOf('setAgentConfigOption')).toHaveLength(1)
  })

  test('/config in a Parley session says that only agent sessions have settings', async () => {
    const fake = createFakeBridge()
    const { app } = startApp(fake)
    await waitForFrame(app, 'Message')
    await press(app, '/config\r', 'Only an ACP agent’s sessions have settings')
  })
})
