import type * as acp from '@agentclientprotocol/sdk'
import { LIMITS } from '../../../shared/limits'
import type { SessionEvent } from '../../../shared/session-events'
import {
  contentBlockText,
  toolCallKey,
  settledCallRecord,
  toolCallRecord,
  toolCallUpdateRecord,
} from './tool-call-records'
import { assistantTextRecord, contextUsageRecord } from '../sessions/turn-records'
import { followConfig, setConfig, setModes } from './mode-config-records'
import { combine, type TextDelta, type UpdateResult, type UpdateState } from './update-state'

/** Writes the open stretch of text, if any. */
export function flush(state: UpdateState, at: number): UpdateResult {
  const { open, turnId } = state
  if (!open || turnId === null) return { state, records: [], deltas: [] }
  const next = { ...state, open: null }
  if (open.kind === 'thought') {
    return {
      state: next,
      records: open.text.trim() ? [{ type: 'agent_thought', at, turnId, text: open.text }] : [],
      deltas: [],
    }
  }
  return {
    state: { ...next, step: state.step + 1 },
    records: [assistantTextRecord({ at, turnId, step: state.step, text: open.text })],
    deltas: [],
  }
}

function addChunk(
  state: UpdateState,
  kind: 'message' | 'thought',
  text: string,
  at: number,
): UpdateResult {
  if (state.turnId === null || text === '') return { state, records: [], deltas: [] }
  const records: SessionEvent[] = []
  const deltas: TextDelta[] = []
  let current = state
  if (current.open && current.open.kind !== kind) {
    const flushed = flush(current, at)
    current = flushed.state
    records.push(...flushed.records)
  }
  let rest = text
  while (rest !== '') {
    const have = current.open?.text ?? ''
    // One record holds at most a message's worth of text; more starts the next record.
    const piece = rest.slice(0, LIMITS.messageText - have.length)
    rest = rest.slice(piece.length)
    current = { ...current, open: { kind, text: have + piece } }
    if (kind === 'message') deltas.push({ step: current.step, text: piece })
    if (have.length + piece.length >= LIMITS.messageText) {
      const flushed = flush(current, at)
      current = flushed.state
      records.push(...flushed.records)
    }
  }
  return { state: current, records, deltas }
}

function withFlush(
  state: UpdateState,
  at: number,
  make: (state: UpdateState) => { state: UpdateState; records: SessionEvent[] },
): UpdateResult {
  const flushed = flush(state, at)
  const made = make(flushed.state)
  return { state: made.state, records: [...flushed.records, ...made.records], deltas: [] }
}

/** Marks a tool call of this turn as rejected by the person (see `UpdateState.rejected`). */
export function markRejected(state: UpdateState, toolCallId: string): UpdateState {
  const key = toolCallKey(toolCallId)
  if (state.turnId === null || state.rejected.has(key)) return state
  return { ...state, rejected: new Set(state.rejected).add(key) }
}

/** Records a tool call Parley has not seen yet (from a `tool_call` or a permission request about it). */
export function noteToolCall(
  state: UpdateState,
  call: acp.ToolCall | acp.ToolCallUpdate,
  at: number,
): UpdateResult {
  const { turnId } = state
  if (turnId === null) return { state, records: [], deltas: [] }
  const key = toolCallKey(call.toolCallId)
  // A call the person said no to did not fail: it was rejected, whatever the agent calls it.
  const rejected = call.status === 'failed' && state.rejected.has(key)
  const status = <T extends { status?: unknown }>(record: T): T =>
    rejected ? { ...record, status: 'rejected' } : record
  return withFlush(state, at, (s) => {
    const known = s.toolCalls.get(key)
    const toolCalls = new Map(s.toolCalls).set(key, known ? mergeToolCall(known, call) : call)
    if (known) {
      const update = toolCallUpdateRecord(call, turnId, at)
      return { state: { ...s, toolCalls }, records: update ? [status(update)] : [] }
    }
    return { state: { ...s, toolCalls }, records: [status(toolCallRecord(call, turnId, at))] }
  })
}

/** `known` with the fields `update` carries replacing its own (ACP: absent or null keeps them). */
export function mergeToolCall(
  known: acp.ToolCallUpdate,
  update: acp.ToolCallUpdate,
): acp.ToolCallUpdate {
  const merged: acp.ToolCallUpdate = { ...known }
  for (const [field, value] of Object.entries(update)) {
    if (value !== undefined && value !== null) Object.assign(merged, { [field]: value })
  }
  return merged
}

/** Everything the agent has said about one of this turn's tool calls, if it said anything. */
export function knownToolCall(
  state: UpdateState,
  toolCallId: string,
): acp.ToolCallUpdate | undefined {
  return state.toolCalls.get(toolCallKey(toolCallId))
}

/**
 * Settles the turn's tool calls that the agent left pending or in progress: an agent that is
 * stopped, dies, or ends its turn after a rejection often sends no final status, and a call must
 * not show "Running" forever (nor after a reload: the update is recorded). The calls whose
 * permission the person rejected settle as `rejected`; the others as `others`.
 */
export function settleToolCalls(
  state: UpdateState,
  others: 'cancelled' | 'failed',
  at: number,
): UpdateResult {
  const { turnId } = state
  if (turnId === null) return { state, records: [], deltas: [] }
  return withFlush(state, at, (s) => {
    const records: SessionEvent[] = []
    for (const [key, call] of s.toolCalls) {
      if (call.status === 'completed' || call.status === 'failed') continue
      const status = s.rejected.has(key) ? 'rejected' : others
      records.push(settledCallRecord(turnId, key, status, at))
    }
    // Called as the turn ends: the next turn starts from `startTurn`, so nothing is settled twice.
    return { state: s, records }
  })
}

/** Whole tokens, never negative (agents send what their model counted). */
const tokens = (n: number) => (Number.isFinite(n) ? Math.max(0, Math.round(n)) : 0)

/** Records the agent's `usage_update` when it says something new (it may send one per step). */
export function setUsage(state: UpdateState, update: acp.UsageUpdate, at: number): UpdateResult {
  const size = tokens(update.size)
  const cost =
    update.cost && Number.isFinite(update.cost.amount) && update.cost.currency.trim() !== ''
      ? {
          amount: Math.max(0, update.cost.amount),
          currency: update.cost.currency.trim().slice(0, 16),
        }
      : undefined
  const record = contextUsageRecord({
    at,
    used: tokens(update.used),
    ...(size > 0 ? { size } : {}),
    ...(cost ? { cost } : {}),
  })
  const last = state.usage
  const same =
    last !== null &&
    last.used === record.used &&
    last.size === record.size &&
    JSON.stringify(last.cost) === JSON.stringify(record.cost)
  if (same) return { state, records: [], deltas: [] }
  return { state: { ...state, usage: record }, records: [record], deltas: [] }
}

/**
 * Folds one `session/update` into records and live text deltas. Updates that Parley does not show
 * here (the agent's slash commands, its session title — the runner hands that to its owner —,
 * notices, compaction) change nothing.
 */
export function applyUpdate(
  state: UpdateState,
  update: acp.SessionUpdate,
  at: number,
): UpdateResult {
  const none = { state, records: [], deltas: [] }
  switch (update.sessionUpdate) {
    case 'agent_message_chunk':
      return addChunk(state, 'message', contentBlockText(update.content), at)
    case 'agent_thought_chunk':
      return addChunk(state, 'thought', contentBlockText(update.content), at)
    case 'user_message_chunk':
      // The agent echoing (or, on session/load, replaying) what the person wrote: already logged.
      return none
    case 'tool_call':
    case 'tool_call_update':
      return noteToolCall(state, update, at)
    case 'plan': {
      const { turnId } = state
      if (turnId === null) return none
      return withFlush(state, at, (s) => ({
        state: s,
        records: [
          {
            type: 'agent_plan',
            at,
            turnId,
            entries: update.entries.slice(0, LIMITS.agentParts).map((e) => ({
              content: e.content.slice(0, LIMITS.questionText),
              priority: e.priority,
              status: e.status,
            })),
          },
        ],
      }))
    }
    case 'current_mode_update': {
      if (!state.modes) return none
      return setModes(state, {
        ...state.modes,
        at,
        currentModeId: update.currentModeId.slice(0, LIMITS.id),
      })
    }
    case 'config_option_update':
      return combine(setConfig(state, update.configOptions, at), (s) =>
        followConfig(s, update.configOptions, at),
      )
    case 'usage_update':
      return setUsage(state, update, at)
    case 'available_commands_update':
    case 'session_info_update':
    case 'notice':
    case 'compaction_update':
    case 'compaction_summary_chunk':
      return none
    default: {
      const unknown: never = update
      void unknown
      return none
    }
  }
}
