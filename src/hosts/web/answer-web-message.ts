import { z } from 'zod'
import type { BridgeError } from '../../shared/bridge'
import { bridgeError, dispatchBridgeCall, type BridgeHandlers } from '../../shared/bridge-dispatch'
import { WebCallSchema, type WebServerMessage } from '../../shared/web-protocol'

const RecoverableIdSchema = z.looseObject({ id: z.number().int().min(0) })

/**
 * Turns one WebSocket message into its reply. A well-formed call is validated and run through
 * `dispatchBridgeCall`, like an IPC call. A malformed one gets a typed `invalid_input` error when
 * its id can still be read, and no reply at all when it cannot (there is nothing to pair it
 * with). Never throws.
 */
export async function answerWebMessage(
  handlers: BridgeHandlers,
  text: string,
  /** What this connection may not do: a refusal for a call, or null to run it (a paired device). */
  refuse?: (method: string, input: unknown) => BridgeError | null,
): Promise<WebServerMessage | null> {
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch {
    return null
  }
  const call = WebCallSchema.safeParse(data)
  if (!call.success) {
    const id = RecoverableIdSchema.safeParse(data)
    if (!id.success) return null
    return {
      kind: 'result',
      id: id.data.id,
      result: bridgeError('invalid_input', `malformed call: ${z.prettifyError(call.error)}`),
    }
  }
  const { id, method, input } = call.data
  const refused = refuse?.(method, input)
  if (refused) return { kind: 'result', id, result: refused }
  return { kind: 'result', id, result: await dispatchBridgeCall(handlers, method, input) }
}
