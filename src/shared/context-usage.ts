import { z } from 'zod'

/**
 * How much of the model's context a session uses, and what it has cost: an ACP agent's
 * `usage_update`, or the usage Parley's own model reports. `size` is the context window, when
 * known; `cost` is cumulative for the session.
 */
export const ContextUsageShape = {
  used: z.number().int().min(0),
  size: z.number().int().min(1).optional(),
  cost: z
    .strictObject({ amount: z.number().min(0), currency: z.string().min(1).max(16) })
    .optional(),
}
export const ContextUsageSchema = z.strictObject(ContextUsageShape)
export type ContextUsage = z.infer<typeof ContextUsageSchema>
