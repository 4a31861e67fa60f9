import { z } from 'zod'
import { BridgeEventSchema } from './bridge'

/**
 * Wire format of the web host (`parley serve`). The page is served at `/` and learns the
 * per-launch token from its URL fragment (`#token=…`); it opens `ws://127.0.0.1:PORT/ws?token=…`.
 */
export { WEB_SOCKET_PATH } from './web-socket-path'

/** Browser → host: one bridge call. `id` pairs the reply. */
export const WebCallSchema = z.strictObject({
  id: z.number().int().min(0),
  method: z.string().max(64),
  input: z.unknown(),
})
export type WebCall = z.infer<typeof WebCallSchema>

/** Host → browser: a call's result (a BridgeOutput or a BridgeError), or a pushed event. */
export const WebServerMessageSchema = z.union([
  z.strictObject({ kind: z.literal('result'), id: z.number().int().min(0), result: z.unknown() }),
  z.strictObject({ kind: z.literal('event'), event: BridgeEventSchema }),
])
export type WebServerMessage = z.infer<typeof WebServerMessageSchema>
