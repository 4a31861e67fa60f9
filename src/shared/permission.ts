import { z } from 'zod'
import { IdSchema } from './ids'
import { LIMITS } from './limits'
import { isPermissionMode, PERMISSION_MODES } from './permission-modes'

/**
 * explore: read-only tools only · ask: every mutating tool asks · execute: file edits inside the
 * workspace allowed, commands ask · bypass: never asks.
 */
export const PermissionModeSchema = z.enum(PERMISSION_MODES)
export type PermissionMode = z.infer<typeof PermissionModeSchema>
export { isPermissionMode, PERMISSION_MODES }

export const RiskSchema = z.enum(['low', 'medium', 'high'])
export type Risk = z.infer<typeof RiskSchema>

export const PermissionDecisionSchema = z.enum(['allow', 'deny'])
export type PermissionDecision = z.infer<typeof PermissionDecisionSchema>

/** Why a permission request settled the way it did. */
export const DecisionReasonSchema = z.enum([
  'user',
  'remembered',
  /** The session's mode changed while the prompt was open, and the new mode decides it. */
  'mode',
  'timed_out',
  'headless',
  'stopped',
  'aborted',
  'error',
  'removed',
  'dismissed',
])
export type DecisionReason = z.infer<typeof DecisionReasonSchema>

/** UI → runtime. */
export const PermissionResponseSchema = z.strictObject({
  requestId: IdSchema,
  decision: PermissionDecisionSchema,
  /** Remember this decision for the rest of the turn, keyed by the tool intent. */
  remember: z.boolean().default(false),
  /** With a denial: what the agent should do instead, sent to it as the tool's result. */
  note: z.string().trim().max(LIMITS.denyNote).optional(),
})
export type PermissionResponse = z.infer<typeof PermissionResponseSchema>
