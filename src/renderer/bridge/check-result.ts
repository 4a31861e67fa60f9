import { BRIDGE_CALLS, BridgeErrorSchema, type BridgeMethod, type BridgeOutput } from '../../shared'

/** A bridge call that failed: the host refused it, the reply was malformed, or the link dropped. */
export class BridgeCallError extends Error {
  constructor(
    readonly method: string,
    readonly reason:
      'invalid_input' | 'forbidden' | 'unknown_method' | 'internal' | 'disconnected' | 'bad_reply',
    message: string,
  ) {
    super(`${method}: ${message}`)
    this.name = 'BridgeCallError'
  }
}

/**
 * A host's reply to `method`, checked against the call's output schema: a BridgeError (bad
 * input, refused sender) or a reply of the wrong shape becomes a thrown BridgeCallError, so the
 * UI only ever handles the outcomes the contract lists.
 */
export function checkResult<M extends BridgeMethod>(method: M, result: unknown): BridgeOutput<M> {
  const refused = BridgeErrorSchema.safeParse(result)
  if (refused.success) throw new BridgeCallError(method, refused.data.reason, refused.data.message)
  const output = BRIDGE_CALLS[method].output.safeParse(result)
  if (!output.success) throw new BridgeCallError(method, 'bad_reply', 'unexpected reply shape')
  return output.data as BridgeOutput<M>
}
