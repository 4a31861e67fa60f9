import type { BridgeOutput } from '../shared/bridge'
import type { McpServerInfo, McpServerState } from '../shared/mcp-servers'

/** Tools listed by name per server; the rest are counted. */
const TOOLS_SHOWN = 12

function stateText(status: McpServerState, now: number): string {
  switch (status.state) {
    case 'needs_approval':
      return 'waiting for your approval (/mcp approve)'
    case 'starting':
      return 'starting'
    case 'ready':
      return 'ready'
    case 'restarting': {
      const seconds = Math.max(0, Math.ceil((status.retryAt - now) / 1000))
      return `restarting (attempt ${status.attempt}/${status.maxAttempts}, in ${seconds} s): ${status.reason}`
    }
    case 'failed':
      return `failed: ${status.reason}`
    case 'stopped':
      return 'stopped'
  }
}

const ORIGIN: Record<McpServerInfo['origin'], string> = {
  user: 'your mcp.json',
  workspace: 'the workspace .mcp.json',
  command_line: '--mcp-config',
}

function serverLines(server: McpServerInfo, now: number): string[] {
  const tools = server.tools.map((t) => t.serverToolName)
  const shown = tools.slice(0, TOOLS_SHOWN).join(', ')
  const more = tools.length > TOOLS_SHOWN ? `, +${tools.length - TOOLS_SHOWN} more` : ''
  return [
    `• ${server.name} — ${stateText(server.status, now)}`,
    `  ${server.transport}: ${server.summary} (from ${ORIGIN[server.origin]})`,
    ...(tools.length > 0 ? [`  ${tools.length} tools: ${shown}${more}`] : []),
    ...server.notices.map((notice) => `  note: ${notice}`),
  ]
}

/** What `/mcp` prints: each server with its status and tools, problems, what waits for approval. */
export function mcpStatusText(
  status: BridgeOutput<'listMcpServers'>,
  workspace: string,
  now: number,
): string {
  const lines =
    status.servers.length === 0
      ? [
          `No MCP servers for ${workspace}: add them to its .mcp.json, to mcp.json in the data folder, or start with --mcp-config FILE.`,
        ]
      : [`MCP servers for ${workspace}:`, ...status.servers.flatMap((s) => serverLines(s, now))]
  for (const problem of status.problems) lines.push(`Problem: ${problem}`)
  if (status.pendingApproval)
    lines.push(
      `${status.pendingApproval.file} has ${status.pendingApproval.servers.length} server(s) not started until you approve them: /mcp approve`,
    )
  if (status.servers.length > 0) lines.push('/mcp restart NAME restarts one.')
  return lines.join('\n')
}
