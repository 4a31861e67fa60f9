import { describe, expect, it } from 'vitest'
import { authMethodsFrom, authRequiredMessage, methodFromEnvironment } from './agent-auth'

const CODEX_METHODS = [
  { id: 'chatgpt', name: 'Login with ChatGPT', description: 'Use your ChatGPT login' },
  {
    type: 'env_var',
    id: 'openai-api-key',
    name: 'Use OPENAI_API_KEY',
    vars: [{ name: 'OPENAI_API_KEY' }],
  },
  { nonsense: true },
]

describe('agent auth', () => {
  it('reads the agent’s methods with the variables each needs, leaving out malformed ones', () => {
    expect(authMethodsFrom(CODEX_METHODS)).toEqual([
      {
        id: 'chatgpt',
        name: 'Login with ChatGPT',
        description: 'Use your ChatGPT login',
        envVars: [],
      },
      { id: 'openai-api-key', name: 'Use OPENAI_API_KEY', envVars: ['OPENAI_API_KEY'] },
    ])
    expect(authMethodsFrom('not a list')).toEqual([])
  })

  it('picks a method the environment satisfies, and none when its variable is empty or missing', () => {
    const methods = authMethodsFrom(CODEX_METHODS)
    expect(methodFromEnvironment(methods, { OPENAI_API_KEY: 'sk' })?.id).toBe('openai-api-key')
    expect(methodFromEnvironment(methods, { OPENAI_API_KEY: '' })).toBeUndefined()
    expect(methodFromEnvironment(methods, {})).toBeUndefined()
  })

  it('says in plain words what each method needs', () => {
    expect(authRequiredMessage('Codex', authMethodsFrom(CODEX_METHODS))).toBe(
      [
        'Codex needs you to sign in before it can start a session. It offers:',
        '• Login with ChatGPT (chatgpt). Use your ChatGPT login',
        "• Use OPENAI_API_KEY (openai-api-key) — set OPENAI_API_KEY in the agent's settings (Parley keeps its own provider keys from agents)",
      ].join('\n'),
    )
    expect(authRequiredMessage('Goose', [])).toContain('offers no way to sign in from a client')
  })
})
