import type { PublicSettings, SessionSummary } from '../../shared'
import { formatAgentCommand } from '../../shared/agent-command-line'

/** The choice that means Parley's own agent (what `createSession({ agent })` takes for it). */
export const PARLEY_AGENT = 'parley'

/** One entry of the New-session menu: who a new session can talk to. */
export type AgentOption = {
  /** What `createSession({ agent })` takes: `PARLEY_AGENT` or an agent id. */
  id: string
  name: string
  /** How it runs, in a line: the model backend, or the agent's command line. */
  detail: string
}

type AgentSettings = Pick<PublicSettings, 'agents' | 'commandLineAgent' | 'backendLabel'>

/** Parley's own agent first, then the `--acp` agent of this launch, then the agents in Settings. */
export function agentOptions(settings: AgentSettings | null): AgentOption[] {
  const own: AgentOption = {
    id: PARLEY_AGENT,
    name: 'Parley’s own agent',
    detail: settings?.backendLabel ?? '',
  }
  if (!settings) return [own]
  const launch = settings.commandLineAgent
  const named = settings.agents.filter((a) => a.id !== launch?.id)
  return [
    own,
    ...(launch
      ? [
          {
            id: launch.id,
            name: launch.name,
            detail: `${formatAgentCommand(launch.command, launch.args)} (from --acp)`,
          },
        ]
      : []),
    ...named.map((a) => ({
      id: a.id,
      name: a.name,
      detail: formatAgentCommand(a.command, a.args),
    })),
  ]
}

/** Who new sessions talk to when the person has not chosen: the `--acp` agent, else Parley's own. */
export function defaultAgentChoice(settings: AgentSettings | null): string {
  return settings?.commandLineAgent?.id ?? PARLEY_AGENT
}

/**
 * The choice in force: the person's, while it is still offered (an agent removed from Settings
 * falls back), else the launch's default.
 */
export function effectiveAgentChoice(
  choice: string | null,
  settings: AgentSettings | null,
): string {
  if (choice !== null && agentOptions(settings).some((o) => o.id === choice)) return choice
  return defaultAgentChoice(settings)
}

/** Whether a session talks to the agent `choice` names. */
export function sessionHasAgent(session: SessionSummary, choice: string): boolean {
  return choice === PARLEY_AGENT ? session.agent === undefined : session.agent?.id === choice
}
