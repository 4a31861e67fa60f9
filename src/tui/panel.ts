import type { SessionSummary } from '../shared/bridge'
import type { McpApproval } from './mcp-approval-prompt'

/** A panel shown in place of the message box. */
export type Panel =
  | { kind: 'sessions'; sessions: readonly SessionSummary[] }
  | { kind: 'inbox' }
  | { kind: 'output' }
  | { kind: 'mcp-approval'; workspace: string; approval: McpApproval }
  | { kind: 'rewind' }
