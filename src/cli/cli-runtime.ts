import { AgentCommandError, createRuntime, ScenarioError } from '../main/runtime/create-runtime'
import { defaultDataDir } from '../main/runtime/sessions/data-dir'
import { loadMcpConfig, mcpConfigPaths } from '../main/runtime/mcp/load-mcp-config'
import { mcpProblemText } from '../main/runtime/mcp/mcp-hub'
import { WorkspaceApprovals } from '../main/runtime/mcp/workspace-approvals'
import { folderProblem } from './folder-problem'
import type { CliOptions } from './parse-cli'
import type { SignInPrompt } from '../main/runtime/mcp/oauth/oauth-session'

export type CliRuntime = Awaited<ReturnType<typeof createRuntime>>

/**
 * The runtime a `parley` subcommand runs on, built from its flags. An unusable data folder,
 * workspace, scenario file or `--acp` command is reported on stderr as `parley <command>: …` and
 * comes back as exit code 2. Start-up problems (a settings.json or MCP configuration with a
 * mistake, MCP servers waiting for approval, unreadable session logs) are printed the same way,
 * one line each, by every command.
 */
export async function runtimeForCommand(
  command: string,
  options: CliOptions,
  interactive: boolean,
  stderr: (text: string) => void = (text) => process.stderr.write(text),
  host: { mcpSignIn?: SignInPrompt } = {},
): Promise<CliRuntime | number> {
  const refused = folderProblem(options)
  if (refused !== undefined) {
    stderr(`parley ${command}: ${refused}\n`)
    return 2
  }
  const dataDir = options.dataDir ?? defaultDataDir()
  const mcpConfigFiles = mcpConfigPaths(options.mcpConfig, process.cwd())
  let runtime: CliRuntime
  try {
    runtime = await createRuntime({
      dataDir,
      scenarioPath: options.scenario,
      workspace: options.workspace,
      // The terminal clients work where they were started; the browser UI asks for a folder.
      currentFolder: command === 'serve' ? undefined : process.cwd(),
      acp: options.acp,
      mcpConfigFiles,
      interactive,
      ...host,
    })
  } catch (error) {
    if (!(error instanceof ScenarioError || error instanceof AgentCommandError)) throw error
    stderr(`parley ${command}: ${error.message}\n`)
    return 2
  }
  const settings = await runtime.getSettings({})
  const mcp = await mcpNotices({
    dataDir,
    workspace: options.workspace ?? (settings.defaultWorkspace || process.cwd()),
    commandLineFiles: mcpConfigFiles,
  })
  for (const notice of [...runtime.problems, ...mcp.lines]) stderr(`parley ${command}: ${notice}\n`)
  if (mcp.commandLineBroken) {
    // A file the person named (--mcp-config) that is missing or wrong is a mistake, not a notice:
    // going on would run without the servers they asked for.
    await runtime.close()
    return 2
  }
  return runtime
}

/**
 * What is wrong with the MCP configuration a workspace's sessions would use, one line each, and
 * whether a file named with `--mcp-config` is among the broken ones.
 */
export async function mcpNotices(options: {
  dataDir: string
  workspace: string
  commandLineFiles: readonly string[]
}): Promise<{ lines: string[]; commandLineBroken: boolean }> {
  const loaded = await loadMcpConfig({
    ...options,
    approvals: new WorkspaceApprovals(options.dataDir),
    env: process.env,
  })
  const lines = loaded.problems.map(mcpProblemText)
  const pending = loaded.pendingApproval
  if (pending)
    lines.push(
      `${pending.file}: its MCP servers (${pending.servers.map((s) => s.name).join(', ')}) do not start until you approve them in Settings or with /mcp in parley tui`,
    )
  const commandLineBroken = loaded.problems.some((p) => options.commandLineFiles.includes(p.file))
  return { lines, commandLineBroken }
}
