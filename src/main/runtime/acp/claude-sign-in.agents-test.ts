import { afterEach, describe, expect, it } from 'vitest'
import type { AskBody } from '../interactions/asker'
import type { AgentKeyring } from './agent-keyring'
import { startMockModel } from './testing/codex-offline'
import { agentEntry, claudeAgent, mainRequest, SIDE_REQUESTS } from './testing/real-agents'
import { RunnerHarness } from './testing/runner-harness'

/**
 * Claude Code with ANTHROPIC_API_KEY only in Parley's environment (which Parley keeps from
 * agents), offline against aimock: the turn asks in the sign-in tray, and "Give Claude Code my
 * ANTHROPIC_API_KEY" makes the same turn work. Run with `npm run test:agents`.
 */

const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

const CLAUDE = [
  { adapter: '@zed-industries/claude-code-acp', env: 'CLAUDE_CODE_ACP' },
  { adapter: '@agentclientprotocol/claude-agent-acp', env: 'CLAUDE_AGENT_ACP' },
] as const

describe.each(CLAUDE)('Claude Code through $adapter, without a key of its own', ({ env }) => {
  const entry = agentEntry(env)
  if (!entry) throw new Error(`run with \`npm run test:agents\` (PARLEY_AGENT_${env} is not set)`)

  it('asks to be given the key Parley keeps, and with it answers the same turn', async () => {
    const h = new RunnerHarness()
    const model = await startMockModel([
      ...mainRequest('Bash', 'say hello', 'first', () => ({ content: 'Hello from Claude.' })),
      ...SIDE_REQUESTS,
    ])
    cleanups.push(
      () => model.stop(),
      () => h.dispose(),
    )
    const { agent, env: parleyEnv } = claudeAgent(entry as string, h.root, model.url)
    const given: Record<string, string> = {}
    const keyring: AgentKeyring = {
      load: async () => ({ ...given }),
      give: async (name, value) => {
        given[name] = value
      },
    }
    // The key is Parley's, not the agent's.
    h.start({ ...agent, env: {} }, { env: { ...parleyEnv, ANTHROPIC_API_KEY: 'dummy' }, keyring })
    const started = h.runner.startTurn('t-1', 'say hello')
    if (!started.ok) throw new Error(started.message)
    const ask = await h.asker.waitForAsk()
    const body = ask.request.body as Extract<AskBody, { kind: 'agent_sign_in' }>
    expect(body.kind).toBe('agent_sign_in')
    expect(body.detail).toContain('Parley keeps your ANTHROPIC_API_KEY from agents.')
    const give = body.options.find((o) => o.name === 'Give Claude Code my ANTHROPIC_API_KEY')
    expect(give).toBeDefined()
    ask.answer({ kind: 'answered', value: { optionId: give?.optionId ?? '' } })
    await started.done
    expect(given).toEqual({ ANTHROPIC_API_KEY: 'dummy' })
    expect(h.of('turn_end').at(-1)).toMatchObject({ reason: 'completed' })
    expect(h.replyText('t-1')).toContain('Hello from Claude.')
  })
})
