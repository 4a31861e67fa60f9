import { RequestError } from '@agentclientprotocol/sdk'
import type * as acp from '@agentclientprotocol/sdk'
import { errorMessage } from '../../../shared/plain-error'
import { AgentAuthRequiredError } from './agent-auth'
import type { AgentExit } from './agent-process'
import type { TurnEndReason, TurnErrorKind } from '../../../shared/session-events'

/** How a turn ends, before it is written as its `turn_end`. */
export interface TurnOutcome {
  reason: TurnEndReason
  error?: string
  errorKind?: TurnErrorKind
  errorDetail?: string
  /** The agent wants the person to sign in: the turn asks, in the tray, before it ends. */
  signIn?: AgentAuthRequiredError
}

/** The agent as a turn's outcome names it: its name, and the end of what it wrote to stderr. */
export interface AgentVoice {
  readonly agentName: string
  readonly stderr: string
}

/**
 * The reason an agent gave on stderr, in a line or so: its last few non-empty lines. Agents say
 * why they cannot start there (Claude Code run as root without IS_SANDBOX=1), while the protocol
 * error says only "Query closed before response received".
 */
export function stderrReason(stderr: string, max = 400): string {
  const lines = stderr
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .slice(-3)
    .join(' ')
  return lines.length > max ? `…${lines.slice(-(max - 1))}` : lines
}

export function describeExit(name: string, exit: AgentExit): string {
  if (exit.spawnError) return `could not start ${name}: ${exit.spawnError}`
  if (exit.signal) return `${name} exited unexpectedly (killed by ${exit.signal})`
  return `${name} exited unexpectedly (exit code ${exit.code ?? 'unknown'})`
}

/** How a prompt's stop reason ends the turn. */
export function outcomeOfStop(
  name: string,
  stop: acp.StopReason,
  stopRequested: boolean,
): TurnOutcome {
  switch (stop) {
    case 'end_turn':
      return { reason: 'completed' }
    case 'cancelled':
      // Without a Stop, the agent ended the turn itself (Codex does after "No, and tell Codex…").
      return { reason: stopRequested ? 'stopped' : 'aborted' }
    case 'max_tokens':
      return {
        reason: 'error',
        error: `${name} stopped: its reply reached the model's output limit`,
        errorKind: 'other',
      }
    case 'max_turn_requests':
      return {
        reason: 'error',
        error: `${name} stopped: it reached its limit of model requests for one turn`,
        errorKind: 'other',
      }
    case 'refusal':
      return { reason: 'error', error: `${name} refused to continue`, errorKind: 'other' }
  }
}

/** The agent could not get as far as a session: what it said on stderr is the reason. */
export function startFailure(agent: AgentVoice, error: unknown): TurnOutcome {
  const outcome = errorOutcome(agent, error)
  if (error instanceof AgentAuthRequiredError || !(error instanceof RequestError)) return outcome
  const stderr = agent.stderr.trim()
  const reason = stderrReason(stderr)
  return {
    ...outcome,
    error: `${agent.agentName} could not start a session: ${error.message}${reason ? ` — it said: ${reason}` : ''}`,
    ...(stderr ? { errorDetail: `${outcome.errorDetail ?? ''}\n\nstderr:\n${stderr}`.trim() } : {}),
  }
}

export function exitOutcome(agent: AgentVoice, exit: AgentExit): TurnOutcome {
  const stderr = agent.stderr.trim()
  return {
    reason: 'error',
    error: describeExit(agent.agentName, exit),
    errorKind: 'other',
    ...(stderr ? { errorDetail: stderr } : {}),
  }
}

export function errorOutcome(agent: AgentVoice, error: unknown): TurnOutcome {
  if (error instanceof AgentAuthRequiredError) {
    return {
      reason: 'error',
      error: error.message,
      errorKind: 'auth',
      errorDetail: error.agentMessage,
      signIn: error,
    }
  }
  if (error instanceof RequestError) {
    return {
      reason: 'error',
      error: `${agent.agentName} failed: ${error.message}`,
      errorKind: 'other',
      errorDetail: `JSON-RPC error ${error.code}${error.data === undefined ? '' : `: ${JSON.stringify(error.data).slice(0, 2_000)}`}`,
    }
  }
  const stderr = agent.stderr.trim()
  return {
    reason: 'error',
    error: errorMessage(error),
    errorKind: 'other',
    ...(stderr ? { errorDetail: stderr } : {}),
  }
}
