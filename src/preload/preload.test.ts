import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { runInNewContext } from 'node:vm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { build as viteBuild, type InlineConfig } from 'vite'
import { resolveConfig } from 'electron-vite'
import { BRIDGE_CALLS, EVENT_CHANNEL } from '../shared/bridge'
import { BRIDGE_METHODS } from '../shared/bridge-methods'

/**
 * Builds the preload exactly as `npm run build` does (same config, into a temp folder) and runs
 * the output the way a sandboxed renderer would: a CommonJS script whose only `require` is a fake
 * `electron`. What the page can reach is what `exposeInMainWorld` received.
 */
let outDir: string
let code: string

beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), 'parley-preload-'))
  const resolved = await resolveConfig({ logLevel: 'silent' }, 'build', 'production')
  const preload = resolved.config?.preload as InlineConfig | undefined
  if (!preload) throw new Error('electron.vite.config.ts has no preload section')
  await viteBuild({
    ...preload,
    configFile: false,
    logLevel: 'silent',
    build: { ...preload.build, outDir },
  })
  code = await readFile(join(outDir, 'index.cjs'), 'utf8')
}, 60_000)

afterAll(async () => {
  await rm(outDir, { recursive: true, force: true })
})

interface Loaded {
  exposed: Map<string, Record<string, unknown>>
  invoked: Array<{ channel: string; args: unknown[] }>
  listeners: Map<string, Set<(...args: unknown[]) => void>>
  required: string[]
}

function loadPreload(): Loaded {
  const loaded: Loaded = { exposed: new Map(), invoked: [], listeners: new Map(), required: [] }
  const ipcRenderer = {
    invoke: async (channel: string, ...args: unknown[]) => {
      loaded.invoked.push({ channel, args })
      return { echoed: channel }
    },
    on(channel: string, listener: (...args: unknown[]) => void) {
      const set = loaded.listeners.get(channel) ?? new Set()
      set.add(listener)
      loaded.listeners.set(channel, set)
      return ipcRenderer
    },
    removeListener(channel: string, listener: (...args: unknown[]) => void) {
      loaded.listeners.get(channel)?.delete(listener)
      return ipcRenderer
    },
    send: () => {
      throw new Error('the preload must not use send')
    },
  }
  const electron = {
    ipcRenderer,
    contextBridge: {
      exposeInMainWorld: (key: string, api: Record<string, unknown>) =>
        loaded.exposed.set(key, api),
    },
  }
  const module = { exports: {} }
  const require = (id: string) => {
    loaded.required.push(id)
    if (id === 'electron') return electron
    throw new Error(`a sandboxed preload cannot require ${id}`)
  }
  runInNewContext(code, { require, module, exports: module.exports })
  return loaded
}

describe('the built preload', () => {
  it('is a small CommonJS script that requires nothing but electron (sandbox-safe)', () => {
    expect(code).toMatch(/require\("electron"\)/)
    expect(code).not.toMatch(/\bimport\s|export\s/)
    expect(code.length).toBeLessThan(10_000)
    expect(loadPreload().required).toEqual(['electron'])
  })

  it('exposes exactly one global, `parley`, with one function per bridge call plus onEvent', () => {
    const { exposed } = loadPreload()
    expect([...exposed.keys()]).toEqual(['parley'])
    const api = exposed.get('parley') ?? {}
    expect(Object.keys(api).sort()).toEqual([...BRIDGE_METHODS, 'onEvent'].sort())
    for (const value of Object.values(api)) expect(typeof value).toBe('function')
  })

  it('sends each call to its own channel with only the input', async () => {
    const { exposed, invoked } = loadPreload()
    const api = exposed.get('parley') as Record<
      string,
      (input: unknown, ...extra: unknown[]) => Promise<unknown>
    >
    for (const method of BRIDGE_METHODS) {
      const result = await api[method]?.({ probe: method }, 'smuggled')
      expect(result).toEqual({ echoed: BRIDGE_CALLS[method].channel })
    }
    expect(invoked).toEqual(
      BRIDGE_METHODS.map((method) => ({
        channel: BRIDGE_CALLS[method].channel,
        args: [{ probe: method }],
      })),
    )
  })

  it('delivers pushed events without the IPC event object, and onEvent returns a working unsubscribe', () => {
    const { exposed, listeners } = loadPreload()
    const api = exposed.get('parley') as { onEvent(cb: (e: unknown) => void): () => void }
    const received: unknown[][] = []
    const unsubscribe = api.onEvent((...args) => received.push(args))
    const registered = [...(listeners.get(EVENT_CHANNEL) ?? [])]
    expect(registered).toHaveLength(1)
    const ipcEvent = { sender: { invoke: () => 'ipcRenderer itself' } }
    registered[0]?.(ipcEvent, {
      type: 'notice',
      sessionId: 's',
      notice: { offset: 0, message: 'm' },
    })
    expect(received).toEqual([
      [{ type: 'notice', sessionId: 's', notice: { offset: 0, message: 'm' } }],
    ])
    unsubscribe()
    expect(listeners.get(EVENT_CHANNEL)?.size).toBe(0)
  })
})
