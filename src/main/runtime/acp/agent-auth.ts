import { z } from 'zod'
import { CREDENTIAL_VARIABLES } from '../models/credential-variables'

/** JSON-RPC error code ACP agents answer with until the client authenticates. */
export const AUTH_REQUIRED = -32000

/** One way an agent offers to sign in, as it described it in `initialize`. */
export interface AgentAuthMethod {
  id: string
  name: string
  description?: string
  /** Environment variables the method reads (ACP `env_var` methods), when it says so. */
  envVars: string[]
  /**
   * ACP `terminal` methods: the person runs the agent's own command with these arguments (and
   * variables) in a terminal; such a method is never passed to `authenticate`.
   */
  terminal?: { args: string[]; env: Record<string, string> }
}

const AuthMethodSchema = z.looseObject({
  // Short enough for a tray option id (`terminal:<id>`).
  id: z.string().min(1).max(100),
  name: z.string().max(200),
  description: z.string().max(1_000).nullish(),
  type: z.string().max(40).optional(),
  vars: z
    .array(z.looseObject({ name: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/) }))
    .max(20)
    .optional(),
  args: z.array(z.string().max(1_000)).max(50).optional(),
  env: z.record(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/), z.string().max(1_000)).optional(),
})

/**
 * The auth methods of an `initialize` answer. Read from the raw answer: agents already send kinds
 * (`env_var` with its `vars`) that the SDK's stable types do not describe. Malformed entries are
 * left out; at most 20.
 */
export function authMethodsFrom(raw: unknown): AgentAuthMethod[] {
  if (!Array.isArray(raw)) return []
  return raw.slice(0, 20).flatMap((entry) => {
    const parsed = AuthMethodSchema.safeParse(entry)
    if (!parsed.success) return []
    const { id, name, description, vars, type, args, env } = parsed.data
    return [
      {
        id,
        name: name || id,
        ...(description ? { description } : {}),
        envVars: (vars ?? []).map((v) => v.name),
        ...(type === 'terminal' ? { terminal: { args: args ?? [], env: env ?? {} } } : {}),
      },
    ]
  })
}

/** The first method that works from the environment alone: all of its variables are set. */
export function methodFromEnvironment(
  methods: readonly AgentAuthMethod[],
  env: Readonly<Record<string, string | undefined>>,
): AgentAuthMethod | undefined {
  return methods.find(
    (m) =>
      m.terminal === undefined &&
      m.envVars.length > 0 &&
      m.envVars.every((name) => Boolean(env[name])),
  )
}

/** "Codex needs you to sign in …", naming each method and what it needs, in plain words. */
export function authRequiredMessage(agent: string, methods: readonly AgentAuthMethod[]): string {
  if (methods.length === 0) {
    return `${agent} says it needs authentication, but offers no way to sign in from a client. Sign in with ${agent}'s own command line, then try again.`
  }
  const lines = methods.map((m) => {
    // Parley's own provider keys are never inherited by an agent: only its settings give one.
    const needs =
      m.envVars.length === 0
        ? ''
        : m.envVars.some((name) => CREDENTIAL_VARIABLES.includes(name))
          ? ` — set ${m.envVars.join(' and ')} in the agent's settings (Parley keeps its own provider keys from agents)`
          : ` — set ${m.envVars.join(' and ')} in the environment Parley starts from, or in the agent's settings`
    return `• ${m.name} (${m.id})${needs}${m.description ? `. ${m.description}` : ''}`
  })
  return `${agent} needs you to sign in before it can start a session. It offers:\n${lines.join('\n')}`
}

/** Thrown when the agent refuses to work until it is authenticated. */
export class AgentAuthRequiredError extends Error {
  constructor(
    readonly agent: string,
    readonly methods: readonly AgentAuthMethod[],
    /** The agent's own words, when it said more than "Authentication required". */
    readonly agentMessage: string,
  ) {
    super(authRequiredMessage(agent, methods))
  }
}
