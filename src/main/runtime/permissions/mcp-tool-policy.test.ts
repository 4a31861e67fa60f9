import { describe, expect, it } from 'vitest'
import { PERMISSION_MODES } from '../../../shared/permission'
import type { McpTool } from '../tools/mcp-tool'
import { describeMcpToolCall, mcpToolVerdict } from './mcp-tool-policy'

const tool = 'mcp__github__create_issue'

describe('the permission policy for MCP tool calls', () => {
  it('asks for every call in ask and execute mode, read-only hint or not', () => {
    for (const mode of ['ask', 'execute'] as const)
      for (const readOnlyHint of [true, false])
        expect(mcpToolVerdict({ tool, mode, readOnlyHint })).toEqual({ kind: 'ask' })
  })

  it('allows every call in bypass mode', () => {
    expect(mcpToolVerdict({ tool, mode: 'bypass', readOnlyHint: false })).toEqual({ kind: 'allow' })
  })

  it('in explore mode allows only tools the server marks read-only, and refuses others with a message the model can act on', () => {
    expect(mcpToolVerdict({ tool, mode: 'explore', readOnlyHint: true })).toEqual({ kind: 'allow' })
    const refused = mcpToolVerdict({ tool, mode: 'explore', readOnlyHint: false })
    expect(refused).toMatchObject({ kind: 'refuse' })
    expect(refused.kind === 'refuse' && refused.message).toMatch(
      /^mcp__github__create_issue is not available in explore mode .* Do not retry it/,
    )
  })

  it('decides every mode for a tool that may change things: refused in explore, asked in ask and execute, allowed in bypass', () => {
    const verdicts = PERMISSION_MODES.map(
      (mode) => [mode, mcpToolVerdict({ tool, mode, readOnlyHint: false }).kind] as const,
    )
    expect(Object.fromEntries(verdicts)).toEqual({
      explore: 'refuse',
      ask: 'ask',
      execute: 'ask',
      bypass: 'allow',
    })
  })
})

describe('the permission prompt for an MCP tool call', () => {
  const base: McpTool = {
    name: tool,
    server: 'github',
    serverToolName: 'create_issue',
    title: 'Create issue',
    description: 'Creates an issue',
    inputSchema: { type: 'object' },
    readOnlyHint: false,
    destructiveHint: false,
  }

  it('names the tool and its server, shows the whole input and remembers by tool', () => {
    expect(describeMcpToolCall(base, { title: 'Bug', body: 'It breaks' })).toEqual({
      summary: 'Use Create issue (MCP server github)',
      detail: '{\n  "title": "Bug",\n  "body": "It breaks"\n}',
      risk: 'medium',
      parts: [{ text: tool, risk: 'medium', key: `tool:${tool}`, label: tool }],
      showParts: false,
    })
  })

  it('styles the prompt by the server’s hints', () => {
    expect(describeMcpToolCall({ ...base, readOnlyHint: true }, {}).risk).toBe('low')
    expect(describeMcpToolCall({ ...base, destructiveHint: true }, {}).risk).toBe('high')
  })
})
