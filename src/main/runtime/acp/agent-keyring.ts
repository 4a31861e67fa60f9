import { createHash } from 'node:crypto'
import { z } from 'zod'
import type { AgentSpec } from '../../../shared/acp-agents'
import type { SecretName, SecretStore } from '../settings/secret-store'

/**
 * The variables the person gave one agent from the sign-in tray ("Give Claude Code my
 * ANTHROPIC_API_KEY"): kept in the secret store (safeStorage on desktop, the 0600 file
 * elsewhere), never in `settings.json`, the log or a renderer, and added to that agent's
 * environment when it starts.
 */
export interface AgentKeyring {
  load(): Promise<Record<string, string>>
  give(name: string, value: string): Promise<void>
}

const GivenSchema = z.record(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/), z.string())

/**
 * The secret that holds an agent's given variables: by its Settings id; an agent named only with
 * `--acp` (id `command-line`) by its command line, so two different commands share nothing.
 */
export function agentSecretName(agent: Pick<AgentSpec, 'id' | 'command' | 'args'>): SecretName {
  if (agent.id !== 'command-line') return `agentEnv:${agent.id}`
  const line = JSON.stringify([agent.command, ...agent.args])
  return `agentEnv:command-line:${createHash('sha256').update(line).digest('hex').slice(0, 16)}`
}

/** The keyring of one agent in `secrets`. A stored value that is not a map of names reads as none. */
export function secretKeyring(
  secrets: SecretStore,
  agent: Pick<AgentSpec, 'id' | 'command' | 'args'>,
): AgentKeyring {
  const name = agentSecretName(agent)
  const load = async (): Promise<Record<string, string>> => {
    const raw = await secrets.get(name)
    if (raw === undefined) return {}
    try {
      const parsed = GivenSchema.safeParse(JSON.parse(raw))
      return parsed.success ? parsed.data : {}
    } catch {
      return {}
    }
  }
  return {
    load,
    give: async (variable, value) => {
      await secrets.set(name, JSON.stringify({ ...(await load()), [variable]: value }))
    },
  }
}
