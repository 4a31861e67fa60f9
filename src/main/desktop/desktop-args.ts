import { parseArgs } from 'node:util'

/** What the Electron entry takes from its command line and environment. */
export interface DesktopArgs {
  /** `--data-dir`, else env PARLEY_DATA_DIR; undefined = `defaultDataDir()`, as for the CLI. */
  dataDir?: string
  /** `--scenario`; the runtime itself falls back to env PARLEY_SCENARIO. */
  scenarioPath?: string
  /** `--workspace`: the folder new sessions work in unless they name another. */
  workspace?: string
  /** `--acp "COMMAND ARGS"`: new sessions talk to this ACP agent. */
  acp?: string
  /** `--mcp-config FILE`: MCP servers, counted as approved. */
  mcpConfig?: string
}

/**
 * Reads Parley's flags from Electron's argv. Electron and Chromium put their own switches and the
 * app path there too, so unknown arguments are ignored rather than refused; an empty value counts
 * as not given.
 */
export function parseDesktopArgs(argv: readonly string[], env: NodeJS.ProcessEnv): DesktopArgs {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      'data-dir': { type: 'string' },
      scenario: { type: 'string' },
      workspace: { type: 'string' },
      acp: { type: 'string' },
      'mcp-config': { type: 'string' },
    },
    strict: false,
    allowPositionals: true,
  })
  const flag = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined)
  const args: DesktopArgs = {}
  const dataDir = flag(values['data-dir']) ?? flag(env.PARLEY_DATA_DIR)
  if (dataDir !== undefined) args.dataDir = dataDir
  const scenarioPath = flag(values.scenario)
  if (scenarioPath !== undefined) args.scenarioPath = scenarioPath
  const workspace = flag(values.workspace)
  if (workspace !== undefined) args.workspace = workspace
  const acp = flag(values.acp)
  if (acp !== undefined) args.acp = acp
  const mcpConfig = flag(values['mcp-config'])
  if (mcpConfig !== undefined) args.mcpConfig = mcpConfig
  return args
}
