import { AgentSpecSchema, LIMITS, type AgentSpec } from '../../shared'
import { formatAgentCommand, parseAgentCommand } from '../../shared/agent-command-line'
import { PARLEY_AGENT } from '../state/agent-choice'

/** An agent as the person edits it in Settings: three text fields. */
export type AgentDraft = { name: string; commandLine: string; env: string }

/** What is wrong with each field, in plain words (absent: nothing). */
export type AgentDraftErrors = Partial<Record<keyof AgentDraft, string>>

export type AgentDraftCheck =
  { ok: true; agent: AgentSpec } | { ok: false; errors: AgentDraftErrors }

/** Ids a Settings agent cannot take: they already mean Parley's own agent and the `--acp` one. */
const RESERVED_IDS = new Set([PARLEY_AGENT, 'command-line'])

const MAX_ARGS = 50
const MAX_NAME = 100
const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/

export const EMPTY_DRAFT: AgentDraft = { name: '', commandLine: '', env: '' }

/** The fields of a saved agent, to edit it. */
export function draftOf(agent: AgentSpec): AgentDraft {
  return {
    name: agent.name,
    commandLine: formatAgentCommand(agent.command, agent.args),
    env: Object.entries(agent.env)
      .map(([key, value]) => `${key}=${value}`)
      .join('\n'),
  }
}

const sentence = (message: string) => `${message.charAt(0).toUpperCase()}${message.slice(1)}.`

/**
 * `KEY=value` a line (blank lines and `#` comments are skipped; the value is everything after the
 * first `=`, kept as typed). A line that is not one names itself.
 */
export function parseEnvLines(
  text: string,
): { ok: true; env: Record<string, string> } | { ok: false; message: string } {
  const env: Record<string, string> = {}
  const lines = text.split('\n')
  for (const [index, raw] of lines.entries()) {
    const line = raw.replace(/\r$/, '')
    const at = `Line ${index + 1}`
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue
    const equals = line.indexOf('=')
    if (equals === -1) return { ok: false, message: `${at}: write it as KEY=value.` }
    const key = line.slice(0, equals).trim()
    const value = line.slice(equals + 1)
    if (!VARIABLE_NAME.test(key)) {
      return {
        ok: false,
        message: `${at}: “${key}” is not a variable name (letters, digits and _, not starting with a digit).`,
      }
    }
    if (Object.hasOwn(env, key)) return { ok: false, message: `${at}: ${key} is set twice.` }
    if (value.length > LIMITS.path) {
      return { ok: false, message: `${at}: the value is longer than ${LIMITS.path} characters.` }
    }
    env[key] = value
  }
  return { ok: true, env }
}

/** A new agent's id: its name in lower-case words joined by "-", made unique. */
export function newAgentId(name: string, taken: readonly string[]): string {
  const base =
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 48) || 'agent'
  const used = new Set([...taken, ...RESERVED_IDS])
  if (!used.has(base)) return base
  for (let n = 2; ; n++) {
    if (!used.has(`${base}-${n}`)) return `${base}-${n}`
  }
}

/**
 * Checks a draft against the others in the list. `editing` is the id of the agent being edited
 * (its id stays), absent for a new one.
 */
export function checkAgentDraft(
  draft: AgentDraft,
  { agents, editing }: { agents: readonly AgentSpec[]; editing?: string },
): AgentDraftCheck {
  const errors: AgentDraftErrors = {}
  const others = agents.filter((a) => a.id !== editing)
  const name = draft.name.trim()
  if (name === '') errors.name = 'Give the agent a name.'
  else if (name.length > MAX_NAME) errors.name = `Keep the name to ${MAX_NAME} characters.`
  else if (others.some((a) => a.name.trim().toLowerCase() === name.toLowerCase()))
    errors.name = `Another agent is already called “${name}”.`

  const command = parseAgentCommand(draft.commandLine)
  if (!command.ok) {
    errors.commandLine =
      draft.commandLine.trim() === ''
        ? 'Type the command that starts the agent, for example npx @agentclientprotocol/codex-acp.'
        : sentence(command.message)
  } else if (command.args.length > MAX_ARGS) {
    errors.commandLine = `At most ${MAX_ARGS} arguments.`
  }

  const env = parseEnvLines(draft.env)
  if (!env.ok) errors.env = env.message

  if (!command.ok || !env.ok || Object.keys(errors).length > 0) return { ok: false, errors }
  const agent: AgentSpec = {
    id:
      editing ??
      newAgentId(
        name,
        others.map((a) => a.id),
      ),
    name,
    command: command.command,
    args: command.args,
    env: env.env,
  }
  // The contract is the last word (the runtime checks the same): never send what it refuses.
  const parsed = AgentSpecSchema.safeParse(agent)
  if (!parsed.success)
    return { ok: false, errors: { name: parsed.error.issues[0]?.message ?? 'Not valid.' } }
  return { ok: true, agent: parsed.data }
}
