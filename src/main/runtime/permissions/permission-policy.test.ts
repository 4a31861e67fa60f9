import { describe, expect, it } from 'vitest'
import type { Risk } from '../../../shared/permission'
import { decide, type LastingRule } from './permission-policy'

const part = (key: string | null, risk: Risk = 'low') => ({ key, risk })
const rule = (decision: 'allow' | 'deny', key: string, id = key): LastingRule => ({
  id,
  decision,
  scope: 'project',
  key,
  label: key,
})
const edit = { tool: 'write_file', category: 'edit' as const }
const command = { tool: 'run_command', category: 'command' as const }

describe('decide: the one permission decision', () => {
  it('execute mode runs an ordinary edit but asks for a high-risk one, whoever asks', () => {
    expect(decide({ ...edit, mode: 'execute' })).toEqual({ kind: 'review' })
    expect(
      decide({ ...edit, mode: 'execute', review: { risk: 'low', parts: [part('w:a')] } }),
    ).toMatchObject({ kind: 'allow', by: 'mode' })
    // The mode switch decides with the prompt's risk alone: a git hook still asks.
    expect(decide({ ...edit, mode: 'execute', review: { risk: 'high', parts: [] } })).toEqual({
      kind: 'ask',
    })
  })

  it('explore refuses mutating tools and runs read-only ones; bypass runs everything', () => {
    expect(decide({ ...command, mode: 'explore' }).kind).toBe('refuse')
    expect(decide({ tool: 'read_file', category: 'read', mode: 'explore' })).toMatchObject({
      kind: 'allow',
      by: 'mode',
    })
    expect(decide({ ...command, mode: 'bypass' })).toMatchObject({ kind: 'allow', by: 'mode' })
  })

  it('a deny rule wins over an allow rule and over the mode, bypass included', () => {
    const rules = [rule('allow', 'run:git push', 'a'), rule('deny', 'run:git push', 'd')]
    const review = { risk: 'medium' as const, parts: [part('run:git push', 'medium')] }
    expect(decide({ ...command, mode: 'bypass', rules })).toEqual({ kind: 'review' })
    for (const mode of ['ask', 'execute', 'bypass'] as const)
      expect(decide({ ...command, mode, rules, review })).toMatchObject({
        kind: 'deny',
        by: 'rule',
        rules: [{ id: 'd' }],
      })
  })

  it('allows only when every part is covered, by this turn or a rule, and names the rules used', () => {
    const rules = [rule('allow', 'run:npm test')]
    const remembered = new Map([['run:ls', 'allow' as const]])
    const both = { risk: 'low' as const, parts: [part('run:npm test'), part('run:ls')] }
    expect(decide({ ...command, mode: 'ask', rules, remembered, review: both })).toMatchObject({
      kind: 'allow',
      by: 'rule',
      rules: [{ key: 'run:npm test' }],
    })
    const uncovered = { risk: 'low' as const, parts: [part('run:npm test'), part('run:cat')] }
    expect(decide({ ...command, mode: 'ask', rules, review: uncovered })).toEqual({ kind: 'ask' })
    const unremembered = { risk: 'low' as const, parts: [part('run:npm test'), part(null)] }
    expect(decide({ ...command, mode: 'ask', rules, review: unremembered })).toEqual({
      kind: 'ask',
    })
  })

  it('never lets a rule skip the risk check', () => {
    const rules = [rule('allow', 'run:npm test')]
    const high = { risk: 'high' as const, parts: [part('run:npm test', 'high')] }
    expect(decide({ ...command, mode: 'ask', rules, review: high })).toEqual({ kind: 'ask' })
  })

  it("an MCP server's tool follows its server's hint in explore and asks in execute", () => {
    const mcp = { tool: 'mcp__s__t', category: 'external' as const }
    expect(decide({ ...mcp, mode: 'explore', readOnlyHint: true })).toMatchObject({
      kind: 'allow',
    })
    expect(decide({ ...mcp, mode: 'explore' }).kind).toBe('refuse')
    const review = { risk: 'medium' as const, parts: [part('tool:mcp__s__t', 'medium')] }
    expect(decide({ ...mcp, mode: 'execute', review })).toEqual({ kind: 'ask' })
    expect(
      decide({ ...mcp, mode: 'execute', review, rules: [rule('allow', 'tool:mcp__s__t')] }),
    ).toMatchObject({ kind: 'allow', by: 'rule' })
  })
})
