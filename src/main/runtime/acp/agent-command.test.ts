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
    expect(agentFromCommandLine('gemini --acp')).toMatchObject({ agent: { name: 'Gemini' } })
    expect(agentFromCommandLine('qwen --acp')).toMatchObject({ agent: { name: 'Qwen Code' } })
    expect(agentFromCommandLine('copilot --acp')).toMatchObject({ agent: { name: 'Copilot CLI' } })
  })

  it('names a known adapter after its agent however it is run, and never after a generic script file', () => {
    const named = (line: string) => {
      const result = agentFromCommandLine(line)
      return result.ok ? result.agent.name : result.message
    }
    expect(named('npx @zed-industries/claude-code-acp@0.16.2')).toBe('Claude Code')
    expect(
      named('node /cache/node_modules/@agentclientprotocol/claude-agent-acp/dist/index.js'),
    ).toBe('Claude Code')
    expect(
      named('node /cache/node_modules/@google/gemini-cli/bundle/gemini.js --experimental-acp'),
    ).toBe('Gemini')
    expect(named('node /c/node_modules/@github/copilot/npm-loader.js --acp')).toBe('Copilot CLI')
    expect(named('node /c/node_modules/@qwen-code/qwen-code/cli-entry.js --acp')).toBe('Qwen Code')
    expect(named('/c/node_modules/opencode-ai/bin/opencode.exe acp')).toBe('opencode')
    expect(named('node /x/node_modules/some-agent/dist/index.js')).toBe('some-agent')
    expect(named('node /home/me/my-agent/dist/index.js')).toBe('my-agent')
    expect(named('npx jiti ./agents/helper/src/index.ts')).toBe('helper')
  })

  it('refuses a command line it cannot run directly, in words', () => {
    expect(agentFromCommandLine('codex | tee log')).toMatchObject({
      ok: false,
      message: expect.stringContaining('"|"'),
    })
  })
})
