import { AgentCommandError, createRuntime, ScenarioError } from '../main/runtime/create-runtime'
import { defaultDataDir } from '../main/runtime/sessions/data-dir'
import { mcpConfigPaths } from '../main/runtime/mcp/load-mcp-config'
import type { CliOptions } from './parse-cli'

export type CliRuntime = Awaited<ReturnType<typeof createRuntime>>

/**
 * The runtime a `parley` subcommand runs on, built from its flags. An unusable scenario file is
 * reported on stderr as `parley <command>: …` and comes back as exit code 2.
 */
export async function runtimeForCommand(
  command: string,
  options: CliOptions,
  interactive: boolean,
  stderr: (text: string) => void = (text) => process.stderr.write(text),
): Promise<CliRuntime | number> {
  try {
    return await createRuntime({
      dataDir: options.dataDir ?? defaultDataDir(),
      scenarioPath: options.scenario,
      workspace: options.workspace,
      acp: options.acp,
      mcpConfigFiles: mcpConfigPaths(options.mcpConfig, process.cwd()),
      interactive,
    })
  } catch (error) {
    if (!(error instanceof ScenarioError || error instanceof AgentCommandError)) throw error
    stderr(`parley ${command}: ${error.message}\n`)
    return 2
  }
}
