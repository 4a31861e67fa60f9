import { z } from 'zod'
import { IdSchema } from './ids'
import { LIMITS } from './limits'
import { PermissionDecisionSchema } from './permission'

/** The scopes a lasting rule can have (a turn's decisions are not rules). */
export const RuleScopeSchema = z.enum(['session', 'project', 'global'])
export type RuleScope = z.infer<typeof RuleScopeSchema>

/** A lasting permission rule as the bridge lists it. */
export const PermissionRuleSchema = z.strictObject({
  id: IdSchema,
  decision: PermissionDecisionSchema,
  scope: RuleScopeSchema,
  /** The workspace's real path (session and project rules; absent for all projects). */
  workspace: z.string().max(LIMITS.path).optional(),
  /** What it covers, in the words the prompt used ("`npm test` with any files in the workspace"). */
  label: z.string().max(LIMITS.questionText),
  /** Epoch ms when it was made. */
  createdAt: z.number(),
  /** How many calls it has allowed or denied. */
  uses: z.number().int().min(0),
  /** The tool whose prompt made it (`run_command`, `write_file`, `mcp__server__tool`). */
  tool: z.string().max(LIMITS.questionText).optional(),
  /** Where it came from: the session whose prompt made it (and, for session rules, where it lives). */
  sessionId: IdSchema.optional(),
  /** The session's title when the rule was made. */
  sessionTitle: z.string().max(LIMITS.sessionTitle).optional(),
  /** Epoch ms of its newest use. */
  lastUsedAt: z.number().optional(),
})
export type PermissionRule = z.infer<typeof PermissionRuleSchema>

/** The rule a decision came from, as the `permission_decision` record names it. */
export const RuleRefSchema = z.strictObject({
  id: IdSchema,
  scope: RuleScopeSchema,
  label: z.string().max(LIMITS.questionText),
})
export type RuleRef = z.infer<typeof RuleRefSchema>
