import { parseArgs } from 'node:util'
import { PermissionModeSchema, type PermissionMode } from '../shared/permission'

/** Flags each subcommand accepts (pinned in DESIGN.md §3). */
const COMMANDS = {
  desktop: {
    flags: ['data-dir', 'scenario'],
    usage: 'parley desktop [--data-dir D] [--scenario F]',
  },
  serve: {
    flags: ['port', 'data-dir', 'scenario', 'workspace'],
    usage: 'parley serve [--port N] [--data-dir D] [--scenario F] [--workspace W]',
  },
  tui: {
    flags: ['data-dir', 'scenario', 'workspace', 'session'],
    usage: 'parley tui [--data-dir D] [--scenario F] [--workspace W] [--session ID]',
  },
  run: {
    flags: ['data-dir', 'scenario', 'workspace', 'mode', 'json'],
    usage: 'parley run [--data-dir D] [--scenario F] [--workspace W] [--mode M] [--json] "prompt"',
  },
} as const
type CommandName = keyof typeof COMMANDS

const OPTION_TYPES = {
  port: { type: 'string' },
  'data-dir': { type: 'string' },
  scenario: { type: 'string' },
  workspace: { type: 'string' },
  session: { type: 'string' },
  mode: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const

/** Options common to every subcommand, after validation. */
export interface CliOptions {
  dataDir?: string
  scenario?: string
  workspace?: string
  session?: string
  port?: number
  mode?: PermissionMode
  json: boolean
  positionals: string[]
}

const HELP = `Parley: a chat client for AI agents that can ask you mid-turn.

Usage:
${Object.values(COMMANDS)
  .map((c) => `  ${c.usage}`)
  .join('\n')}

Env: PARLEY_DATA_DIR, PARLEY_SCENARIO, PARLEY_MODEL, OPENAI_API_KEY, OPENAI_BASE_URL, ANTHROPIC_API_KEY,
     ANTHROPIC_BASE_URL (empty means unset; see the README's Models section)
`

export class UsageError extends Error {}

export function parseCli(
  argv: string[],
): { command: CommandName; options: CliOptions } | { help: string } {
  const [name, ...rest] = argv
  if (name === undefined || name === '--help' || name === '-h' || name === 'help')
    return { help: HELP }
  if (!Object.hasOwn(COMMANDS, name))
    throw new UsageError(
      `unknown command "${name}"; expected one of ${Object.keys(COMMANDS).join(', ')}`,
    )
  const command = name as CommandName
  const spec = COMMANDS[command]
  let parsed
  try {
    parsed = parseArgs({ args: rest, options: OPTION_TYPES, allowPositionals: true, strict: true })
  } catch (error) {
    throw new UsageError(
      `${error instanceof Error ? error.message : String(error)}\nusage: ${spec.usage}`,
    )
  }
  const { values, positionals } = parsed
  if (values.help) return { help: `usage: ${spec.usage}\n` }
  for (const key of Object.keys(values)) {
    if (!(spec.flags as readonly string[]).includes(key))
      throw new UsageError(`--${key} is not a flag of "${command}"\nusage: ${spec.usage}`)
  }
  if (command !== 'run' && positionals.length > 0)
    throw new UsageError(`unexpected argument "${positionals[0]}"\nusage: ${spec.usage}`)
  const options: CliOptions = { json: values.json ?? false, positionals }
  if (values['data-dir'] !== undefined) options.dataDir = values['data-dir']
  if (values.scenario !== undefined) options.scenario = values.scenario
  if (values.workspace !== undefined) options.workspace = values.workspace
  if (values.session !== undefined) options.session = values.session
  if (values.port !== undefined) {
    const port = Number(values.port)
    if (!Number.isInteger(port) || port < 0 || port > 65535)
      throw new UsageError(`--port must be 0–65535, got "${values.port}"`)
    options.port = port
  }
  if (values.mode !== undefined) {
    const mode = PermissionModeSchema.safeParse(values.mode)
    if (!mode.success)
      throw new UsageError(
        `--mode must be one of ${PermissionModeSchema.options.join(', ')}, got "${values.mode}"`,
      )
    options.mode = mode.data
  }
  return { command, options }
}
