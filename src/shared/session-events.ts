import { z } from 'zod'
import { ContextUsageShape } from './context-usage'
import { IdSchema } from './ids'
import { LIMITS } from './limits'
import { QuestionSchema } from './ask-user-question'
import { FormResponseSchema, FormSpecSchema } from './form-schema'
import { AgentPermissionRequestShape, InteractionSourceSchema } from './interactions'
import { DeviceRefSchema } from './devices'
import { AgentConfigOptionsSchema } from './agent-config'
import { RuleRefSchema } from './permission-rules'
import { RunsInSchema } from './runs-in'
import { ATTACHMENTS_MAX, AttachmentRefSchema } from './attachments'
import {
  DecisionReasonSchema,
  PermissionDecisionSchema,
  PermissionModeSchema,
  RiskSchema,
} from './permission'

/** JSON value as stored in the log (tool inputs and outputs). */
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json }
export const JsonSchema: z.ZodType<Json> = z.lazy(() =>
  z.union([
    z.string(),
    z.number(),
    z.boolean(),
    z.null(),
    z.array(JsonSchema),
    z.record(z.string(), JsonSchema),
  ]),
)

export const SESSION_LOG_VERSION = 1

const at = z.number()

/** Which agent (by Settings id and command line) a session talks to, so a restart finds it again. */
export const AgentRefSchema = z.strictObject({
  id: z.string().min(1).max(64),
  name: z.string().min(1).max(200),
  command: z.string().min(1).max(LIMITS.path),
  args: z.array(z.string().max(LIMITS.path)).max(50),
})
export type AgentRef = z.infer<typeof AgentRefSchema>

export const SessionHeaderSchema = z.strictObject({
  type: z.literal('session'),
  v: z.literal(SESSION_LOG_VERSION),
  id: IdSchema,
  createdAt: at,
  title: z.string(),
  workspace: z.string(),
  /** Label of the model backend the session was created with, e.g. `fake:demo`. */
  backend: z.string(),
  mode: PermissionModeSchema,
  /**
   * The ACP agent this session talks to, fixed when it is created (absent: Parley's own agent).
   * Every turn, and every answer sent on after a restart, goes to this agent.
   */
  agent: AgentRefSchema.optional(),
  /** A session forked from another's history, before one of its messages (a conversation rewind). */
  forkOf: z.strictObject({ sessionId: IdSchema, turnId: IdSchema }).optional(),
})

/** Title or mode changed after creation (the header is never rewritten). */
export const SessionUpdateSchema = z.strictObject({
  type: z.literal('session_update'),
  at,
  title: z.string().optional(),
  mode: PermissionModeSchema.optional(),
  /** The title is the one an ACP agent gave its session (`session_info_update`). */
  by: z.literal('agent').optional(),
})

export const UserMessageSchema = z.strictObject({
  type: z.literal('user_message'),
  at,
  turnId: IdSchema,
  text: z.string(),
  /** Files mentioned with `@` and images, by reference to their copies beside the log. */
  attachments: z.array(AttachmentRefSchema).max(ATTACHMENTS_MAX).optional(),
})

/**
 * A turn with no user message of its own: Retry after a turn that ended in an error runs the model
 * again from the log. It opens the turn the way `user_message` does; `turn_end` closes it.
 */
export const TurnRetrySchema = z.strictObject({
  type: z.literal('turn_retry'),
  at,
  turnId: IdSchema,
  /** The failed turn this one tries again. */
  retryOf: IdSchema,
})

/** The text of one model step; written once the step finishes, never per delta. */
export const AssistantTextSchema = z.strictObject({
  type: z.literal('assistant_text'),
  at,
  turnId: IdSchema,
  step: z.number().int().min(0),
  text: z.string(),
  /**
   * The text ends early: the turn was stopped or failed while it streamed, or the reply hit the
   * model's output limit. The turn's `turn_end` says which.
   */
  cutOff: z.literal(true).optional(),
})

export const ToolCallSchema = z.strictObject({
  type: z.literal('tool_call'),
  at,
  turnId: IdSchema,
  step: z.number().int().min(0),
  /** Parley's own id, unique in the session (servers may reuse theirs across steps). */
  toolCallId: IdSchema,
  /**
   * The id the model's server gave the call, when it differs from `toolCallId`; sent back to the
   * model where it is safe to. Logs written before Parley minted its own ids have none: there
   * `toolCallId` is the server's id and may repeat across steps.
   */
  providerCallId: z.string().min(1).max(LIMITS.providerCallId).optional(),
  tool: z.string(),
  input: JsonSchema,
})

/** Exactly one per tool_call. `synthetic` marks a result the runtime wrote on stop/abort/removal. */
export const ToolResultSchema = z.strictObject({
  type: z.literal('tool_result'),
  at,
  turnId: IdSchema,
  toolCallId: IdSchema,
  tool: z.string(),
  output: JsonSchema,
  isError: z.boolean(),
  synthetic: z.boolean().optional(),
  /** The paired device the answer came from (AskUserQuestion answered from a phone). */
  device: DeviceRefSchema.optional(),
})

export const PermissionRequestEventSchema = z.strictObject({
  type: z.literal('permission_request'),
  at,
  turnId: IdSchema,
  requestId: IdSchema,
  toolCallId: IdSchema,
  tool: z.string(),
  summary: z.string(),
  detail: z.string(),
  risk: RiskSchema,
  intent: z.string(),
  /** sha256 of the tool input, so an approval after a restart covers exactly what was shown. */
  inputHash: z.string(),
  expiresAt: z.number().nullable(),
  /**
   * What Remember covered, as the prompt said it (null: nothing); a command's parts with their
   * risks; and the internal remember keys. Optional: records written before they existed replay,
   * and such a request remembers nothing.
   */
  rememberScope: z.array(z.string()).nullable().optional(),
  parts: z
    .array(z.strictObject({ text: z.string(), risk: RiskSchema, why: z.string().optional() }))
    .optional(),
  rememberKeys: z.array(z.string()).optional(),
  /** A command's sandbox grant as the prompt said it (optional: older records have none). */
  runsIn: RunsInSchema.optional(),
})

export const PermissionDecisionEventSchema = z.strictObject({
  type: z.literal('permission_decision'),
  at,
  turnId: IdSchema,
  /** Null when no prompt was shown (mode or remembered decision). */
  requestId: IdSchema.nullable(),
  toolCallId: IdSchema,
  decision: PermissionDecisionSchema,
  reason: DecisionReasonSchema,
  remember: z.boolean(),
  /** With a denial: what the person told the agent to do instead. */
  note: z.string().max(LIMITS.denyNote).optional(),
  /** The paired device the person answered from (absent: this computer). */
  device: DeviceRefSchema.optional(),
  /** The lasting rules that decided it (reason `rule`), which the transcript names. */
  rules: z.array(RuleRefSchema).max(200).optional(),
})

export const UserQuestionRequestSchema = z.strictObject({
  type: z.literal('user_question_request'),
  at,
  turnId: IdSchema,
  requestId: IdSchema,
  toolCallId: IdSchema,
  questions: z.array(QuestionSchema),
})

/**
 * A request from an asker other than Parley's own tools (an ACP agent, an MCP server), exactly as
 * it was shown. Written (synced) before it is shown; its one `interaction_response` closes it.
 */
export const InteractionRequestEventSchema = z.strictObject({
  type: z.literal('interaction_request'),
  at,
  turnId: IdSchema,
  requestId: IdSchema,
  source: InteractionSourceSchema,
  request: z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('agent_permission'), ...AgentPermissionRequestShape }),
    z.strictObject({ kind: z.literal('form'), form: FormSpecSchema }),
  ]),
})

/** How an `interaction_request` was closed, and the answer the asker was sent. */
export const InteractionResponseEventSchema = z.strictObject({
  type: z.literal('interaction_response'),
  at,
  turnId: IdSchema,
  requestId: IdSchema,
  outcome: z.enum([
    'answered',
    'declined',
    'cancelled',
    'stopped',
    'withdrawn',
    'dismissed',
    'sent_as_message',
    /** Nobody answered in time: an agent's permission was answered with its reject option. */
    'timed_out',
  ]),
  /** The chosen option, or the form's outcome (accept with content / decline / cancel). */
  response: z
    .union([z.strictObject({ optionId: z.string().max(LIMITS.id) }), FormResponseSchema])
    .optional(),
  /** The paired device the person answered from (absent: this computer). */
  device: DeviceRefSchema.optional(),
})

export const TurnEndReasonSchema = z.enum([
  'completed',
  'stopped',
  'aborted',
  'error',
  'interrupted',
])
export type TurnEndReason = z.infer<typeof TurnEndReasonSchema>

/** What kind of failure ended a turn, so a UI can offer the right next step. */
export const TurnErrorKindSchema = z.enum([
  /** The key or account was refused: check Settings. */
  'auth',
  /** Too many requests; retried and still refused. */
  'rate_limit',
  /** The server could not be reached, or the connection broke. */
  'network',
  /** The server answered with an error of its own (5xx), or went silent. */
  'server',
  /** The server refused the request (unknown model, bad base URL, invalid parameters). */
  'request',
  /** Anything else (a bug, an agent that exited). */
  'other',
])
export type TurnErrorKind = z.infer<typeof TurnErrorKindSchema>

export const TurnEndSchema = z.strictObject({
  type: z.literal('turn_end'),
  at,
  turnId: IdSchema,
  reason: TurnEndReasonSchema,
  /** With reason `error`: what went wrong and what to do, in plain words. */
  error: z.string().optional(),
  errorKind: TurnErrorKindSchema.optional(),
  /** The technical cause chain (status, codes), for a "Details" disclosure. */
  errorDetail: z.string().optional(),
})

// ── ACP agents ──────────────────────────────────────────────────────────────
// What an ACP agent (Claude Code, Codex, …) did in a session, as Parley recorded it from the agent's
// `session/update` notifications. The agent's own text is recorded as `assistant_text` (one record
// per stretch of text, never per delta). Requests the agent makes of the person and their answers
// are written by the interaction broker. Every text here is bounded; a longer one is cut and marked.

/** An ACP agent's own id for its tool call (any text; not one of Parley's ids). */
const AgentToolCallIdSchema = z.string().min(1).max(LIMITS.id)

/** ACP tool kinds; `other` for any kind this version does not know. */
export const AgentToolKindSchema = z.enum([
  'read',
  'edit',
  'delete',
  'move',
  'search',
  'execute',
  'think',
  'fetch',
  'switch_mode',
  'other',
])
export type AgentToolKind = z.infer<typeof AgentToolKindSchema>

/**
 * ACP's tool call statuses, plus two Parley writes itself when a turn ends with the call
 * unfinished: `cancelled` (stopped, or the turn ended without it) and `rejected` (the person
 * rejected it and the agent sent no final status).
 */
export const AgentToolStatusSchema = z.enum([
  'pending',
  'in_progress',
  'completed',
  'failed',
  'cancelled',
  'rejected',
])
export type AgentToolStatus = z.infer<typeof AgentToolStatusSchema>

/** A file a tool call touches, as the agent reported it (absolute path, optional 1-based line). */
export const AgentLocationSchema = z.strictObject({
  path: z.string().max(LIMITS.path),
  line: z.number().int().min(0).optional(),
})

/** What a tool call shows: text, a diff of one file, or a terminal the agent runs in the client. */
export const AgentToolContentSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('text'),
    text: z.string().max(LIMITS.agentToolText),
    truncated: z.boolean(),
  }),
  z.strictObject({
    type: z.literal('diff'),
    path: z.string().max(LIMITS.path),
    /** Null for a new file. */
    oldText: z.string().max(LIMITS.agentDiffText).nullable(),
    newText: z.string().max(LIMITS.agentDiffText),
    truncated: z.boolean(),
  }),
  z.strictObject({ type: z.literal('terminal'), terminalId: z.string().max(LIMITS.id) }),
])
export type AgentToolContent = z.infer<typeof AgentToolContentSchema>

/** A stretch of the agent's reasoning ("thought" chunks), recorded once it is complete. */
export const AgentThoughtSchema = z.strictObject({
  type: z.literal('agent_thought'),
  at,
  turnId: IdSchema,
  text: z.string().max(LIMITS.messageText),
})

/** The first time Parley hears of an agent's tool call (a `tool_call` update, or a permission request about it). */
export const AgentToolCallSchema = z.strictObject({
  type: z.literal('agent_tool_call'),
  at,
  turnId: IdSchema,
  toolCallId: AgentToolCallIdSchema,
  title: z.string().max(LIMITS.questionText),
  kind: AgentToolKindSchema,
  status: AgentToolStatusSchema,
  locations: z.array(AgentLocationSchema).max(LIMITS.agentParts),
  content: z.array(AgentToolContentSchema).max(LIMITS.agentParts),
  /** The agent's raw input for the call, as JSON text (cut at `agentToolText`). */
  rawInput: z.string().max(LIMITS.agentToolText).optional(),
})

/** A change to a tool call: each field present replaces the one before (ACP semantics). */
export const AgentToolCallUpdateSchema = z.strictObject({
  type: z.literal('agent_tool_call_update'),
  at,
  turnId: IdSchema,
  toolCallId: AgentToolCallIdSchema,
  title: z.string().max(LIMITS.questionText).optional(),
  kind: AgentToolKindSchema.optional(),
  status: AgentToolStatusSchema.optional(),
  locations: z.array(AgentLocationSchema).max(LIMITS.agentParts).optional(),
  content: z.array(AgentToolContentSchema).max(LIMITS.agentParts).optional(),
  /** The agent's raw output of the call, as JSON text (cut at `agentToolText`). */
  rawOutput: z.string().max(LIMITS.agentToolText).optional(),
})

export const AgentPlanEntrySchema = z.strictObject({
  content: z.string().max(LIMITS.questionText),
  priority: z.enum(['high', 'medium', 'low']),
  status: z.enum(['pending', 'in_progress', 'completed']),
})
export type AgentPlanEntry = z.infer<typeof AgentPlanEntrySchema>

/** The agent's plan for the turn; each one replaces the plan before. */
export const AgentPlanSchema = z.strictObject({
  type: z.literal('agent_plan'),
  at,
  turnId: IdSchema,
  entries: z.array(AgentPlanEntrySchema).max(LIMITS.agentParts),
})

export const AgentModeSchema = z.strictObject({
  id: z.string().min(1).max(LIMITS.id),
  name: z.string().max(LIMITS.optionLabel),
  description: z.string().max(LIMITS.optionDescription).optional(),
})
export type AgentMode = z.infer<typeof AgentModeSchema>

/**
 * The agent's modes (Codex: Read Only / Default / Full Access) and the current one, for the mode
 * picker of an agent session. Written when the agent session starts and whenever the mode changes.
 */
export const AgentModesSchema = z.strictObject({
  type: z.literal('agent_modes'),
  at,
  currentModeId: z.string().min(1).max(LIMITS.id),
  available: z.array(AgentModeSchema).max(LIMITS.agentParts),
  /**
   * How the mode is changed: ACP `session/set_mode`, or `session/set_config_option` on the agent's
   * config option of category "mode" (whose id is `configId`).
   */
  via: z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('session_mode') }),
    z.strictObject({
      kind: z.literal('config_option'),
      configId: z.string().min(1).max(LIMITS.id),
    }),
  ]),
  /**
   * Set when the person chose this mode (through `session/set_mode`): the newest such mode is
   * set again on the agent's next session. (A mode changed through a config option is kept as
   * that option's `agent_config` choice instead.)
   */
  chosen: z.literal(true).optional(),
})

/**
 * The agent's session config options (select-type: mode, model, reasoning effort, …) with their
 * current values, as the agent last reported them; the agent's set is the truth. Written when the
 * agent session opens and whenever the set changes. `chosen` marks the set the agent answered
 * when the person set an option: those choices are applied again to the agent's next session.
 */
export const AgentConfigSchema = z.strictObject({
  type: z.literal('agent_config'),
  at,
  options: AgentConfigOptionsSchema,
  chosen: z
    .strictObject({
      configId: z.string().min(1).max(LIMITS.id),
      value: z.string().min(1).max(LIMITS.id),
    })
    .optional(),
})

/**
 * An ACP session was opened with the agent: a new one, or the session of an earlier run continued
 * (after a restart or a crash of the agent) with `session/resume` or `session/load`.
 */
export const AgentSessionSchema = z.strictObject({
  type: z.literal('agent_session'),
  at,
  agent: AgentRefSchema,
  /** How the agent names itself in `initialize` (e.g. "Codex 0.16.0"). */
  agentTitle: z.string().max(200).optional(),
  /**
   * The agent's own name without its version (`agentInfo.title`, else `name`): the session is
   * shown under it from then on, rather than under a name guessed from its command line.
   */
  agentName: z.string().min(1).max(100).optional(),
  /** The agent's own session id (ACP `sessionId`). */
  agentSessionId: z.string().min(1).max(LIMITS.path),
  opened: z.enum(['new', 'loaded', 'resumed']),
})

/** The agent process ended while no turn was running (a crash during a turn ends that turn instead). */
export const AgentExitSchema = z.strictObject({
  type: z.literal('agent_exit'),
  at,
  code: z.number().int().nullable(),
  signal: z.string().max(40).nullable(),
  /** The end of what the agent wrote to stderr. */
  stderr: z.string().max(LIMITS.agentStderr),
})

/** Why a file was left out of a checkpoint (a restore then leaves it as it is). */
export const CheckpointSkipSchema = z.strictObject({
  path: z.string().max(LIMITS.path),
  reason: z.enum(['too_large', 'binary_budget', 'nested_repository', 'unreadable']),
})
export type CheckpointSkip = z.infer<typeof CheckpointSkipSchema>

/**
 * The workspace's files as on disk, kept in the data folder's checkpoint store (a git tree):
 * when a turn starts (before the agent acts), and before a rewind writes files (so the rewind
 * can be undone: its `turnId` is then its own id). `tree` absent: none could be taken, and
 * `failure` says why. (What a turn left is kept in the store at its end, with no record: nothing
 * follows a turn's `turn_end`.)
 */
export const CheckpointSchema = z.strictObject({
  type: z.literal('checkpoint'),
  at,
  turnId: IdSchema,
  moment: z.enum(['turn_start', 'rewind']),
  tree: z
    .string()
    .regex(/^[0-9a-f]{40}$/)
    .optional(),
  /** Every file left out (a checkpoint that would leave out more is not taken). */
  skipped: z.array(CheckpointSkipSchema).max(1_000).optional(),
  failure: z.string().max(4_000).optional(),
  /** A rewind's: the turn whose checkpoint the files were restored to, and that tree. */
  rewindTo: z
    .strictObject({ turnId: IdSchema, tree: z.string().regex(/^[0-9a-f]{40}$/) })
    .optional(),
})

/** The conversation was rewound: a new session continues from before `turnId`'s message. */
export const SessionForkedSchema = z.strictObject({
  type: z.literal('session_forked'),
  at,
  turnId: IdSchema,
  forkId: IdSchema,
})

/**
 * How much of the model's context the session uses and what it cost so far (an ACP agent's
 * `usage_update`, or Parley's own model's usage), written when it changes.
 */
export const ContextUsageEventSchema = z.strictObject({
  type: z.literal('context_usage'),
  at,
  ...ContextUsageShape,
})

/** Every record of `<data-dir>/sessions/<id>.jsonl`. */
export const SessionEventSchema = z.discriminatedUnion('type', [
  SessionHeaderSchema,
  SessionUpdateSchema,
  UserMessageSchema,
  TurnRetrySchema,
  AssistantTextSchema,
  ToolCallSchema,
  ToolResultSchema,
  PermissionRequestEventSchema,
  PermissionDecisionEventSchema,
  UserQuestionRequestSchema,
  InteractionRequestEventSchema,
  InteractionResponseEventSchema,
  TurnEndSchema,
  AgentThoughtSchema,
  AgentToolCallSchema,
  AgentToolCallUpdateSchema,
  AgentPlanSchema,
  AgentModesSchema,
  AgentConfigSchema,
  AgentSessionSchema,
  AgentExitSchema,
  CheckpointSchema,
  SessionForkedSchema,
  ContextUsageEventSchema,
])
export type SessionEvent = z.infer<typeof SessionEventSchema>
export type SessionHeader = z.infer<typeof SessionHeaderSchema>
export type ToolCallEvent = z.infer<typeof ToolCallSchema>
export type ToolResultEvent = z.infer<typeof ToolResultSchema>
export type TurnEndEvent = z.infer<typeof TurnEndSchema>
export type SessionEventOf<T extends SessionEvent['type']> = Extract<SessionEvent, { type: T }>
