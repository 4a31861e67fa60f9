import type { PermissionMode } from '../../../shared/permission'
import type { Json } from '../../../shared/session-events'
import type { PolicyVerdict } from './policy-verdict'
import type { CallReview } from '../tools/tool-types'
import type { McpTool } from '../tools/mcp-tool'

export interface McpPolicyQuery {
  /** `mcp__<server>__<tool>`, for the message the model reads. */
  tool: string
  mode: PermissionMode
  /** The server's `annotations.readOnlyHint`: a claim by the server, not something Parley checked. */
  readOnlyHint: boolean
}

/**
 * Whether an MCP tool call runs, asks or is refused: the same modes as Parley's own tools, with the
 * server's read-only hint honoured only as a hint.
 *
 * - bypass: runs (never asks).
 * - ask: every call asks, read-only hint or not (a person cannot see what a server's tool does).
 * - execute: asks, as commands do (execute only waives prompts for Parley's own file edits,
 *   whose effect it can show as a diff; an MCP tool's effect cannot be previewed).
 * - explore: a tool the server marks read-only runs, as Parley's read-only tools do there; any
 *   other is refused with a message the model can act on.
 */
export function mcpToolVerdict({ tool, mode, readOnlyHint }: McpPolicyQuery): PolicyVerdict {
  switch (mode) {
    case 'bypass':
      return { kind: 'allow' }
    case 'ask':
    case 'execute':
      return { kind: 'ask' }
    case 'explore':
      return readOnlyHint
        ? { kind: 'allow' }
        : {
            kind: 'refuse',
            message: `${tool} is not available in explore mode (read-only): its server does not mark it read-only. Do not retry it; tell the user what you would do with it and that they can switch the permission mode to ask.`,
          }
  }
}

/**
 * What a permission prompt shows for an MCP tool call: which server and tool, the full input, and
 * the remember-for-turn key (the tool itself: a server's tool has no command prefix or path Parley
 * could narrow it to). The risk only styles the prompt; the decision is `mcpToolVerdict`'s.
 */
export function describeMcpToolCall(tool: McpTool, input: Json): CallReview {
  const risk = tool.readOnlyHint ? 'low' : tool.destructiveHint ? 'high' : 'medium'
  return {
    summary: `Use ${tool.title ?? tool.serverToolName} (MCP server ${tool.server})`,
    detail: JSON.stringify(input, null, 2),
    risk,
    // One part, remembered by the tool's name (a high-risk one never is).
    parts: [
      {
        text: tool.name,
        risk,
        key: risk === 'high' ? null : `tool:${tool.name}`,
        label: tool.name,
      },
    ],
    showParts: false,
  }
}
