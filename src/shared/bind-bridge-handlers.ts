import { BRIDGE_METHODS } from './bridge'
import type { BridgeHandlers } from './bridge-dispatch'

/**
 * A plain object of the bridge calls of `target`, each bound to it. `dispatchBridgeCall` calls a
 * handler as a bare function, which loses `this` for a class instance (the real runtime is one);
 * hosts hand it this object instead of the runtime itself.
 */
export function bindBridgeHandlers(target: BridgeHandlers): BridgeHandlers {
  return Object.fromEntries(
    BRIDGE_METHODS.map((method) => [method, target[method].bind(target)]),
  ) as BridgeHandlers
}
