import type { HostBridge, ParleyBridge } from '../../shared'
import { BRIDGE_METHODS } from '../../shared/bridge-methods'
import { CONTRACT } from './contract'
import { createWebSocketBridge, webSocketUrl, type ConnectionState } from './web-socket-bridge'

declare global {
  interface Window {
    /** Set by the Electron preload; absent in a browser served by `parley serve`. */
    parley?: HostBridge
  }
}

/** The one way the renderer reaches the runtime, and whether that link is up. */
export type Port = {
  bridge: ParleyBridge
  /** Reports link changes; Electron's IPC is always 'open'. */
  onConnection(callback: (state: ConnectionState) => void): () => void
}

/**
 * The Electron preload's `window.parley` when present; otherwise a WebSocket client of the web
 * host, using the per-launch token from the page's `#token=…` (or a paired device's own token).
 */
export function openPort(win: Window = window, deviceToken?: string): Port {
  if (win.parley) {
    return {
      bridge: checkedBridge(win.parley),
      onConnection: (callback) => {
        callback('open')
        return () => undefined
      },
    }
  }
  const bridge = createWebSocketBridge({ url: webSocketUrl(win.location, deviceToken) })
  return { bridge, onConnection: (callback) => bridge.onConnection(callback) }
}

/** The preload's bridge with every reply checked the way the WebSocket client checks them. */
export function checkedBridge(raw: HostBridge): ParleyBridge {
  const methods = Object.fromEntries(
    BRIDGE_METHODS.map((method) => [
      method,
      async (input: never) => {
        const reply = await (raw[method] as (i: never) => Promise<unknown>)(input)
        return (await CONTRACT.load()).checkResult(method, reply)
      },
    ]),
  ) as unknown as Omit<ParleyBridge, 'onEvent'>
  return { ...methods, onEvent: (callback) => raw.onEvent(callback) }
}
