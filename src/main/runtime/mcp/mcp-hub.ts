import { z } from 'zod'
import type { McpServerInfo, McpServerToAdd } from '../../../shared/mcp-servers'
import { JsonSchema, type Json } from '../../../shared/session-events'
import type { InteractionAsker } from '../interactions/asker'
import { defineTool, ToolError, type ToolDefinition } from '../tools/tool-types'
import type { PidIsolation } from '../sandbox/private-pids'
import { toAcpMcpServers, type AcpMcpServer } from './acp-mcp-servers'
import { ApprovalWatch } from './approval-watch'
import { loadMcpConfig, type LoadedMcpConfig, type PendingApproval } from './load-mcp-config'
import type { McpConfigProblem } from './mcp-config'
import type { McpTool, McpToolProvider } from '../tools/mcp-tool'
import { McpServerManager, type SignInResult } from './server-manager'
import { workspaceServerEnv, type WorkspaceServerSandbox } from './workspace-server-sandbox'
import { describeMcpToolCall } from '../permissions/mcp-tool-policy'
import { WorkspaceApprovals } from './workspace-approvals'
import { addUserMcpServer, type AddServerResult } from './user-mcp-config'
import type { McpOAuthDeps } from './oauth/oauth-session'

export interface McpHubOptions {
  /** `<data-dir>`: the person's own `mcp.json` and the workspace approvals live there. */
  dataDir: string
  /** `--mcp-config` files (absolute): approved by being given. */
  commandLineFiles: readonly string[]
  asker: InteractionAsker
  env: NodeJS.ProcessEnv
  /** Whether stdio servers start in a private PID namespace (found once per runtime). */
  pidIsolation?: () => Promise<PidIsolation>
  /** The sandbox a workspace's own servers run in (see workspace-server-sandbox.ts). */
  workspaceSandbox?: () => WorkspaceServerSandbox
  /** Sign-in to HTTP servers that use OAuth (absent: such a server fails with its 401). */
  oauth?: McpOAuthDeps
}

/** A workspace's MCP servers as Settings shows them. */
export interface McpWorkspaceStatus {
  servers: McpServerInfo[]
  problems: string[]
  pendingApproval: PendingApproval | null
}

interface Workspace {
  manager: McpServerManager
  loaded: LoadedMcpConfig
  /** Reloads when `.mcp.json` or a script its servers run changes. */
  watch: ApprovalWatch
  /** Settles once the servers were started (or failed) with the current configuration. */
  ready: Promise<void>
}

const InputSchema = z.record(z.string(), JsonSchema)

/** How a configuration problem reads in Settings, the TUI's /mcp and on stderr. */
export function mcpProblemText(problem: McpConfigProblem): string {
  switch (problem.kind) {
    case 'invalid_server':
      return `${problem.file}: server "${problem.server}": ${problem.message}`
    case 'invalid_json':
      return `${problem.file}:${problem.line}:${problem.column}: ${problem.message}`
    case 'unreadable':
    case 'invalid_config':
      return `${problem.file}: ${problem.message}`
  }
}

/** An MCP tool as one of the agent's tools: asked about like Parley's own, run on its server. */
/** An MCP server's tool as one of the turn's tool definitions, run through its server. */
export function mcpToolDefinition(tool: McpTool, provider: McpToolProvider): ToolDefinition {
  return defineTool({
    name: tool.name,
    description: tool.description,
    inputSchema: InputSchema,
    inputJsonSchema: tool.inputSchema,
    category: 'external',
    readOnlyHint: tool.readOnlyHint,
    review: (input) => describeMcpToolCall(tool, input),
    async execute(input, context) {
      const outcome = await provider.call(tool.name, {
        ...context.call,
        input,
        signal: context.signal,
      })
      if (!outcome.isError) return outcome.output
      const output: Json = outcome.output
      const message =
        output !== null &&
        typeof output === 'object' &&
        !Array.isArray(output) &&
        typeof output.error === 'string'
          ? output.error
          : JSON.stringify(output)
      throw new ToolError(message)
    },
  })
}

/**
 * The MCP servers of every workspace Parley works in: one server manager per workspace (its
 * sessions share the servers), started the first time a turn there needs tools. A workspace's own
 * `.mcp.json` servers start only once the person approved that file.
 */
export class McpHub {
  readonly #workspaces = new Map<string, Workspace>()
  readonly #approvals: WorkspaceApprovals

  constructor(private readonly options: McpHubOptions) {
    this.#approvals = new WorkspaceApprovals(options.dataDir)
  }

  #load(workspace: string): Promise<LoadedMcpConfig> {
    return loadMcpConfig({
      workspace,
      dataDir: this.options.dataDir,
      commandLineFiles: this.options.commandLineFiles,
      approvals: this.#approvals,
      env: this.options.env,
      ...(this.options.workspaceSandbox
        ? { workspaceEnv: workspaceServerEnv(this.options.env, this.options.workspaceSandbox()) }
        : {}),
    })
  }

  /** The workspace's servers, being started with its current configuration (not waited for). */
  async #entry(workspace: string): Promise<Workspace> {
    const known = this.#workspaces.get(workspace)
    if (known) return known
    const loaded = await this.#load(workspace)
    // Another caller may have started it while the configuration was read.
    let entry = this.#workspaces.get(workspace)
    if (!entry) {
      const manager = new McpServerManager({
        workspace,
        asker: this.options.asker,
        baseEnv: this.options.env,
        ...(this.options.pidIsolation ? { pidIsolation: this.options.pidIsolation } : {}),
        ...(this.options.workspaceSandbox
          ? { workspaceSandbox: this.options.workspaceSandbox }
          : {}),
        approvedNow: () => this.#approvedNow(workspace),
        ...(this.options.oauth ? { oauth: this.options.oauth } : {}),
      })
      const watch = new ApprovalWatch(() => void this.#reload(workspace))
      watch.set(loaded.approvalFiles)
      entry = { manager, loaded, watch, ready: manager.setServers(loaded.servers) }
      this.#workspaces.set(workspace, entry)
    }
    return entry
  }

  /** The workspace's servers, once every start with its current configuration has ended. */
  async #workspace(workspace: string): Promise<Workspace> {
    const entry = await this.#entry(workspace)
    await entry.ready
    return entry
  }

  /**
   * Reads the configuration again and starts, stops or restarts servers to match it: a workspace
   * server whose `.mcp.json` entry or script changed is no longer approved, so it is stopped and
   * waits for the person's approval of what it is now.
   */
  async #reload(workspace: string): Promise<Workspace> {
    const entry = await this.#workspace(workspace)
    entry.loaded = await this.#load(workspace)
    entry.watch.set(entry.loaded.approvalFiles)
    entry.ready = entry.manager.setServers(entry.loaded.servers)
    await entry.ready
    return entry
  }

  /**
   * Checked before each start and restart of a workspace server: its files are still what was
   * approved. When not, the server is not started and the configuration is read again (after
   * this start has ended), which lists it as waiting for approval.
   */
  async #approvedNow(workspace: string): Promise<boolean> {
    const fresh = await this.#load(workspace)
    if (fresh.pendingApproval === null) return true
    void this.#reload(workspace)
    return false
  }

  /** The tools the workspace's servers offer now, as the agent's tools. */
  async tools(workspace: string): Promise<ToolDefinition[]> {
    const { manager } = await this.#workspace(workspace)
    return manager.tools().map((tool) => mcpToolDefinition(tool, manager))
  }

  /**
   * Servers, problems and what waits for approval, for Settings: as they are now, so a server
   * still starting is shown as starting (Settings asks again while it is open).
   */
  async status(workspace: string): Promise<McpWorkspaceStatus> {
    const { manager, loaded } = await this.#entry(workspace)
    return {
      servers: manager.list(),
      problems: loaded.problems.map(mcpProblemText),
      pendingApproval: loaded.pendingApproval,
    }
  }

  /**
   * The person approved the workspace's `.mcp.json` as it was shown (`hash`): its servers start.
   * False when the file changed since (it must be shown again).
   */
  async approve(workspace: string, hash: string): Promise<boolean> {
    const entry = await this.#workspace(workspace)
    const pending = entry.loaded.pendingApproval
    if (!pending || pending.hash !== hash) return false
    await this.#approvals.approve(pending.workspace, hash)
    await this.#reload(workspace)
    return true
  }

  async restart(workspace: string, name: string): Promise<boolean> {
    const { manager } = await this.#workspace(workspace)
    return manager.restart(name)
  }

  /** Settings' Sign in for one server (see `McpServerManager.signIn`). */
  async signIn(workspace: string, name: string): Promise<SignInResult> {
    const { manager } = await this.#workspace(workspace)
    return manager.signIn(name)
  }

  /** Settings' Sign out: forgets the server's tokens and connects again (it then needs sign-in). */
  async signOut(workspace: string, name: string): Promise<boolean> {
    const { manager } = await this.#workspace(workspace)
    return manager.signOut(name)
  }

  /**
   * Adds a server to the person's own `mcp.json`; once written, every open workspace reads its
   * configuration again and starts it (not waited for: Settings shows it starting).
   */
  async addUserServer(server: McpServerToAdd): Promise<AddServerResult> {
    const added = await addUserMcpServer(this.options.dataDir, server)
    if (added.ok) for (const workspace of this.#workspaces.keys()) void this.#reload(workspace)
    return added
  }

  /** Tells `listener` when any workspace's servers change state; returns an unsubscribe. */
  onChange(workspace: string, listener: () => void): () => void {
    const entry = this.#workspaces.get(workspace)
    return entry ? entry.manager.onChange(listener) : () => {}
  }

  /** The approved stdio servers, in ACP's shape, for an agent's `session/new`. */
  async acpServers(workspace: string): Promise<AcpMcpServer[]> {
    const loaded = this.#workspaces.get(workspace)?.loaded ?? (await this.#load(workspace))
    return toAcpMcpServers(loaded.servers, {}).servers
  }

  async close(): Promise<void> {
    const entries = [...this.#workspaces.values()]
    this.#workspaces.clear()
    for (const entry of entries) entry.watch.close()
    await Promise.all(entries.map((e) => e.manager.close()))
  }
}
