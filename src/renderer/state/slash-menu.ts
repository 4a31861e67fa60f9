import type { AgentCommand } from '../../shared/acp-agents'
import { PERMISSION_MODES } from '../../shared/permission-modes'

type PermissionMode = (typeof PERMISSION_MODES)[number]

/** One entry of the message box's `/` menu: Parley's own command, or the session agent's. */
export type SlashEntry = {
  name: string
  description: string
  /** What to type after the name, when it takes input. */
  hint?: string
  source: 'parley' | 'agent'
}

/** Parley's own commands in the message box (rewind has no hook here yet, so it is not listed). */
export const PARLEY_SLASH_COMMANDS: readonly SlashEntry[] = [
  { name: 'new', description: 'Start a new session', source: 'parley' },
  { name: 'open', description: 'Open a folder and start a session in it', source: 'parley' },
  {
    name: 'mode',
    description: 'Change the permission mode',
    hint: PERMISSION_MODES.join(' | '),
    source: 'parley',
  },
  { name: 'model', description: 'Choose the model (Settings)', source: 'parley' },
  { name: 'inbox', description: 'Everything waiting for you', source: 'parley' },
  { name: 'settings', description: 'Open Settings', source: 'parley' },
]

/** The word typed after a lone leading `/` (the menu is open), or null. */
export function slashQuery(draft: string): string | null {
  const match = /^\/([^\s/]*)$/.exec(draft)
  return match ? (match[1] ?? '').toLowerCase() : null
}

/**
 * The menu for `query`: the agent's commands first (a name both have is the agent's: it is what
 * the session talks to), then Parley's; names starting with the query before names containing it.
 */
export function slashEntries(agentCommands: readonly AgentCommand[], query: string): SlashEntry[] {
  const agent: SlashEntry[] = agentCommands.map((c) => ({
    name: c.name,
    description: c.description,
    ...(c.hint !== undefined ? { hint: c.hint } : {}),
    source: 'agent',
  }))
  const taken = new Set(agent.map((c) => c.name))
  const all = [...agent, ...PARLEY_SLASH_COMMANDS.filter((c) => !taken.has(c.name))]
  const name = (e: SlashEntry) => e.name.toLowerCase()
  return [
    ...all.filter((e) => name(e).startsWith(query)),
    ...all.filter((e) => !name(e).startsWith(query) && name(e).includes(query)),
  ]
}

/** What a submitted draft means for Parley itself: `/mode NAME` (when the agent has no `mode`). */
export function parleyModeCommand(
  draft: string,
  agentCommands: readonly AgentCommand[],
): PermissionMode | null {
  if (agentCommands.some((c) => c.name === 'mode')) return null
  const match = /^\/mode\s+(\S+)\s*$/.exec(draft.trim())
  const mode = match?.[1]?.toLowerCase()
  return PERMISSION_MODES.find((m) => m === mode) ?? null
}
