import { contextBridge, ipcRenderer } from 'electron'
import type { HostBridge } from '../shared/bridge'
import { createBridge } from './create-bridge'

// The page gets exactly one global, `window.parley`; ipcRenderer itself stays in the preload.
const api = createBridge(ipcRenderer) satisfies HostBridge
contextBridge.exposeInMainWorld('parley', api)
