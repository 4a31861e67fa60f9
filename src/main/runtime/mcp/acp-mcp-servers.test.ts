import { describe, expect, it } from 'vitest'
import { toAcpMcpServers } from './acp-mcp-servers'
import { entry } from './testing/mcp-servers'

const servers = [
  entry('local', { transport: 'stdio', command: 'npx', args: ['-y', 'srv'], env: { TOKEN: 't' } }),
  entry('remote', {
    transport: 'http',
    url: 'https://mcp.example.com/mcp',
    headers: { Authorization: 'Bearer x' },
  }),
  entry(
    'repo',
    { transport: 'stdio', command: 'repo-srv', args: [], env: {} },
    {
      origin: 'workspace',
      approved: false,
    },
  ),
]

describe('MCP servers for an ACP agent’s session/new', () => {
  it('are the approved servers in ACP’s McpServer shape', () => {
    expect(toAcpMcpServers(servers, { http: true })).toEqual({
      servers: [
        {
          name: 'local',
          command: 'npx',
          args: ['-y', 'srv'],
          env: [{ name: 'TOKEN', value: 't' }],
        },
        {
          type: 'http',
          name: 'remote',
          url: 'https://mcp.example.com/mcp',
          headers: [{ name: 'Authorization', value: 'Bearer x' }],
        },
      ],
      skipped: [{ name: 'repo', reason: 'not approved for this workspace yet' }],
    })
  })

  it('leave out HTTP servers for an agent that did not declare HTTP support', () => {
    const { servers: passed, skipped } = toAcpMcpServers(servers, {})
    expect(passed.map((server) => server.name)).toEqual(['local'])
    expect(skipped).toContainEqual({
      name: 'remote',
      reason: 'the agent does not support HTTP MCP servers',
    })
  })
})
