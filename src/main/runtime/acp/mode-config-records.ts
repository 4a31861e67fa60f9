import type * as acp from '@agentclientprotocol/sdk'
import {
  AGENT_CONFIG_VALUES_MAX,
  type AgentConfigOption,
  type AgentConfigValue,
} from '../../../shared/agent-config'
import { LIMITS } from '../../../shared/limits'
import type { AgentMode } from '../../../shared/session-events'
import type { ConfigRecord, ModesRecord, UpdateResult, UpdateState } from './update-state'

/**
 * An ACP agent's modes and session config options as records: read from its answers and
 * updates, recorded when they change, and kept in step where a config option mirrors the modes.
 */

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
