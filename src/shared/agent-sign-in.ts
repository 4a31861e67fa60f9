import { z } from 'zod'

/** Bounds on an agent's sign-in request. */
export const SIGN_IN_LIMITS = { text: 1_000, command: 2_000, methods: 6, variables: 3 } as const

/**
 * One way out of an agent's "authentication required", as the sign-in tray lists it:
 * - `agent`: one of the agent's own methods, passed to ACP `authenticate` (the agent's name and
 *   description as it gave them);
 * - `terminal`: the agent's own login command, which the person runs in a terminal
 *   (`command`, quoted for a POSIX shell); ACP forbids passing it to `authenticate`;
 * - `give_env`: a variable Parley keeps from agents (`variable`), which the person may give this
 *   one agent: it is kept in Parley's secret store and the agent is restarted with it;
 * - `set_env`: a method that reads a variable the agent lacks and Parley cannot give (listed, with
 *   where to set it; no option).
 */
export const SignInWaySchema = z.strictObject({
  /** The tray's option id for it (`method:…`, `terminal:…`, `give:…`, `set:…`). */
  optionId: z.string().min(1).max(300),
  kind: z.enum(['agent', 'terminal', 'give_env', 'set_env']),
  name: z.string().min(1).max(200),
  description: z.string().max(SIGN_IN_LIMITS.text).optional(),
  command: z.string().max(SIGN_IN_LIMITS.command).optional(),
  variable: z.string().max(100).optional(),
})
export type SignInWay = z.infer<typeof SignInWaySchema>

/**
 * An ACP agent that answered "authentication required": what the tray shows beside its options.
 * The options themselves are the request's (`agent` and `give_env` ways, then Parley's "I signed
 * in" when a terminal way is offered, then "Not now").
 */
export const AgentSignInSchema = z.strictObject({
  /** The agent's name as the person named it (Settings, or the `--acp` command's agent). */
  agent: z.string().min(1).max(200),
  ways: z.array(SignInWaySchema).max(SIGN_IN_LIMITS.methods + SIGN_IN_LIMITS.variables),
  /**
   * Provider keys Parley keeps from agents that the agent's methods name, or that Parley's own
   * environment has set: "Parley keeps your ANTHROPIC_API_KEY from agents".
   */
  withheld: z.array(z.string().max(100)).max(SIGN_IN_LIMITS.variables),
  /** The agent's own words, when it said more than "Authentication required". */
  agentMessage: z.string().max(SIGN_IN_LIMITS.text).optional(),
  /** Why the previous try did not work ("Anthropic Console: invalid key"), when one failed. */
  failure: z.string().max(SIGN_IN_LIMITS.text).optional(),
})
export type AgentSignIn = z.infer<typeof AgentSignInSchema>

/** The option ids of the sign-in tray that are Parley's own. */
export const SIGN_IN_DONE = 'signed_in'
export const SIGN_IN_NOT_NOW = 'not_now'

/** "Parley keeps your ANTHROPIC_API_KEY and OPENAI_API_KEY from agents." */
export function withheldSentence(withheld: readonly string[]): string {
  if (withheld.length === 0) return ''
  const names =
    withheld.length === 1
      ? withheld[0]
      : `${withheld.slice(0, -1).join(', ')} and ${withheld[withheld.length - 1]}`
  return `Parley keeps your ${names} from agents.`
}
