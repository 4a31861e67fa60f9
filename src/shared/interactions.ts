import { z } from 'zod'
import { IdSchema } from './ids'
import { QuestionDraftSchema, QuestionSchema } from './ask-user-question'
import { RiskSchema } from './permission'

const PendingBaseShape = {
  requestId: IdSchema,
  sessionId: IdSchema,
  turnId: IdSchema,
  toolCallId: IdSchema,
  /** Epoch ms when the request was first shown. */
  createdAt: z.number(),
  /** True when the request was found open in the log at start-up (the app quit while it waited). */
  recovered: z.boolean(),
}

/** A permission prompt waiting for the person. */
export const PermissionInteractionSchema = z.strictObject({
  kind: z.literal('permission'),
  ...PendingBaseShape,
  tool: z.string(),
  /** One line: what the tool will do. */
  summary: z.string(),
  /** The full command or diff, never truncated. */
  detail: z.string(),
  risk: RiskSchema,
  /** What "remember for this turn" would cover, e.g. `run_command: npm test`. */
  intent: z.string(),
  /** Epoch ms when it settles as deny (timed_out); null when it has no timeout (recovered). */
  expiresAt: z.number().nullable(),
})
export type PermissionInteraction = z.infer<typeof PermissionInteractionSchema>

/** An AskUserQuestion call waiting for answers. */
export const QuestionInteractionSchema = z.strictObject({
  kind: z.literal('question'),
  ...PendingBaseShape,
  questions: z.array(QuestionSchema).min(1).max(3),
  /** Where the person had got to, if they started answering. */
  draft: QuestionDraftSchema.nullable(),
})
export type QuestionInteraction = z.infer<typeof QuestionInteractionSchema>

/** One entry of the per-session interaction FIFO. */
export const PendingInteractionSchema = z.discriminatedUnion('kind', [
  PermissionInteractionSchema,
  QuestionInteractionSchema,
])
export type PendingInteraction = z.infer<typeof PendingInteractionSchema>

/** How a parked request ended. */
export const SettleOutcomeSchema = z.enum([
  'answered',
  'allowed',
  'denied',
  'timed_out',
  'stopped',
  'aborted',
  'error',
  'removed',
  'dismissed',
])
export type SettleOutcome = z.infer<typeof SettleOutcomeSchema>
