import type { SessionSummary } from '../shared/bridge'

/** An ACP agent's own modes, as a session's summary carries them. */
export type AgentModes = NonNullable<SessionSummary['agentModes']>

/** The name of the mode the agent is in (its id when it names none it offers). */
export function currentModeName(modes: AgentModes): string {
  return modes.available.find((m) => m.id === modes.currentModeId)?.name ?? modes.currentModeId
}

/** The mode after the current one, round the list; null when the agent offers fewer than two. */
export function nextAgentMode(modes: AgentModes): AgentModes['available'][number] | null {
  if (modes.available.length < 2) return null
  const at = modes.available.findIndex((m) => m.id === modes.currentModeId)
  return modes.available[(at + 1) % modes.available.length] ?? null
}

/** The mode `text` names, by id or by name, ignoring case. */
export function findAgentMode(
  modes: AgentModes,
  text: string,
): AgentModes['available'][number] | undefined {
  const wanted = text.trim().toLowerCase()
  return modes.available.find(
    (m) => m.id.toLowerCase() === wanted || m.name.toLowerCase() === wanted,
  )
}
