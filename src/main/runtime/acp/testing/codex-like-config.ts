import type { FakeAgentScript } from './fake-acp-agent'

/**
 * Session config options shaped like the newer Codex adapter's (`@agentclientprotocol/codex-acp`
 * 2.6): a grouped "Mode" (category mode), a model, a reasoning effort, its collaboration mode, and
 * a boolean option Parley does not show. For the fake agent's `configOptions`.
 */
export const CODEX_LIKE_CONFIG: NonNullable<FakeAgentScript['configOptions']> = [
  {
    id: 'mode',
    name: 'Mode',
    description: 'Approval and sandboxing preset for the session',
    category: 'mode',
    type: 'select',
    currentValue: 'agent',
    options: [
      {
        group: 'sandbox-modes',
        name: 'Sandbox Modes',
        options: [
          { value: 'read-only', name: 'Read Only', description: 'Asks before it changes anything' },
          { value: 'agent', name: 'Agent' },
          { value: 'full-access', name: 'Full Access' },
        ],
      },
    ],
  },
  {
    id: 'collaboration_mode',
    name: 'Collaboration mode',
    category: 'collaboration_mode',
    type: 'select',
    currentValue: 'default',
    options: [
      { value: 'default', name: 'Default' },
      { value: 'plan', name: 'Plan', description: 'Plan before making changes' },
    ],
  },
  {
    id: 'reasoning_effort',
    name: 'Reasoning effort',
    category: 'thought_level',
    type: 'select',
    currentValue: 'medium',
    options: [
      { value: 'low', name: 'Low' },
      { value: 'medium', name: 'Medium' },
      { value: 'high', name: 'High' },
    ],
  },
  {
    id: 'model',
    name: 'Model',
    category: 'model',
    type: 'select',
    currentValue: 'gpt-fast',
    options: [
      { value: 'gpt-fast', name: 'GPT Fast' },
      { value: 'gpt-deep', name: 'GPT Deep' },
    ],
  },
  { id: 'verbose', name: 'Verbose', type: 'boolean', currentValue: false },
]
