import type { CommandSandbox, Launch, SandboxedLaunch } from '../sandbox/command-sandbox'
import { sandboxedLaunch } from '../sandbox/command-sandbox'
import { grantFor } from '../sandbox/sandbox-policy'
import { commandEnvironment } from '../tools/command-environment'

/**
 * What a workspace's own stdio MCP servers (from its `.mcp.json`) run in: the command sandbox,
 * under the same policy as a command — the workspace the one writable folder, the home folder
 * hidden but for the toolchains, no other process, the environment by allow-list — but with the
 * network, since they are servers. Their approval then protects the person's time, not their
 * machine: a server whose scripts a command rewrote still cannot read a secret or write outside.
 * The person's own servers (`mcp.json` in the data folder, `--mcp-config`) run as configured.
 */
export interface WorkspaceServerSandbox {
  sandbox: CommandSandbox
  /** The names the person allowed in Settings (`sandboxAllowedEnv`). */
  allowedEnv: readonly string[]
}

/** The environment a workspace server inherits, and where its `${VAR}` are looked up. */
export function workspaceServerEnv(
  base: NodeJS.ProcessEnv,
  sandbox: WorkspaceServerSandbox,
): NodeJS.ProcessEnv {
  return commandEnvironment({ base, allowed: sandbox.allowedEnv, storedSecrets: [] })
}

/** How a workspace server starts: in the sandbox, with the network, with `env` as it is. */
export function workspaceServerLaunch(
  sandbox: WorkspaceServerSandbox,
  { workspace, command, env }: { workspace: string; command: Launch; env: NodeJS.ProcessEnv },
): SandboxedLaunch {
  return sandboxedLaunch(sandbox.sandbox, {
    workspace,
    grant: grantFor(['network']),
    command,
    env,
  })
}
