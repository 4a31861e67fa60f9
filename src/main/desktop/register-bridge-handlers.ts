import { BRIDGE_CALLS, type BridgeMethod } from '../../shared/bridge'
import { BRIDGE_METHODS } from '../../shared/bridge-methods'
import { bridgeError, dispatchBridgeCall, type BridgeHandlers } from '../../shared/bridge-dispatch'
import type { DesktopInvokeEvent, DesktopIpcMain } from './electron-port'

/**
 * The one place that wires bridge calls to IPC: an `ipcMain.handle` per `BRIDGE_CALLS` entry that
 * refuses untrusted senders, then validates and runs the call through `dispatchBridgeCall`. A
 * handler never throws back into Electron: every outcome is a result or a typed `BridgeError`.
 * `answered` sees each call the window made and its result (the host notes which session it shows).
 * Returns a function that removes the handlers again.
 */
export function registerBridgeHandlers(
  ipcMain: DesktopIpcMain,
  handlers: BridgeHandlers,
  isTrusted: (event: DesktopInvokeEvent) => boolean,
  answered: (method: BridgeMethod, input: unknown, output: unknown) => void = () => {},
): () => void {
  for (const method of BRIDGE_METHODS) {
    const { channel } = BRIDGE_CALLS[method]
    ipcMain.handle(channel, async (event, input) => {
      if (!trustedSafely(isTrusted, event))
        return bridgeError('forbidden', `${method}: sender is not the app`)
      const output = await dispatchBridgeCall(handlers, method, input)
      answered(method, input, output)
      return output
    })
  }
  return () => {
    for (const method of BRIDGE_METHODS) ipcMain.removeHandler(BRIDGE_CALLS[method].channel)
  }
}

/** Electron throws when a disposed frame is touched; such a sender is not trusted. */
function trustedSafely(
  isTrusted: (event: DesktopInvokeEvent) => boolean,
  event: DesktopInvokeEvent,
): boolean {
  try {
    return isTrusted(event)
  } catch {
    return false
  }
}
