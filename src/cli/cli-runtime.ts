import { statSync } from 'node:fs'
import { resolve } from 'node:path'
import { AgentCommandError, createRuntime, ScenarioError } from '../main/runtime/create-runtime'
import { defaultDataDir } from '../main/runtime/sessions/data-dir'
import { loadMcpConfig, mcpConfigPaths } from '../main/runtime/mcp/load-mcp-config'
import { mcpProblemText } from '../main/runtime/mcp/mcp-hub'
import { WorkspaceApprovals } from '../main/runtime/mcp/workspace-approvals'
import type { CliOptions } from './parse-cli'

export type CliRuntime = Awaited<ReturnType<typeof createRuntime>>

/**
 * Why `--data-dir` or `--workspace` cannot be used, in one line, or undefined. A data folder
 * that does not exist yet is created; one that is a file is refused, as is a missing workspace.
 */
export function folderProblem(options: CliOptions): string | undefined {
  const kind = (path: string) => {
    try {
      return statSync(path).isDirectory() ? 'folder' : 'other'
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'missing' : 'other'
    }
  }
  const dataDir = options.dataDir ?? defaultDataDir()
  if (kind(dataDir) === 'other')
    return `the data folder ${resolve(dataDir)} is not a folder (--data-dir or PARLEY_DATA_DIR)`
  if (options.workspace !== undefined && kind(options.workspace) !== 'folder')
    return `--workspace ${resolve(options.workspace)} is not a folder`
  return undefined
}

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
      acp: options.acp,
      mcpConfigFiles,
      interactive,
    })
  } catch (error) {
    if (!(error instanceof ScenarioError || error instanceof AgentCommandError)) throw error
    stderr(`parley ${command}: ${error.message}\n`)
    return 2
  }
  const settings = await runtime.getSettings({})
  const notices = [
    ...runtime.problems,
    ...(await mcpNotices({
      dataDir,
      workspace: options.workspace ?? (settings.defaultWorkspace || process.cwd()),
      commandLineFiles: mcpConfigFiles,
    })),
  ]
  for (const notice of notices) stderr(`parley ${command}: ${notice}\n`)
  return runtime
}

/** What is wrong with the MCP configuration a workspace's sessions would use, one line each. */
export async function mcpNotices(options: {
  dataDir: string
  workspace: string
  commandLineFiles: readonly string[]
}): Promise<string[]> {
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
  return lines
}
