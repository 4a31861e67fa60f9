import type { BridgeEvent, BridgeMethod, HostBridge } from '../shared/bridge'
import { BRIDGE_CHANNELS, BRIDGE_EVENT_CHANNEL } from '../shared/bridge-channels'

/** The part of `ipcRenderer` the bridge uses; kept private to the preload, never exposed. */
export interface IpcRendererPort {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown
  removeListener(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown
}

/**
 * Builds the `window.parley` object: one function per bridge call, each an `invoke` on its
 * channel, and `onEvent`. Only plain data crosses: the Electron event object (which carries the
 * sender, i.e. ipcRenderer) is dropped before a page callback sees anything.
 */
export function createBridge(ipc: IpcRendererPort): HostBridge {
  const calls = Object.fromEntries(
    (Object.keys(BRIDGE_CHANNELS) as BridgeMethod[]).map((method) => {
      const channel = BRIDGE_CHANNELS[method]
      return [method, (input: unknown) => ipc.invoke(channel, input)]
    }),
  ) as Omit<HostBridge, 'onEvent'>
  return {
    ...calls,
    onEvent(callback: (event: BridgeEvent) => void): () => void {
      const listener = (_event: unknown, payload: unknown) => callback(payload as BridgeEvent)
      ipc.on(BRIDGE_EVENT_CHANNEL, listener)
      return () => {
        ipc.removeListener(BRIDGE_EVENT_CHANNEL, listener)
      }
    },
  }
}
