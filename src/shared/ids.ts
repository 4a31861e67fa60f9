import { z } from 'zod'
import { LIMITS } from './limits'

/** Opaque identifier: sessions, turns, requests and tool calls. */
export const IdSchema = z
  .string()
  .min(1)
  .max(LIMITS.id)
  .regex(/^[A-Za-z0-9_.:-]+$/, 'ids are letters, digits and _ . : -')
export type Id = z.infer<typeof IdSchema>
