import type { McpServerEntry } from './load-mcp-config'

/**
 * MCP servers in the shape ACP's `session/new` and `session/load` take (`mcpServers`), structurally
 * the `McpServer` union of `@agentclientprotocol/sdk` 2.x: stdio `{ name, command, args, env }` with
 * env as `{ name, value }` pairs, HTTP `{ type: "http", name, url, headers }` with headers as pairs.
 */
export type AcpMcpServer =
  | {
      name: string
      command: string
      args: string[]
      env: Array<{ name: string; value: string }>
    }
  | {
      type: 'http'
      name: string
      url: string
      headers: Array<{ name: string; value: string }>
    }

/** What the ACP agent said it can connect to (`agentCapabilities.mcpCapabilities`). */
export interface AcpMcpCapabilities {
  /** Streamable HTTP servers; stdio is always supported. */
  http?: boolean
}

const pairs = (map: Record<string, string>) =>
  Object.entries(map).map(([name, value]) => ({ name, value }))

/**
 * The configured servers an ACP agent should start itself: approved ones only (an unapproved
 * workspace server must not start through an agent either), HTTP ones only when the agent declared
 * `mcpCapabilities.http`. `skipped` names the ones left out and why, for the session's notice.
 * The agent runs them with its own environment: the configured `env` is passed as written.
 */
export function toAcpMcpServers(
  servers: readonly McpServerEntry[],
  capabilities: AcpMcpCapabilities,
): { servers: AcpMcpServer[]; skipped: Array<{ name: string; reason: string }> } {
  const out: AcpMcpServer[] = []
  const skipped: Array<{ name: string; reason: string }> = []
  for (const server of servers) {
    if (!server.approved) {
      skipped.push({ name: server.name, reason: 'not approved for this workspace yet' })
      continue
    }
    const definition = server.definition
    switch (definition.transport) {
      case 'stdio':
        out.push({
          name: server.name,
          command: definition.command,
          args: [...definition.args],
          env: pairs(definition.env),
        })
        break
      case 'http':
        if (capabilities.http !== true) {
          skipped.push({ name: server.name, reason: 'the agent does not support HTTP MCP servers' })
          break
        }
        out.push({
          type: 'http',
          name: server.name,
          url: definition.url,
          headers: pairs(definition.headers),
        })
        break
    }
  }
  return { servers: out, skipped }
}
