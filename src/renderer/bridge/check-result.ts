import {
  BRIDGE_CALLS,
  BridgeErrorSchema,
  WebServerMessageSchema,
  type BridgeMethod,
  type BridgeOutput,
} from '../../shared'
import { compileValidator, type Checked } from '../../shared/compiled-validator'
import { BridgeCallError } from './bridge-call-error'

/*
 * The bridge's schema checks, in a chunk of their own (see ./contract): the page's first frame is
 * drawn without the schema library, and replies and events wait for this chunk (fetched as the app
 * starts).
 */

/** Every WebSocket message is checked against the protocol, by a validator compiled from its schema. */
export const checkMessage = compileValidator(WebServerMessageSchema)

const checkers = new Map<BridgeMethod, (value: unknown) => Checked<unknown>>()

/** The method's output schema as a compiled validator (same answers as zod, see compiled-validator). */
function outputChecker(method: BridgeMethod): (value: unknown) => Checked<unknown> {
  let checker = checkers.get(method)
  if (!checker) {
    checker = compileValidator(BRIDGE_CALLS[method].output)
    checkers.set(method, checker)
  }
  return checker
}

/**
 * A host's reply to `method`, checked against the call's output schema: a BridgeError (bad
 * input, refused sender) or a reply of the wrong shape becomes a thrown BridgeCallError, so the
 * UI only ever handles the outcomes the contract lists.
 */
export function checkResult<M extends BridgeMethod>(method: M, result: unknown): BridgeOutput<M> {
  const refused = BridgeErrorSchema.safeParse(result)
  if (refused.success) throw new BridgeCallError(method, refused.data.reason, refused.data.message)
  const output = outputChecker(method)(result)
  if (!output.success) throw new BridgeCallError(method, 'bad_reply', 'unexpected reply shape')
  return output.data as BridgeOutput<M>
}
