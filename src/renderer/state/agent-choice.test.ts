import { describe, expect, it } from 'vitest'
import { FAKE_SETTINGS, fakeAgent, fakeSession } from '../testing/fake-bridge'
import { agentOptions, effectiveAgentChoice, sessionHasAgent } from './agent-choice'

const codex = fakeAgent('codex', 'Codex', { command: 'npx', args: ['@zed-industries/codex-acp'] })
const launch = fakeAgent('command-line', 'my-agent', { command: 'node', args: ['my agent.js'] })

describe('who a new session talks to', () => {
  it("offers Parley's own agent, then the --acp agent, then the named agents, each with how it runs", () => {
    expect(agentOptions({ ...FAKE_SETTINGS, agents: [codex], commandLineAgent: launch })).toEqual([
      { id: 'parley', name: 'Parley’s own agent', detail: 'Demo scenario (fake backend)' },
      { id: 'command-line', name: 'my-agent', detail: `node 'my agent.js' (from --acp)` },
      { id: 'codex', name: 'Codex', detail: 'npx @zed-industries/codex-acp' },
    ])
  })

  it('is the choice while it is offered, else the --acp agent, else Parley’s own', () => {
    const settings = { ...FAKE_SETTINGS, agents: [codex] }
    expect(effectiveAgentChoice('codex', settings)).toBe('codex')
    expect(effectiveAgentChoice('gone', settings)).toBe('parley')
    expect(effectiveAgentChoice(null, { ...settings, commandLineAgent: launch })).toBe(
      'command-line',
    )
  })

  it('matches a session by its agent', () => {
    expect(sessionHasAgent(fakeSession('a'), 'parley')).toBe(true)
    expect(
      sessionHasAgent(fakeSession('a', { agent: { id: 'codex', name: 'Codex' } }), 'codex'),
    ).toBe(true)
    expect(
      sessionHasAgent(fakeSession('a', { agent: { id: 'codex', name: 'Codex' } }), 'parley'),
    ).toBe(false)
  })
})
