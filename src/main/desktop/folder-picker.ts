import { BRIDGE_METHODS } from '../../shared/bridge-methods'
import type { BridgeHandlers } from '../../shared/bridge-dispatch'
import type { DesktopDialog } from './electron-port'

/**
 * The runtime's calls as the desktop window reaches them, with `pickFolder` answered by the native
 * folder dialog instead of the runtime's `unsupported`. Every other call
 * goes to the runtime unchanged, as a method (the runtime is a class instance).
 */
export function withFolderPicker(handlers: BridgeHandlers, dialog: DesktopDialog): BridgeHandlers {
  const same = Object.fromEntries(
    BRIDGE_METHODS.map((method) => [
      method,
      (input: unknown) =>
        (handlers[method] as (this: BridgeHandlers, i: unknown) => Promise<unknown>).call(
          handlers,
          input,
        ),
    ]),
  ) as unknown as BridgeHandlers
  return {
    ...same,
    pickFolder: async () => {
      const picked = await dialog.showOpenDialog({
        title: 'Open folder',
        buttonLabel: 'Open',
        properties: ['openDirectory', 'createDirectory'],
      })
      const [path] = picked.filePaths
      return picked.canceled || path === undefined
        ? { ok: false, reason: 'canceled' }
        : { ok: true, path }
    },
  }
}
