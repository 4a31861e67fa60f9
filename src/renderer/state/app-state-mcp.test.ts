import { describe, expect, it } from 'vitest'
import type { McpWorkspaceView } from './app-state'
import { INITIAL_STATE, mcpApprovalPutOff, mcpApprovalShown, mcpListed } from './app-state'

const approval = (hash: string): McpWorkspaceView => ({
  servers: [],
  problems: [],
  pendingApproval: {
    workspace: '/real/w',
    file: '/real/w/.mcp.json',
    hash,
    servers: [{ name: 'x', summary: 'x-server' }],
  },
})

describe("the UI's mirror of a workspace's MCP servers", () => {
  it('changes nothing when the runtime answers as before (Settings asks every 2 s)', () => {
    const once = mcpListed(INITIAL_STATE, '/w', approval('h1'))
    expect(mcpListed(once, '/w', approval('h1'))).toBe(once)
    expect(mcpListed(once, '/w', approval('h2'))).not.toBe(once)
  })

  it('shows an approval until it is put off, and again once the file (its hash) changes', () => {
    let s = mcpListed(INITIAL_STATE, '/w', approval('h1'))
    expect(mcpApprovalShown(s, '/w')?.hash).toBe('h1')
    expect(mcpApprovalShown(s, '/other')).toBeNull()
    s = mcpApprovalPutOff(s, '/w', 'h1')
    expect(mcpApprovalShown(s, '/w')).toBeNull()
    expect(mcpApprovalPutOff(s, '/w', 'h1')).toBe(s)
    s = mcpListed(s, '/w', approval('h2'))
    expect(mcpApprovalShown(s, '/w')?.hash).toBe('h2')
  })
})
