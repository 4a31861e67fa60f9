import { z } from 'zod'
import { PermissionModeSchema } from './permission'
import { LIMITS } from './limits'
import { ACP_AGENT_PRESETS, AgentListSchema, AgentSpecSchema } from './acp-agents'

/**
 * A variable name the person lets through to the commands the model runs (and the processes
 * Parley starts for a workspace), beyond the fixed allow-list: a shell identifier.
 */
export const EnvNameSchema = z
  .string()
  .max(128)
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'a variable name: letters, digits and _')

/** At most this many names may be allowed. */
export const MAX_ALLOWED_ENV = 64

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
   * only "A session needs your input" (with `notifyUrlTitles`: "<session title> needs your input"),
   * never what was asked. Absent or '': none.
   */
  notifyUrl: z.string().max(LIMITS.path).optional(),
  /** The notice webhook's text names the waiting session (its title is the first message). */
  notifyUrlTitles: z.boolean().default(false),
  /** Notifications on this computer say what is asked (the question, the command, the file). */
  notifyShowsWhatIsAsked: z.boolean().default(true),
  /**
   * A permission prompt nobody answers is settled as not allowed after this many seconds of being
   * shown; 0 = never. Questions and forms never time out.
   */
  permissionTimeoutSeconds: z.number().int().min(0).max(86_400).default(300),
  /**
   * Environment variables, by name, that sandboxed commands and workspace MCP servers get beyond
   * the fixed allow-list (PATH, HOME, the locale, …; see docs/sandbox.md). Nothing else is passed.
   */
  sandboxAllowedEnv: z
    .array(EnvNameSchema)
    .max(MAX_ALLOWED_ENV)
    .default(() => []),
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
  /** The notice webhook (see StoredSettings). Never shown to a paired device. */
  notifyUrl: z.string().optional(),
  notifyUrlTitles: z.boolean(),
  notifyShowsWhatIsAsked: z.boolean(),
  permissionTimeoutSeconds: z.number(),
  /** The variables commands get beyond the fixed allow-list (see StoredSettings). */
  sandboxAllowedEnv: z.array(z.string()),
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
  notifyUrlTitles: z.boolean().optional(),
  notifyShowsWhatIsAsked: z.boolean().optional(),
  permissionTimeoutSeconds: z.number().int().min(0).max(86_400).optional(),
  /** Replaces the whole list of allowed variable names. */
  sandboxAllowedEnv: z.array(EnvNameSchema).max(MAX_ALLOWED_ENV).optional(),
  terminalNotify: TerminalNotifySchema.optional(),
})
export type SettingsPatch = z.infer<typeof SettingsPatchSchema>

/**
 * The provider as it stands in the Settings form, not saved yet: what "Test connection" tests and
 * what the model suggestions are asked for. A key left out (or empty) is the saved one; nothing
 * here is saved, and no key is ever sent back.
 */
export const ProviderCandidateSchema = z.strictObject({
  provider: ProviderKindSchema,
  model: z.string().max(200),
  openaiBaseUrl: z.union([z.literal(''), z.url().max(LIMITS.path)]),
  anthropicBaseUrl: z.union([z.literal(''), z.url().max(LIMITS.path)]),
  openaiApiKey: z.string().max(500).optional(),
  anthropicApiKey: z.string().max(500).optional(),
})
export type ProviderCandidate = z.infer<typeof ProviderCandidateSchema>
