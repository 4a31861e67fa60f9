import { quote } from 'shell-quote'
import {
  SIGN_IN_DONE,
  SIGN_IN_LIMITS,
  SIGN_IN_NOT_NOW,
  withheldSentence,
  type SignInWay,
} from '../../../shared/agent-sign-in'
import type { AgentPermissionOption } from '../../../shared/interactions'
import { LIMITS } from '../../../shared/limits'
import { CREDENTIAL_VARIABLES } from '../models/credential-variables'
import type { AskBody } from '../interactions/asker'
import type { AgentAuthMethod } from './agent-auth'

/** What the runner hands the broker when an agent needs the person to sign in. */
export type SignInBody = Extract<AskBody, { kind: 'agent_sign_in' }>

/** What the person chose in the sign-in tray. */
export type SignInChoice =
  | { kind: 'authenticate'; methodId: string }
  | { kind: 'give_env'; variable: string }
  /** They ran a terminal login (or fixed it elsewhere): restart the agent and try again. */
  | { kind: 'signed_in' }
  | { kind: 'not_now' }

export interface SignInContext {
  /** The agent's name as the person named it (Settings, or the `--acp` command's agent). */
  agent: string
  /** How the agent is started, for its terminal login command. */
  command: string
  args: readonly string[]
  methods: readonly AgentAuthMethod[]
  /** Parley's own environment (before its provider keys are taken out). */
  parleyEnv: Readonly<Record<string, string | undefined>>
  /** The environment the agent runs with now. */
  agentEnv: Readonly<Record<string, string | undefined>>
  agentMessage?: string
  failure?: string
}

const clip = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text

/**
 * Parley's provider keys this agent may be given: the ones its methods name, or — when none of
 * them names a variable — every one; only those Parley has and the agent does not have already.
 */
function offeredVariables(context: SignInContext): string[] {
  const named = context.methods.flatMap((m) => m.envVars)
  const wanted =
    named.length > 0 ? named.filter((v) => CREDENTIAL_VARIABLES.includes(v)) : CREDENTIAL_VARIABLES
  return [...new Set(wanted)]
    .filter((name) => Boolean(context.parleyEnv[name]))
    .filter((name) => context.agentEnv[name] !== context.parleyEnv[name])
    .slice(0, SIGN_IN_LIMITS.variables)
}

/** The agent's terminal login, as a person types it: `VAR=value command args… method args…`. */
function terminalCommand(context: SignInContext, method: AgentAuthMethod): string {
  const terminal = method.terminal ?? { args: [], env: {} }
  const env = Object.entries(terminal.env).map(([name, value]) => `${name}=${quote([value])}`)
  return clip(
    [...env, quote([context.command, ...context.args, ...terminal.args])].join(' '),
    SIGN_IN_LIMITS.command,
  )
}

/** One method as the tray lists it, or null for an env method the agent cannot use as it is. */
function wayOf(context: SignInContext, method: AgentAuthMethod): SignInWay | null {
  const base = {
    name: clip(method.name, LIMITS.optionLabel),
    ...(method.description ? { description: clip(method.description, SIGN_IN_LIMITS.text) } : {}),
  }
  if (method.terminal) {
    return {
      ...base,
      optionId: `terminal:${method.id}`,
      kind: 'terminal',
      command: terminalCommand(context, method),
    }
  }
  // A method that reads variables the agent lacks would fail: the variable is given instead.
  if (method.envVars.some((name) => !context.agentEnv[name])) return null
  return { ...base, optionId: `method:${method.id}`, kind: 'agent' }
}

/**
 * The sign-in tray for an agent that answered "authentication required": each of its own methods
 * (by its own name and description; a terminal login with the command to run), "Give <agent> my
 * VAR" for each of Parley's provider keys it may want, "I signed in" after a terminal login, and
 * "Not now".
 */
export function signInBody(context: SignInContext): SignInBody {
  const ways = context.methods
    .slice(0, SIGN_IN_LIMITS.methods)
    .flatMap((m) => wayOf(context, m) ?? [])
  const variables = offeredVariables(context)
  const agent = clip(context.agent, 100)
  for (const variable of variables) {
    ways.push({
      optionId: `give:${variable}`,
      kind: 'give_env',
      name: `Give ${agent} my ${variable}`,
      description: `Kept in Parley's secret store for ${agent} only; ${agent} restarts with it.`,
      variable,
    })
  }
  const withheld = [
    ...new Set([
      ...variables,
      ...context.methods.flatMap((m) => m.envVars).filter((v) => CREDENTIAL_VARIABLES.includes(v)),
    ]),
  ].slice(0, SIGN_IN_LIMITS.variables)
  const unusable = context.methods.filter(
    (m) => !m.terminal && m.envVars.some((name) => !context.agentEnv[name]),
  )
  const options: AgentPermissionOption[] = ways.flatMap((way) =>
    way.kind === 'terminal'
      ? []
      : [{ optionId: way.optionId, name: way.name, kind: 'allow_once' as const }],
  )
  if (ways.some((w) => w.kind === 'terminal'))
    options.push({ optionId: SIGN_IN_DONE, name: 'I signed in', kind: 'allow_once' })
  options.push({ optionId: SIGN_IN_NOT_NOW, name: 'Not now', kind: 'reject_once' })
  const title = `${agent} needs you to sign in`
  const lines = [
    withheldSentence(withheld),
    ...ways.map((w) =>
      w.kind === 'terminal'
        ? `• ${w.name}: run in a terminal: ${w.command ?? ''}`
        : `• ${w.name}${w.description ? `: ${w.description}` : ''}`,
    ),
    ...unusable.map(
      (m) => `• ${m.name}: set ${m.envVars.join(' and ')} in ${agent}'s environment in Settings`,
    ),
    ...(context.failure ? [`The last try failed: ${context.failure}`] : []),
  ].filter((line) => line !== '')
  return {
    kind: 'agent_sign_in',
    title,
    detail: lines.join('\n'),
    options,
    signIn: {
      agent,
      ways: [
        ...ways,
        ...unusable.slice(0, SIGN_IN_LIMITS.methods).map((m): SignInWay => ({
          optionId: `set:${m.id}`,
          kind: 'set_env',
          name: clip(m.name, LIMITS.optionLabel),
          description: `Set ${m.envVars.join(' and ')} in ${agent}'s environment in Settings.`,
        })),
      ].slice(0, SIGN_IN_LIMITS.methods + SIGN_IN_LIMITS.variables),
      withheld,
      ...(context.agentMessage && context.agentMessage !== 'Authentication required'
        ? { agentMessage: clip(context.agentMessage, SIGN_IN_LIMITS.text) }
        : {}),
      ...(context.failure ? { failure: clip(context.failure, SIGN_IN_LIMITS.text) } : {}),
    },
  }
}

/** The person's choice, from the option id they answered with (unknown ids: not now). */
export function signInChoice(body: SignInBody, optionId: string): SignInChoice {
  if (optionId === SIGN_IN_DONE) return { kind: 'signed_in' }
  const way = body.signIn.ways.find((w) => w.optionId === optionId)
  if (!way) return { kind: 'not_now' }
  switch (way.kind) {
    case 'agent':
      return { kind: 'authenticate', methodId: way.optionId.slice('method:'.length) }
    case 'give_env':
      return way.variable ? { kind: 'give_env', variable: way.variable } : { kind: 'not_now' }
    case 'terminal':
    case 'set_env':
      return { kind: 'not_now' }
  }
}

/**
 * What a turn that ends for want of a sign-in adds to the agent's message when Parley holds a
 * provider key the agent may want: that Parley keeps it, and how to give it.
 */
export function withheldHint(context: SignInContext, interactive: boolean): string {
  const [first, ...rest] = offeredVariables(context)
  if (first === undefined) return ''
  const agent = clip(context.agent, 100)
  const how = interactive
    ? `Send your message again and choose “Give ${agent} my ${first}”, or set it in ${agent}'s env in Settings.`
    : `Set it in ${agent}'s env in Settings, or give it from the app (“Give ${agent} my ${first}”).`
  return `${withheldSentence([first, ...rest])} ${how}`
}
