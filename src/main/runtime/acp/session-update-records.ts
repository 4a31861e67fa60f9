import type * as acp from '@agentclientprotocol/sdk'
import {
  AGENT_CONFIG_VALUES_MAX,
  type AgentConfigOption,
  type AgentConfigValue,
} from '../../../shared/agent-config'
import { LIMITS } from '../../../shared/limits'
import type { AgentMode, SessionEvent, SessionEventOf } from '../../../shared/session-events'
import {
  contentBlockText,
  toolCallKey,
  settledCallRecord,
  toolCallRecord,
  toolCallUpdateRecord,
} from './tool-call-records'
import { assistantTextRecord, contextUsageRecord } from '../sessions/turn-records'

type ModesRecord = SessionEventOf<'agent_modes'>
type ConfigRecord = SessionEventOf<'agent_config'>

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

function modeList(modes: readonly acp.SessionMode[]): AgentMode[] {
  return modes.slice(0, LIMITS.agentParts).map((m) => ({
    id: m.id.slice(0, LIMITS.id),
    name: m.name.slice(0, LIMITS.optionLabel),
    ...(m.description ? { description: m.description.slice(0, LIMITS.optionDescription) } : {}),
  }))
}

/** The agent's modes from a `session/new` or `session/load` answer, if it has any. */
export function modesFrom(
  answer: { modes?: acp.SessionModeState | null; configOptions?: acp.SessionConfigOption[] | null },
  at: number,
): ModesRecord | null {
  if (answer.modes && answer.modes.availableModes.length > 0) {
    return {
      type: 'agent_modes',
      at,
      currentModeId: answer.modes.currentModeId.slice(0, LIMITS.id),
      available: modeList(answer.modes.availableModes),
      via: { kind: 'session_mode' },
    }
  }
  return modesFromConfig(answer.configOptions ?? [], at)
}

/** Agents without ACP modes (the newer Codex adapter) offer them as a config option of category "mode". */
function modesFromConfig(
  options: readonly acp.SessionConfigOption[],
  at: number,
): ModesRecord | null {
  for (const option of options) {
    if (option.category !== 'mode' || option.type !== 'select') continue
    const flat = option.options.flatMap((o) => ('group' in o ? o.options : [o]))
    if (flat.length === 0) continue
    return {
      type: 'agent_modes',
      at,
      currentModeId: option.currentValue.slice(0, LIMITS.id),
      available: modeList(
        flat.map((o) => ({ id: o.value, name: o.name, description: o.description ?? null })),
      ),
      via: { kind: 'config_option', configId: option.id.slice(0, LIMITS.id) },
    }
  }
  return null
}

/** Records `modes` when it differs from what was last recorded. */
export function setModes(state: UpdateState, modes: ModesRecord | null): UpdateResult {
  if (modes === null) return { state, records: [], deltas: [] }
  // The person's choice is always recorded (it is what a restart sets again); the state kept for
  // later updates never carries the mark.
  const { chosen, ...current } = modes
  const same =
    !chosen &&
    state.modes !== null &&
    state.modes.currentModeId === current.currentModeId &&
    JSON.stringify(state.modes.available) === JSON.stringify(current.available) &&
    JSON.stringify(state.modes.via) === JSON.stringify(current.via)
  if (same) return { state, records: [], deltas: [] }
  return { state: { ...state, modes: current }, records: [modes], deltas: [] }
}

function configValue(
  value: acp.SessionConfigSelectOption,
  group: string | undefined,
): AgentConfigValue {
  return {
    value: value.value.slice(0, LIMITS.id),
    name: value.name.slice(0, LIMITS.optionLabel),
    ...(value.description
      ? { description: value.description.slice(0, LIMITS.optionDescription) }
      : {}),
    ...(group !== undefined ? { group: group.slice(0, LIMITS.optionLabel) } : {}),
  }
}

/**
 * The agent's select-type config options as Parley keeps them (bounded, groups flattened into
 * each value's `group`; a boolean one as the values `true` and `false`). An option with an empty
 * id or value, or of a type Parley does not know, is left out.
 */
export function configOptionsFrom(
  options: readonly acp.SessionConfigOption[],
): AgentConfigOption[] {
  return options
    .flatMap((option): AgentConfigOption[] => {
      if (option.id === '') return []
      if (option.type === 'boolean') {
        return [
          {
            id: option.id.slice(0, LIMITS.id),
            name: option.name.slice(0, LIMITS.optionLabel),
            ...(option.description
              ? { description: option.description.slice(0, LIMITS.optionDescription) }
              : {}),
            ...(option.category ? { category: option.category.slice(0, LIMITS.id) } : {}),
            currentValue: String(option.currentValue === true),
            values: [
              { value: 'true', name: 'On' },
              { value: 'false', name: 'Off' },
            ],
            kind: 'boolean',
          },
        ]
      }
      if (option.type !== 'select' || option.currentValue === '') return []
      const values = option.options
        .flatMap((o) =>
          'group' in o ? o.options.map((v) => configValue(v, o.name)) : [configValue(o, undefined)],
        )
        .filter((v) => v.value !== '')
        .slice(0, AGENT_CONFIG_VALUES_MAX)
      return [
        {
          id: option.id.slice(0, LIMITS.id),
          name: option.name.slice(0, LIMITS.optionLabel),
          ...(option.description
            ? { description: option.description.slice(0, LIMITS.optionDescription) }
            : {}),
          ...(option.category ? { category: option.category.slice(0, LIMITS.id) } : {}),
          currentValue: option.currentValue.slice(0, LIMITS.id),
          values,
        },
      ]
    })
    .slice(0, LIMITS.agentParts)
}

/**
 * Records the agent's config options when they differ from what was last recorded, or when they
 * are the agent's answer to the person's choice (`chosen`, kept to apply again after a restart).
 */
export function setConfig(
  state: UpdateState,
  options: readonly acp.SessionConfigOption[] | null | undefined,
  at: number,
  chosen?: ConfigRecord['chosen'],
): UpdateResult {
  if (!options) return { state, records: [], deltas: [] }
  const kept = configOptionsFrom(options)
  const same =
    chosen === undefined && JSON.stringify(state.config?.options ?? []) === JSON.stringify(kept)
  if (same) return { state, records: [], deltas: [] }
  const record: ConfigRecord = {
    type: 'agent_config',
    at,
    options: kept,
    ...(chosen ? { chosen } : {}),
  }
  return { state: { ...state, config: record }, records: [record], deltas: [] }
}

/**
 * The config option the agent's modes stand for, so the UIs show one Mode picker: the option they
 * come from, or — for an agent that offers both ACP modes and a "mode" option, as the spec asks
 * agents to during the move to config options — the mode option offering the same modes.
 */
export function modeConfigId(
  modes: ModesRecord,
  options: readonly AgentConfigOption[],
): string | undefined {
  if (modes.via.kind === 'config_option') return modes.via.configId
  const ids = modes.available.map((m) => m.id).sort()
  return options.find(
    (o) =>
      o.category === 'mode' &&
      JSON.stringify(o.values.map((v) => v.value).sort()) === JSON.stringify(ids),
  )?.id
}

/**
 * After the agent's config options changed: the modes follow them. Modes that are a config option
 * are read from it again; ACP modes that a "mode" option mirrors take its current value (Codex
 * changes that option, not its ACP mode, when the mode is set as a config option).
 */
export function followConfig(
  state: UpdateState,
  options: readonly acp.SessionConfigOption[],
  at: number,
): UpdateResult {
  const modes = state.modes
  if (modes?.via.kind !== 'session_mode') return setModes(state, modesFromConfig(options, at))
  const mirror = modeConfigId(modes, state.config?.options ?? [])
  const current = state.config?.options.find((o) => o.id === mirror)?.currentValue
  if (current === undefined || current === modes.currentModeId) return setModes(state, null)
  return setModes(state, { ...modes, at, currentModeId: current })
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
