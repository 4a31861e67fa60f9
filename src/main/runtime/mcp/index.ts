/**
 * MCP servers for Parley: their tools in Parley's agent, their elicitations in the same tray.
 * User documentation: docs/mcp.md. How the runtime wires it in:
 *
 * 1. Configuration, per workspace: `loadMcpConfig({ workspace, dataDir, commandLineFiles, approvals:
 *    new WorkspaceApprovals(dataDir), env: process.env })` → `{ servers, problems, pendingApproval }`.
 *    `commandLineFiles` comes from `mcpConfigPaths(values['mcp-config'], process.cwd())`. Show
 *    `problems` as notices; when `pendingApproval` is set, ask the person and on yes call
 *    `approvals.approve(pendingApproval.workspace, pendingApproval.hash)`, reload, `setServers` again.
 * 2. One `McpServerManager({ workspace, asker })` per workspace (its sessions share the servers);
 *    `await manager.setServers(loaded.servers)`; `manager.list()` + `onChange` feed Settings;
 *    `manager.restart(name)` is its restart button; `await manager.close()` at shutdown, after the
 *    broker has settled its requests.
 * 3. Turn engine: offer `toAiToolSet(manager.tools())` beside Parley's tools in each step; for a call
 *    whose name is an MCP tool's, decide with `mcpToolVerdict({ tool, mode, readOnlyHint })` (or
 *    let the broker's `authorize` do it), show `describeMcpToolCall` in the prompt, then commit
 *    `await manager.call(name, { sessionId, turnId, toolCallId, input, signal: turn.abort.signal })`
 *    as the call's one result. `call` never throws.
 * 4. ACP: `toAcpMcpServers(loaded.servers, agentCapabilities.mcpCapabilities ?? {})` → `session/new`.
 */
export { toAcpMcpServers, type AcpMcpCapabilities, type AcpMcpServer } from './acp-mcp-servers'
export { toAiToolSet } from './ai-tool-set'
export {
  loadMcpConfig,
  mcpConfigPaths,
  readMcpConfigFile,
  type LoadedMcpConfig,
  type LoadMcpConfigOptions,
  type McpServerEntry,
  type PendingApproval,
} from './load-mcp-config'
export type { McpConfigProblem, McpServerDefinition } from './mcp-config'
export { systemClock, type McpClock } from './mcp-clock'
export type { McpTool, McpToolCall, McpToolOutcome, McpToolProvider } from './mcp-tool'
export { DEFAULT_RESTART_POLICY, type RestartPolicy } from './restart-backoff'
export { PROVIDER_KEY_NAMES } from './server-env'
export { McpServerManager, type McpServerManagerOptions } from './server-manager'
export { describeMcpToolCall, mcpToolVerdict, type McpPolicyQuery } from './tool-policy'
export { WorkspaceApprovals } from './workspace-approvals'
