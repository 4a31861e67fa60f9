import { z } from 'zod'
import { IdSchema } from './ids'
import { LIMITS } from './limits'
import { QuestionSchema } from './ask-user-question'
import { FormResponseSchema, FormSpecSchema } from './form-schema'
import { AgentPermissionRequestShape, InteractionSourceSchema } from './interactions'
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
})

/** Title or mode changed after creation (the header is never rewritten). */
export const SessionUpdateSchema = z.strictObject({
  type: z.literal('session_update'),
  at,
  title: z.string().optional(),
  mode: PermissionModeSchema.optional(),
})

export const UserMessageSchema = z.strictObject({
  type: z.literal('user_message'),
  at,
  turnId: IdSchema,
  text: z.string(),
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
  ]),
  /** The chosen option, or the form's outcome (accept with content / decline / cancel). */
  response: z
    .union([z.strictObject({ optionId: z.string().max(LIMITS.id) }), FormResponseSchema])
    .optional(),
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
])
export type SessionEvent = z.infer<typeof SessionEventSchema>
export type SessionHeader = z.infer<typeof SessionHeaderSchema>
export type ToolCallEvent = z.infer<typeof ToolCallSchema>
export type ToolResultEvent = z.infer<typeof ToolResultSchema>
export type TurnEndEvent = z.infer<typeof TurnEndSchema>
export type SessionEventOf<T extends SessionEvent['type']> = Extract<SessionEvent, { type: T }>
