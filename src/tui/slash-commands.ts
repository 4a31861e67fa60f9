import { PERMISSION_MODES } from '../shared/permission'

/** The composer's `/` commands, in the order /help lists them. */
export const SLASH_COMMANDS = [
  { name: 'help', usage: '/help', description: 'keys and commands' },
  {
    name: 'new',
    usage: '/new [agent]',
    description:
      'start a new session here (/new codex: with an ACP agent; /new parley: Parley’s own)',
  },
  { name: 'resume', usage: '/resume', description: 'go back to your last session' },
  { name: 'sessions', usage: '/sessions', description: 'pick a session to open' },
  {
    name: 'inbox',
    usage: '/inbox',
    description: 'everything waiting for you in every session: answer one, or open its session',
  },
  {
    name: 'mode',
    usage: `/mode [${PERMISSION_MODES.join('|')}]`,
    description: 'show or change the permission mode (an ACP agent’s own modes in its sessions)',
  },
  { name: 'model', usage: '/model [name]', description: 'show the models or switch to one' },
  {
    name: 'config',
    usage: '/config [setting value]',
    description: 'an ACP agent’s settings (model, reasoning effort, …): show them or change one',
  },
  { name: 'retry', usage: '/retry', description: 'run a failed turn again' },
  {
    name: 'rewind',
    usage: '/rewind',
    description: 'rewind files, conversation or both to before one of your messages (Esc Esc too)',
  },
  {
    name: 'mcp',
    usage: '/mcp [restart NAME|approve]',
    description: 'MCP servers: status and tools, restart one, approve the workspace’s',
  },
  {
    name: 'permissions',
    usage: '/permissions [remove N]',
    description: 'lasting permission rules (this session, project, all projects): list or remove',
  },
  {
    name: 'notify',
    usage: '/notify [off|bell|desktop|auto]',
    description: 'what rings when a prompt arrives: nothing, the bell, or a desktop notification',
  },
  { name: 'quit', usage: '/quit', description: 'quit (an open request stays open)' },
] as const

export type SlashCommandName = (typeof SLASH_COMMANDS)[number]['name']

const ALIASES: Readonly<Record<string, SlashCommandName>> = { exit: 'quit', q: 'quit' }

/** What the person submitted: a message for the agent, or a command for the client. */
export type ComposerInput =
  | { kind: 'message' }
  | { kind: 'command'; name: SlashCommandName; arg: string }
  | { kind: 'unknown'; name: string }

/**
 * Reads a submitted draft. `/name args` is a command; a draft that starts with a path
 * (`/etc/hosts is wrong`) is a message.
 */
export function parseComposerInput(text: string): ComposerInput {
  const match = /^\/([\w-]+)(?:\s+([\s\S]*))?$/.exec(text.trim())
  if (!match) return { kind: 'message' }
  const word = (match[1] ?? '').toLowerCase()
  const name = SLASH_COMMANDS.find((c) => c.name === word)?.name ?? ALIASES[word]
  if (name) return { kind: 'command', name, arg: (match[2] ?? '').trim() }
  return { kind: 'unknown', name: word }
}

/** The commands that start with what is typed, while the draft is a lone `/word`. */
export function commandSuggestions(text: string): ReadonlyArray<(typeof SLASH_COMMANDS)[number]> {
  const match = /^\/([\w-]*)$/.exec(text)
  if (!match) return []
  const typed = (match[1] ?? '').toLowerCase()
  return SLASH_COMMANDS.filter((c) => c.name.startsWith(typed) && c.name !== typed)
}

/** What /help prints: the commands and the keys. */
export const HELP_TEXT = [
  'Commands:',
  ...SLASH_COMMANDS.map((c) => `  ${c.usage} — ${c.description}`),
  'Keys: Enter sends · Alt+Enter or Ctrl+J adds a line · ↑/↓ bring back sent messages and commands · Ctrl+R searches them (Enter takes the match, Esc cancels) · Ctrl+G edits the message in $VISUAL/$EDITOR · Esc interrupts the turn · Ctrl+O shows the last tool output · Shift+Tab or Ctrl+T cycles the mode (bypass asks first) · Ctrl+C stops the turn (twice: quits) · Ctrl+D quits, leaving an open request open.',
  'In a prompt: ↑/↓ or a number picks, Enter confirms, Esc denies; PgUp/PgDn scroll long details.',
  'In a form: Tab next field, Space ticks, Enter moves on, Ctrl+S submits, Esc cancels; questions: ←/→ between them, a review before Submit.',
].join('\n')
