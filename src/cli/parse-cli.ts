import { parseArgs } from 'node:util'
import { version } from '../../package.json'
import { PermissionModeSchema, type PermissionMode } from '../shared/permission'
import { errorMessage } from '../shared/plain-error'

/** Every flag of the `parley` command: how it is written, what it means, its default. */
const FLAGS = {
  port: {
    type: 'string',
    value: 'N',
    about: 'port on 127.0.0.1 to listen on; 0 picks a free one',
    default: '0',
  },
  'data-dir': {
    type: 'string',
    value: 'D',
    about: 'folder for sessions/, settings.json and drafts/ (env PARLEY_DATA_DIR)',
    default: "the platform's per-user data folder",
  },
  scenario: {
    type: 'string',
    value: 'F',
    about: 'make the model a scripted fake driven by this scenario file (env PARLEY_SCENARIO)',
    default: 'the configured provider, else the built-in demo',
  },
  workspace: {
    type: 'string',
    value: 'W',
    about: 'folder new sessions work in',
    default:
      'the default workspace in Settings; else desktop and serve ask for a folder, tui and run use the current one',
  },
  session: {
    type: 'string',
    value: 'ID',
    about: 'resume this session',
    default: 'offer to resume the last session, or start a new one',
  },
  mode: {
    type: 'string',
    value: 'M',
    about: `permission mode: ${PermissionModeSchema.options.join(' | ')}`,
    default: 'the default mode in Settings (ask)',
  },
  json: {
    type: 'boolean',
    value: '',
    about: 'print every session log record as one JSON line instead of the final text',
    default: 'off',
  },
  acp: {
    type: 'string',
    value: '"COMMAND ARGS"',
    about:
      'new sessions use this ACP agent (split like a shell would), e.g. "npx @agentclientprotocol/codex-acp"',
    default: "Parley's own agent",
  },
  remote: {
    type: 'boolean',
    value: '',
    about:
      'also answer from your phone: HTTPS on the LAN (and 127.0.0.1, same port) for paired devices; prints a one-time pairing link and its QR code',
    default: 'off (127.0.0.1 only)',
  },
  'mcp-config': {
    type: 'string',
    value: 'FILE',
    about: 'MCP servers in {"mcpServers": {...}} format (counts as approved)',
    default: '<workspace>/.mcp.json (after approval) and <data-dir>/mcp.json',
  },
} as const
type FlagName = keyof typeof FLAGS

/** Flags every subcommand takes besides its own (docs/usage.md, "The command line"). */
const COMMON_FLAGS = ['acp', 'mcp-config'] as const satisfies readonly FlagName[]

/** Each subcommand, its pinned usage line (docs/usage.md, "The command line") and its own flags. */
const COMMANDS = {
  desktop: {
    about:
      'Open the desktop app (Electron); where Electron cannot start, serve the same UI in your browser.',
    flags: ['data-dir', 'scenario', 'workspace'],
    usage: 'parley desktop [--data-dir D] [--scenario F] [--workspace W]',
  },
  serve: {
    about:
      'Serve the Parley UI to your browser on 127.0.0.1 (prints the URL with its access token).',
    flags: ['port', 'data-dir', 'scenario', 'workspace', 'remote'],
    usage: 'parley serve [--port N] [--data-dir D] [--scenario F] [--workspace W] [--remote]',
  },
  tui: {
    about: 'Chat in the terminal.',
    flags: ['data-dir', 'scenario', 'workspace', 'session'],
    usage: 'parley tui [--data-dir D] [--scenario F] [--workspace W] [--session ID]',
  },
  run: {
    about:
      'Run one turn headless and print the final text. Nobody is there to answer: the agent has no AskUserQuestion, and permission prompts are denied unless --mode bypass.',
    flags: ['data-dir', 'scenario', 'workspace', 'mode', 'json'],
    usage: 'parley run [--data-dir D] [--scenario F] [--workspace W] [--mode M] [--json] "prompt"',
  },
  mcp: {
    about:
      'Sign in to a configured MCP server that uses OAuth (opens the page in $BROWSER, else the system browser), or forget its tokens.',
    flags: ['data-dir', 'workspace'],
    usage: 'parley mcp login NAME | parley mcp logout NAME [--data-dir D] [--workspace W]',
  },
} as const satisfies Record<string, { about: string; flags: readonly FlagName[]; usage: string }>
type CommandName = keyof typeof COMMANDS

const OPTION_TYPES = {
  ...Object.fromEntries(Object.entries(FLAGS).map(([name, flag]) => [name, { type: flag.type }])),
  help: { type: 'boolean', short: 'h' },
} as { [K in FlagName]: { type: (typeof FLAGS)[K]['type'] } } & {
  help: { type: 'boolean'; short: 'h' }
}

/** Options common to every subcommand, after validation. */
export interface CliOptions {
  dataDir?: string
  scenario?: string
  workspace?: string
  session?: string
  port?: number
  mode?: PermissionMode
  json: boolean
  /** `parley serve --remote`: also listen on the LAN over HTTPS for paired devices. */
  remote?: boolean
  /** `--acp "COMMAND ARGS"` as given; split where the agent is started. */
  acp?: string
  mcpConfig?: string
  positionals: string[]
}

const COMMON_USAGE = COMMON_FLAGS.map((name) => `[--${name} ${FLAGS[name].value}]`).join(' ')

const HELP = `Parley: a chat client for AI agents that can ask you mid-turn.

Usage:
${Object.values(COMMANDS)
  .map((c) => `  ${c.usage}`)
  .join('\n')}
  parley --version
Every command also takes ${COMMON_USAGE}.
\`parley <command> --help\` lists a command's flags, their defaults and valid values.

Env: PARLEY_DATA_DIR, PARLEY_SCENARIO, PARLEY_MODEL, OPENAI_API_KEY, OPENAI_BASE_URL, ANTHROPIC_API_KEY,
     ANTHROPIC_BASE_URL (empty means unset; see docs/usage.md, Models)
`

/** `parley <command> --help`: the pinned usage line, what it does, every flag with its default. */
function commandHelp(command: CommandName): string {
  const spec = COMMANDS[command]
  const names: FlagName[] = [...spec.flags, ...COMMON_FLAGS]
  const rows: Array<[string, string]> = names.map((name) => {
    const flag = FLAGS[name]
    return [
      `--${name}${flag.value ? ` ${flag.value}` : ''}`,
      `${flag.about} (default: ${flag.default})`,
    ]
  })
  rows.push(['-h, --help', 'show this help'])
  const width = Math.max(...rows.map(([left]) => left.length)) + 2
  return [
    `usage: ${spec.usage}`,
    `       (also ${COMMON_USAGE})`,
    '',
    spec.about,
    '',
    'Options:',
    ...rows.map(([left, right]) => `  ${left.padEnd(width)}${right}`),
    '',
  ].join('\n')
}

export class UsageError extends Error {}

/** Node's parseArgs errors, said in Parley's words with the way to the command's own help. */
function usageErrorFrom(error: unknown, command: CommandName): UsageError {
  const code = (error as NodeJS.ErrnoException).code
  const message = errorMessage(error)
  const option = /'(-[^' ]+)/.exec(message)?.[1]
  const help = `\`parley ${command} --help\` lists its options`
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && option !== undefined)
    return new UsageError(`"${command}" has no option ${option}; ${help}`)
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && option !== undefined)
    return new UsageError(
      message.includes('argument missing')
        ? `${option} needs a value; ${help}`
        : `${option} takes no value; ${help}`,
    )
  return new UsageError(`${message}; ${help}`)
}

export function parseCli(
  argv: string[],
): { command: CommandName; options: CliOptions } | { help: string } {
  const [name, ...rest] = argv
  if (name === undefined || name === '--help' || name === '-h' || name === 'help')
    return { help: HELP }
  if (name === '--version' || name === '-v') return { help: `parley ${version}\n` }
  if (!Object.hasOwn(COMMANDS, name))
    throw new UsageError(
      `unknown command "${name}"; expected one of ${Object.keys(COMMANDS).join(', ')} (\`parley --help\` says more)`,
    )
  const command = name as CommandName
  const spec = COMMANDS[command]
  let parsed
  try {
    parsed = parseArgs({ args: rest, options: OPTION_TYPES, allowPositionals: true, strict: true })
  } catch (error) {
    throw usageErrorFrom(error, command)
  }
  const { values, positionals } = parsed
  if (values.help) return { help: commandHelp(command) }
  const allowed: readonly string[] = [...spec.flags, ...COMMON_FLAGS]
  for (const key of Object.keys(values)) {
    if (!allowed.includes(key))
      throw new UsageError(
        `--${key} is not an option of "${command}"; \`parley ${command} --help\` lists its options`,
      )
  }
  if (command !== 'run' && command !== 'mcp' && positionals.length > 0)
    throw new UsageError(`unexpected argument "${positionals[0]}"\nusage: ${spec.usage}`)
  const options: CliOptions = { json: values.json ?? false, positionals }
  if (values.remote) options.remote = true
  if (values['data-dir'] !== undefined) options.dataDir = values['data-dir']
  if (values.scenario !== undefined) options.scenario = values.scenario
  if (values.workspace !== undefined) options.workspace = values.workspace
  if (values.session !== undefined) options.session = values.session
  if (values.acp !== undefined) {
    if (values.acp.trim() === '')
      throw new UsageError(`--acp needs a command\nusage: ${spec.usage}`)
    options.acp = values.acp
  }
  if (values['mcp-config'] !== undefined) options.mcpConfig = values['mcp-config']
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
