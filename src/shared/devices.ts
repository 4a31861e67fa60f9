import { z } from 'zod'
import { IdSchema } from './ids'

/** A device paired to answer from afar (`parley serve --remote`), as Settings lists it. */
export const PairedDeviceSchema = z.strictObject({
  id: IdSchema,
  /** What the device called itself when it paired ("Pixel 7 · Chrome"). */
  name: z.string().max(120),
  pairedAt: z.number(),
  /** Epoch ms of its last call; null until it makes one. */
  lastUsedAt: z.number().nullable(),
})
export type PairedDevice = z.infer<typeof PairedDeviceSchema>

/** Which device answered a request, as the log records it beside the answer. */
export const DeviceRefSchema = z.strictObject({
  id: IdSchema,
  name: z.string().max(120),
})
export type DeviceRef = z.infer<typeof DeviceRefSchema>
