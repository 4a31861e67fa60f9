import { z } from 'zod'
import {
  BRIDGE_CALLS,
  type BridgeError,
  type BridgeMethod,
  type BridgeOutput,
  type BridgeParsedInput,
} from './bridge'
import { LIMITS } from './limits'
import { errorMessage } from './plain-error'

/** What a host hands to `dispatchBridgeCall`: the runtime, with inputs already validated. */
export type BridgeHandlers = {
  [M in BridgeMethod]: (input: BridgeParsedInput<M>) => Promise<BridgeOutput<M>>
}

export const bridgeError = (reason: BridgeError['reason'], message: string): BridgeError => ({
  ok: false,
  reason,
  message,
})

export function isBridgeMethod(name: unknown): name is BridgeMethod {
  return typeof name === 'string' && Object.hasOwn(BRIDGE_CALLS, name)
}

/** Bytes of a payload once serialized, or Infinity when it cannot be serialized. */
function payloadSize(payload: unknown): number {
  try {
    return JSON.stringify(payload ?? null).length
  } catch {
    return Number.POSITIVE_INFINITY
  }
}

/**
 * The one path every host uses to run a bridge call: check the method and size, validate the
 * payload with its schema, run the handler. Bad input never reaches the runtime and comes back as
 * a typed `BridgeError`; a handler that throws is a bug, reported as `internal` without crashing
 * the host.
 */
export async function dispatchBridgeCall(
  handlers: BridgeHandlers,
  method: unknown,
  payload: unknown,
): Promise<unknown> {
  if (!isBridgeMethod(method))
    return bridgeError('unknown_method', `unknown bridge call ${String(method).slice(0, 80)}`)
  if (payloadSize(payload) > LIMITS.payloadBytes) {
    return bridgeError(
      'invalid_input',
      `${method}: payload larger than ${LIMITS.payloadBytes} bytes`,
    )
  }
  const parsed = BRIDGE_CALLS[method].input.safeParse(payload ?? {})
  if (!parsed.success) {
    return bridgeError('invalid_input', `${method}: ${z.prettifyError(parsed.error)}`)
  }
  try {
    // Called as a method: handlers are usually a class instance (the runtime).
    const handler = handlers[method] as (this: BridgeHandlers, input: unknown) => Promise<unknown>
    return await handler.call(handlers, parsed.data)
  } catch (error) {
    return bridgeError('internal', `${method} failed: ${errorMessage(error)}`)
  }
}
