import { z } from 'zod'
import { PermissionModeSchema } from './permission'
import { LIMITS } from './limits'
import { ACP_AGENT_PRESETS, AgentListSchema, AgentSpecSchema } from './acp-agents'

export const ProviderKindSchema = z.enum(['auto', 'openai-compatible', 'anthropic', 'demo'])
export type ProviderKind = z.infer<typeof ProviderKindSchema>

/**
 * What `parley tui` sends when a prompt arrives: `auto` (the bell, plus a desktop notification
 * where the terminal is known to show one), `off`, `bell` only, or `desktop` (bell and
 * notification escape whatever the terminal). Never anything into a pipe.
 */
export const TerminalNotifySchema = z.enum(['auto', 'off', 'bell', 'desktop'])
export type TerminalNotify = z.infer<typeof TerminalNotifySchema>

/** `settings.json`: everything but secrets, which live in the secret store. */
export const StoredSettingsSchema = z.strictObject({
  provider: ProviderKindSchema.default('auto'),
  model: z.string().max(200).default(''),
  openaiBaseUrl: z.string().max(LIMITS.path).default(''),
  anthropicBaseUrl: z.string().max(LIMITS.path).default(''),
  /** A model stream that sends no bytes for this long is aborted (paused while anything waits). */
  streamIdleSeconds: z.number().int().min(5).max(3_600).default(120),
  defaultMode: PermissionModeSchema.default('ask'),
  defaultWorkspace: z.string().max(LIMITS.path).default(''),
  /** Named ACP agents a new session can use instead of Parley's own agent (the presets at first). */
  agents: AgentListSchema.default(() => [...ACP_AGENT_PRESETS]),
  /**
   * Where to POST a notice (ntfy-style) when something new waits for the person: the body says
   * only "<session title>: Parley needs your input", never what was asked. Absent or '': none.
   */
  notifyUrl: z.string().max(LIMITS.path).optional(),
  /** The terminal client's signal when a prompt arrives (absent: `auto`). */
  terminalNotify: TerminalNotifySchema.optional(),
})
export type StoredSettings = z.infer<typeof StoredSettingsSchema>

/** What a UI sees: no secret ever comes back, only whether one is set. */
export const PublicSettingsSchema = z.strictObject({
  provider: ProviderKindSchema,
  model: z.string(),
  openaiBaseUrl: z.string(),
  anthropicBaseUrl: z.string(),
  streamIdleSeconds: z.number(),
  defaultMode: PermissionModeSchema,
  defaultWorkspace: z.string(),
  agents: AgentListSchema,
  /**
   * The agent `--acp` named for this launch (id `command-line`): new sessions that name no agent
   * use it. Not stored, not editable in Settings.
   */
  commandLineAgent: AgentSpecSchema.optional(),
  openaiApiKeySet: z.boolean(),
  anthropicApiKeySet: z.boolean(),
  /** Human label of the backend new turns use, e.g. "Demo scenario (fake backend)". */
  backendLabel: z.string(),
  /** Models the picker offers for the current provider. */
  models: z.array(z.string()),
  /** Set while PARLEY_MODEL overrides `model` for this launch: the model actually used. */
  modelOverride: z.string().optional(),
  /**
   * Set while `settings.json` has a mistake (`path:line:column: message …`): the file is kept as
   * it is, defaults are used, and changes are refused until it is fixed.
   */
  fileProblem: z.string().max(8_000).optional(),
  /** The notice webhook (see StoredSettings). */
  notifyUrl: z.string().optional(),
  terminalNotify: TerminalNotifySchema.optional(),
})
export type PublicSettings = z.infer<typeof PublicSettingsSchema>

/** UI → runtime. Keys are write-only; an empty string clears a key. */
export const SettingsPatchSchema = z.strictObject({
  provider: ProviderKindSchema.optional(),
  model: z.string().max(200).optional(),
  openaiBaseUrl: z.union([z.literal(''), z.url().max(LIMITS.path)]).optional(),
  anthropicBaseUrl: z.union([z.literal(''), z.url().max(LIMITS.path)]).optional(),
  streamIdleSeconds: z.number().int().min(5).max(3_600).optional(),
  defaultMode: PermissionModeSchema.optional(),
  defaultWorkspace: z.string().max(LIMITS.path).optional(),
  /** Replaces the whole list of named agents. */
  agents: AgentListSchema.optional(),
  openaiApiKey: z.string().max(500).optional(),
  anthropicApiKey: z.string().max(500).optional(),
  /** An http(s) URL, or '' for none. */
  notifyUrl: z.union([z.literal(''), z.url({ protocol: /^https?$/ }).max(LIMITS.path)]).optional(),
  terminalNotify: TerminalNotifySchema.optional(),
})
export type SettingsPatch = z.infer<typeof SettingsPatchSchema>
