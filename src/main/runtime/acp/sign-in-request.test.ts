import { describe, expect, it } from 'vitest'
import { authMethodsFrom } from './agent-auth'
import { signInBody, signInChoice, withheldHint, type SignInContext } from './sign-in-request'

const base: SignInContext = {
  agent: 'Codex',
  command: 'npx',
  args: ['@agentclientprotocol/codex-acp'],
  methods: [],
  parleyEnv: { OPENAI_API_KEY: 'sk-openai', ANTHROPIC_API_KEY: 'sk-ant' },
  agentEnv: {},
}

describe('the sign-in tray of an agent', () => {
  it('offers only the provider key its methods name, and not a method whose variable the agent lacks', () => {
    const methods = authMethodsFrom([
      { id: 'chatgpt', name: 'Login with ChatGPT' },
      {
        type: 'env_var',
        id: 'openai',
        name: 'Use OPENAI_API_KEY',
        vars: [{ name: 'OPENAI_API_KEY' }],
      },
    ])
    const body = signInBody({ ...base, methods })
    expect(body.options.map((o) => o.name)).toEqual([
      'Login with ChatGPT',
      'Give Codex my OPENAI_API_KEY',
      'Not now',
    ])
    expect(body.signIn.withheld).toEqual(['OPENAI_API_KEY'])
    expect(body.signIn.ways.find((w) => w.kind === 'set_env')).toMatchObject({
      name: 'Use OPENAI_API_KEY',
    })
    expect(signInChoice(body, 'give:OPENAI_API_KEY')).toEqual({
      kind: 'give_env',
      variable: 'OPENAI_API_KEY',
    })
    expect(signInChoice(body, 'method:chatgpt')).toEqual({
      kind: 'authenticate',
      methodId: 'chatgpt',
    })
    expect(signInChoice(body, 'set:openai')).toEqual({ kind: 'not_now' })
    expect(signInChoice(body, 'anything else')).toEqual({ kind: 'not_now' })
  })

  it('offers no provider key to an agent whose methods name only its own variables', () => {
    const methods = authMethodsFrom([
      { type: 'env_var', id: 'g', name: 'Use GEMINI_API_KEY', vars: [{ name: 'GEMINI_API_KEY' }] },
    ])
    const body = signInBody({ ...base, agent: 'Gemini', methods })
    expect(body.options.map((o) => o.optionId)).toEqual(['not_now'])
    expect(body.signIn.withheld).toEqual([])
    expect(body.detail).toContain("Use GEMINI_API_KEY: set GEMINI_API_KEY in Gemini's environment")
  })

  it('offers every key Parley has to an agent that names none, but not one the agent already has', () => {
    const body = signInBody({ ...base, agentEnv: { ANTHROPIC_API_KEY: 'sk-ant' } })
    expect(body.options.map((o) => o.optionId)).toEqual(['give:OPENAI_API_KEY', 'not_now'])
    expect(signInBody({ ...base, parleyEnv: {} }).options.map((o) => o.optionId)).toEqual([
      'not_now',
    ])
  })

  it('says in the turn’s end where the key went and how to give it', () => {
    const claude = { ...base, agent: 'Claude Code', parleyEnv: { ANTHROPIC_API_KEY: 'sk' } }
    expect(withheldHint(claude, true)).toBe(
      "Parley keeps your ANTHROPIC_API_KEY from agents. Send your message again and choose “Give Claude Code my ANTHROPIC_API_KEY”, or set it in Claude Code's env in Settings.",
    )
    expect(withheldHint({ ...claude, parleyEnv: {} }, true)).toBe('')
  })
})
