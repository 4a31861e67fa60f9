import { contextBridge, ipcRenderer } from 'electron'
import type { ParleyBridge } from '../shared/bridge'
import { createBridge } from './create-bridge'

// The page gets exactly one global, `window.parley`; ipcRenderer itself stays in the preload.
const api = createBridge(ipcRenderer) satisfies ParleyBridge
contextBridge.exposeInMainWorld('parley', api)
