import type * as acp from '@agentclientprotocol/sdk'
import type { AgentCommand } from '../../../shared/acp-agents'
import { LIMITS } from '../../../shared/limits'

/** How many of an agent's commands the `/` menu lists. */
const MAX_COMMANDS = 200

/**
 * An agent's `available_commands_update`, bounded and cleaned for the `/` menu: names without a
 * leading slash or spaces (a name the agent could not be sent back is dropped), each once.
 */
export function agentCommandsFrom(commands: readonly acp.AvailableCommand[]): AgentCommand[] {
  const seen = new Set<string>()
  const out: AgentCommand[] = []
  for (const command of commands) {
    const name = command.name.replace(/^\//, '').trim()
    if (name === '' || /\s/.test(name) || name.length > LIMITS.id || seen.has(name)) continue
    seen.add(name)
    const hint = command.input?.hint?.trim().slice(0, 200)
    out.push({
      name,
      description: command.description.trim().slice(0, 1_000),
      ...(hint ? { hint } : {}),
    })
    if (out.length === MAX_COMMANDS) break
  }
  return out
}
