import type * as acp from '@agentclientprotocol/sdk'
import type { SessionEvent, SessionEventOf } from '../../../shared/session-events'

export type ModesRecord = SessionEventOf<'agent_modes'>
export type ConfigRecord = SessionEventOf<'agent_config'>

/**
 * What Parley has made of an ACP session's updates so far. Text arrives in chunks; it is kept open
 * here and written as one record when something else happens (a tool call, a plan, a question, the
 * end of the turn), so the log never holds a record per delta.
 */
export interface UpdateState {
  /** The running turn, or null between turns (then only mode changes are recorded). */
  readonly turnId: string | null
  /** Text still arriving: the agent's reply (`message`) or its reasoning (`thought`). */
  readonly open: { readonly kind: 'message' | 'thought'; readonly text: string } | null
  /** Index of the agent's next stretch of reply text in this turn (the `step` of its record). */
  readonly step: number
  /**
   * Tool calls of this turn that have a record already, each with everything the agent has said
   * about it so far (its `tool_call` and every `tool_call_update` folded, later fields replacing
   * earlier ones): a permission request often names only the call's id, its files and diff came
   * before.
   */
  readonly toolCalls: ReadonlyMap<string, acp.ToolCallUpdate>
  /**
   * Tool calls of this turn whose permission the person rejected: the agent's own `failed` for
   * one of them (opencode and Copilot CLI report a rejected call so) is recorded as `rejected`.
   */
  readonly rejected: ReadonlySet<string>
  /** The agent's modes as last recorded. */
  readonly modes: ModesRecord | null
  /** The agent's session config options as last recorded. */
  readonly config: ConfigRecord | null
  /** The context used and cost the agent last reported, as recorded. */
  readonly usage: SessionEventOf<'context_usage'> | null
}

/** A fragment of reply text to stream live, keyed like Parley's own `text_delta`. */
export interface TextDelta {
  step: number
  text: string
}

export interface UpdateResult {
  state: UpdateState
  records: SessionEvent[]
  deltas: TextDelta[]
}

export const IDLE: UpdateState = {
  turnId: null,
  open: null,
  step: 0,
  toolCalls: new Map(),
  rejected: new Set(),
  modes: null,
  config: null,
  usage: null,
}

/** The state at the start of a turn: modes and config carry over, everything else starts afresh. */
export function startTurn(state: UpdateState, turnId: string): UpdateState {
  return { ...IDLE, turnId, modes: state.modes, config: state.config, usage: state.usage }
}

/** Both results in turn: records in order, the second's state. */
export function combine(
  first: UpdateResult,
  next: (state: UpdateState) => UpdateResult,
): UpdateResult {
  const second = next(first.state)
  return {
    state: second.state,
    records: [...first.records, ...second.records],
    deltas: [...first.deltas, ...second.deltas],
  }
}
