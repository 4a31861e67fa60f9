import type { AgentConfigOption } from './agent-config'

// Which config pickers to show and how, apart from the schemas: the page's first frame uses these
// and loads no schema library.

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
