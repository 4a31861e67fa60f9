import { describe, expect, it } from 'vitest'
import { agentFromCommandLine } from './agent-command'

describe('agentFromCommandLine', () => {
  it('names a preset by its name and anything else after what it runs', () => {
    expect(agentFromCommandLine('npx @zed-industries/codex-acp')).toMatchObject({
      ok: true,
      agent: { name: 'Codex', command: 'npx', args: ['@zed-industries/codex-acp'] },
    })
    expect(agentFromCommandLine('gemini --experimental-acp')).toMatchObject({
      ok: true,
      agent: { name: 'Gemini' },
    })
    expect(agentFromCommandLine('node ./agents/my-agent.mjs --fast')).toMatchObject({
      ok: true,
      agent: { name: 'my-agent', id: 'command-line' },
    })
    expect(agentFromCommandLine('/opt/bin/opencode acp')).toMatchObject({
      ok: true,
      agent: { name: 'opencode' },
    })
  })

  it('refuses a command line it cannot run directly, in words', () => {
    expect(agentFromCommandLine('codex | tee log')).toMatchObject({
      ok: false,
      message: expect.stringContaining('"|"'),
    })
  })
})
