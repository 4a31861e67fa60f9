import type { Json } from '../../../shared/session-events'

/**
 * The turn engine's view of MCP tools. It offers `tools()` to the model beside Parley's own tools,
 * decides each call with `mcpToolVerdict` (the permission policy), and runs allowed calls with
 * `call`, whose outcome it commits as the call's one tool result.
 */

/** A JSON Schema object, as the server declared it (bounded by the manager). */
export type JsonSchemaObject = { [key: string]: Json }

/** One MCP tool, offered to Parley's agent. */
export interface McpTool {
  /** `mcp__<server>__<tool>`: what the model calls and what the log records. */
  name: string
  /** The configured server's name. */
  server: string
  /** The server's own name for the tool (sent in `tools/call`). */
  serverToolName: string
  title?: string
  description: string
  /** The tool's input JSON Schema (`type: "object"`), passed to the model as is. */
  inputSchema: JsonSchemaObject
  /** `annotations.readOnlyHint`: a hint only (see `mcpToolVerdict`). */
  readOnlyHint: boolean
  /** `annotations.destructiveHint` given as true: only colours the prompt (see `describeMcpToolCall`). */
  destructiveHint: boolean
}

/** Who is calling: the Parley tool call a server's elicitation is attributed to. */
export interface McpToolCall {
  sessionId: string
  turnId: string
  /** The model's tool call id (the `tool_call` record's id). */
  toolCallId: string
  input: Json
  /** The turn's signal: aborting it cancels the request (`notifications/cancelled`). */
  signal: AbortSignal
}

/** A tool call's result, bounded, as the turn engine commits it (`tool_result` output/isError). */
export interface McpToolOutcome {
  output: Json
  isError: boolean
}

/** What the turn engine consumes. */
export interface McpToolProvider {
  /** The tools of every ready (or restarting) server, names unique. Changes as servers come and go. */
  tools(): readonly McpTool[]
  /** Runs one call. Never throws: every failure is an error outcome the model can act on. */
  call(name: string, call: McpToolCall): Promise<McpToolOutcome>
}
