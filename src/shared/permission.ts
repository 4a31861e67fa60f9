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

/**
 * How long an answer given with Remember lasts: the rest of this turn (kept in memory), this
 * session, this project (the workspace's real path) or all projects. The last three are lasting
 * rules (`permission-rules.ts`), kept in Parley's data folder, never in the workspace.
 */
export const RememberScopeSchema = z.enum(['turn', 'session', 'project', 'global'])
export type RememberScope = z.infer<typeof RememberScopeSchema>

/** Why a permission request settled the way it did. */
export const DecisionReasonSchema = z.enum([
  'user',
  'remembered',
  /** A lasting rule (this session, this project, all projects) decided it without a prompt. */
  'rule',
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
  /** Remember this decision for what the prompt's Remember names, for `scope`. */
  remember: z.boolean().default(false),
  /**
   * How long Remember lasts: absent = `'turn'`. `'session'`, `'project'` and `'global'` make one
   * lasting rule per part Remember covers (with `decision: 'deny'`, deny rules). Paired devices
   * may only remember for the turn.
   */
  scope: RememberScopeSchema.optional(),
  /** With a denial: what the agent should do instead, sent to it as the tool's result. */
  note: z.string().trim().max(LIMITS.denyNote).optional(),
})
export type PermissionResponse = z.infer<typeof PermissionResponseSchema>
