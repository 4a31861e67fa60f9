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
 * A session config option an ACP agent announces (`configOptions` in `session/new`,
 * `session/load`, `session/set_config_option` and `config_option_update`): Codex's mode, model,
 * reasoning effort and collaboration mode, Copilot CLI's "Allow All". A boolean option
 * (`kind: 'boolean'`) is kept as the two values `true` ("On") and `false` ("Off"), so every
 * picker shows it as it shows the others; it goes to the agent as a boolean.
 */
export const AgentConfigOptionSchema = z.strictObject({
  id: z.string().min(1).max(LIMITS.id),
  name: z.string().max(LIMITS.optionLabel),
  description: z.string().max(LIMITS.optionDescription).optional(),
  /** The agent's category: `mode`, `model`, `thought_level`, or another (UX only). */
  category: z.string().max(LIMITS.id).optional(),
  currentValue: z.string().min(1).max(LIMITS.id),
  values: z.array(AgentConfigValueSchema).max(AGENT_CONFIG_VALUES_MAX),
  /** An on/off option: values `true` and `false`. */
  kind: z.literal('boolean').optional(),
})
export type AgentConfigOption = z.infer<typeof AgentConfigOptionSchema>

export const AgentConfigOptionsSchema = z.array(AgentConfigOptionSchema).max(LIMITS.agentParts)
