import { z } from 'zod'
import { LIMITS } from './limits'

/** At most this many values per option (agents list models here: dozens, not thousands). */
export const AGENT_CONFIG_VALUES_MAX = 200

/** One value a session config option can take, with the name of its group when the agent groups them. */
export const AgentConfigValueSchema = z.strictObject({
  value: z.string().min(1).max(LIMITS.id),
  name: z.string().max(LIMITS.optionLabel),
  description: z.string().max(LIMITS.optionDescription).optional(),
  /** The name of the group the agent put this value in (values of one group are consecutive). */
  group: z.string().max(LIMITS.optionLabel).optional(),
})
export type AgentConfigValue = z.infer<typeof AgentConfigValueSchema>

/**
 * A select-type session config option an ACP agent announces (`configOptions` in `session/new`,
 * `session/load`, `session/set_config_option` and `config_option_update`): Codex's mode, model,
 * reasoning effort and collaboration mode. Boolean options are not kept: Parley does not
 * advertise them, so agents do not send them.
 */
export const AgentConfigOptionSchema = z.strictObject({
  id: z.string().min(1).max(LIMITS.id),
  name: z.string().max(LIMITS.optionLabel),
  description: z.string().max(LIMITS.optionDescription).optional(),
  /** The agent's category: `mode`, `model`, `thought_level`, or another (UX only). */
  category: z.string().max(LIMITS.id).optional(),
  currentValue: z.string().min(1).max(LIMITS.id),
  values: z.array(AgentConfigValueSchema).max(AGENT_CONFIG_VALUES_MAX),
})
export type AgentConfigOption = z.infer<typeof AgentConfigOptionSchema>

export const AgentConfigOptionsSchema = z.array(AgentConfigOptionSchema).max(LIMITS.agentParts)

/** The categories whose pickers come first, in this order; any other category comes after. */
const CATEGORY_ORDER = ['mode', 'model', 'thought_level'] as const

function categoryRank(option: AgentConfigOption): number {
  const at = CATEGORY_ORDER.findIndex((c) => c === option.category)
  return at === -1 ? CATEGORY_ORDER.length : at
}

/**
 * The options both UIs offer a picker for, grouped by category (mode, model, thought level, then
 * the rest), each group in the agent's order. `modeConfigId` names the option the agent-mode picker
 * already shows (an agent whose modes are a config option): it is left out, so there is one Mode
 * picker, not two.
 */
export function configPickerOptions(
  options: readonly AgentConfigOption[],
  modeConfigId?: string,
): AgentConfigOption[] {
  return options
    .filter((o) => o.id !== modeConfigId && o.values.length > 0)
    .map((option, index) => ({ option, index }))
    .sort((a, b) => categoryRank(a.option) - categoryRank(b.option) || a.index - b.index)
    .map(({ option }) => option)
}

/** The name of the value an option is set to (its id when the agent names none it offers). */
export function currentValueName(option: AgentConfigOption): string {
  return option.values.find((v) => v.value === option.currentValue)?.name ?? option.currentValue
}
