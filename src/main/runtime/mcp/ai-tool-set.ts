import { jsonSchema, tool, type ToolSet } from 'ai'
import type { McpTool } from './mcp-tool'

/**
 * MCP tools as `streamText` tools: name, description and the server's JSON Schema, no `execute`
 * (Parley runs the tool loop itself). The turn engine merges this into its own tool set.
 */
export function toAiToolSet(tools: readonly McpTool[]): ToolSet {
  const set: ToolSet = {}
  for (const mcpTool of tools) {
    set[mcpTool.name] = tool({
      description: mcpTool.description,
      inputSchema: jsonSchema(mcpTool.inputSchema as Parameters<typeof jsonSchema>[0]),
    })
  }
  return set
}
