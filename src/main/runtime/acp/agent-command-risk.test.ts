import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { agentCommandLine, agentCommandRisk } from './agent-command-risk'

describe('an agent’s command, reviewed as Parley reviews its own', () => {
  it('finds the command in Codex’s argv, Claude Code’s string, or a title in backticks', () => {
    expect(
      agentCommandLine({
        toolCallId: 'a',
        rawInput: { command: ['/bin/bash', '-lc', 'rm -rf build && ls'] },
      }),
    ).toBe('rm -rf build && ls')
    expect(
      agentCommandLine({ toolCallId: 'b', rawInput: { command: ['git', 'push', 'a b'] } }),
    ).toBe("git push 'a b'")
    expect(agentCommandLine({ toolCallId: 'c', rawInput: { command: 'npm test' } })).toBe(
      'npm test',
    )
    expect(agentCommandLine({ toolCallId: 'd', title: '`rm -rf /tmp/x`' })).toBe('rm -rf /tmp/x')
  })

  it('labels a deleting command high risk and says why; a call that runs nothing gets no label', async () => {
    const workspace = mkdtempSync(join(tmpdir(), 'parley-risk-'))
    const risky = await agentCommandRisk(
      { toolCallId: 'a', kind: 'execute', title: 'rm -rf ~', rawInput: { command: 'rm -rf ~' } },
      workspace,
    )
    expect(risky).toMatchObject({ risk: 'high', why: expect.any(String) })
    const harmless = await agentCommandRisk(
      { toolCallId: 'b', kind: 'execute', title: 'ls', rawInput: { command: 'ls' } },
      workspace,
    )
    expect(harmless?.risk).toMatch(/^(low|medium)$/)
    expect(
      await agentCommandRisk({ toolCallId: 'c', kind: 'edit', title: 'Edit a' }, workspace),
    ).toBe(undefined)
  })
})
