import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { mkdirSync, mkdtempSync } from 'node:fs'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { build } from 'vite'
import type { BridgeEvent, BridgeMethod, BridgeOutput, BridgeInput } from '../../../shared/bridge'

/** Builds the child harness once per test file (a plain Node script, like the shipped CLI). */
export async function buildRuntimeChild(): Promise<string> {
  // Inside the project, so the bundle resolves its dependencies from node_modules.
  const cache = join(__dirname, '../../../../node_modules/.cache')
  mkdirSync(cache, { recursive: true })
  const outDir = mkdtempSync(join(cache, 'parley-child-'))
  await build({
    logLevel: 'silent',
    configFile: false,
    build: {
      ssr: join(__dirname, 'runtime-child.ts'),
      outDir,
      target: 'node20',
      rollupOptions: { output: { entryFileNames: 'runtime-child.mjs' } },
    },
  })
  return join(outDir, 'runtime-child.mjs')
}

/** One runtime child process and a typed client for it. */
export class ChildRuntime {
  readonly events: BridgeEvent[] = []
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  #next = 0
  readonly #waiting = new Map<number, (result: unknown) => void>()
  readonly #listeners = new Set<(event: BridgeEvent) => void>()
  readonly ready: Promise<void>
  private constructor(private readonly child: ChildProcessWithoutNullStreams) {
    let markReady: () => void = () => {}
    this.ready = new Promise((resolve) => (markReady = resolve))
    this.exited = new Promise((resolve) =>
      child.on('exit', (code, signal) => resolve({ code, signal })),
    )
    createInterface({ input: child.stdout }).on('line', (line) => {
      const message = JSON.parse(line) as {
        ready?: true
        id?: number
        result?: unknown
        event?: BridgeEvent
      }
      if (message.ready) markReady()
      if (message.id !== undefined) this.#waiting.get(message.id)?.(message.result)
      if (message.event) {
        this.events.push(message.event)
        for (const listener of this.#listeners) listener(message.event)
      }
    })
  }

  static async start(
    script: string,
    args: { dataDir: string; scenarioPath: string; workspace: string; crashOn?: string },
  ): Promise<ChildRuntime> {
    const child = spawn(
      process.execPath,
      [script, args.dataDir, args.scenarioPath, args.workspace],
      {
        env: { ...process.env, ...(args.crashOn ? { PARLEY_CRASH_ON: args.crashOn } : {}) },
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    )
    child.stderr.on('data', (chunk: Buffer) => process.stderr.write(chunk))
    const runtime = new ChildRuntime(child)
    await Promise.race([
      runtime.ready,
      runtime.exited.then(() => Promise.reject(new Error('child exited before ready'))),
    ])
    return runtime
  }

  call<M extends BridgeMethod>(method: M, input: BridgeInput<M>): Promise<BridgeOutput<M>> {
    const id = this.#next++
    return new Promise((resolve, reject) => {
      this.#waiting.set(id, (result) => resolve(result as BridgeOutput<M>))
      this.exited.then(({ signal }) =>
        reject(new Error(`child exited (${signal}) before answering ${method}`)),
      )
      this.child.stdin.write(`${JSON.stringify({ id, method, input })}\n`)
    })
  }

  /** The first event (seen or future) that matches, or rejects when the child exits first. */
  waitFor(match: (event: BridgeEvent) => boolean, timeoutMs = 10_000): Promise<BridgeEvent> {
    const seen = this.events.find(match)
    if (seen) return Promise.resolve(seen)
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('timed out waiting for an event')), timeoutMs)
      const listener = (event: BridgeEvent) => {
        if (!match(event)) return
        clearTimeout(timer)
        this.#listeners.delete(listener)
        resolve(event)
      }
      this.#listeners.add(listener)
      void this.exited.then(({ signal }) => {
        clearTimeout(timer)
        reject(new Error(`child exited (${signal})`))
      })
    })
  }

  kill(): Promise<unknown> {
    this.child.kill('SIGKILL')
    return this.exited
  }

  async quit(): Promise<unknown> {
    this.child.stdin.end()
    return this.exited
  }
}
