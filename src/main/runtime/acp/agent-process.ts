import { spawn as nodeSpawn, type ChildProcessByStdio } from 'node:child_process'
import { Readable, Writable } from 'node:stream'
import type { AgentSpec } from '../../../shared/acp-agents'
import { LIMITS } from '../../../shared/limits'
import { inPrivatePids, NO_PID_ISOLATION, type PidIsolation } from '../sandbox/private-pids'
import { CREDENTIAL_VARIABLES } from '../models/credential-variables'
import { signalProcessTree } from '../tools/process-tree'

/** How the agent process ended. `expected` is true when Parley ended it (stop, close). */
export interface AgentExit {
  code: number | null
  signal: NodeJS.Signals | null
  expected: boolean
  /** Set when the program could not be started at all (ENOENT, EACCES). */
  spawnError?: string
}

export type SpawnFn = typeof nodeSpawn

export interface AgentProcessOptions {
  agent: Pick<AgentSpec, 'command' | 'args' | 'env'>
  cwd: string
  /**
   * The environment the agent starts from (Parley's own, by default), less Parley's provider keys;
   * `agent.env` is added on top (see `agentEnvironment`).
   */
  env?: NodeJS.ProcessEnv
  /** Whether the agent starts in a private PID namespace (none by default). */
  pidIsolation?: PidIsolation
  spawn?: SpawnFn
  /** How long a TERM'd agent gets before its whole process group is killed. */
  killGraceMs?: number
  setTimer?: (fn: () => void, ms: number) => { unref(): void } | number
}

/**
 * The environment an agent runs with: `base` less Parley's own provider keys (an agent that needs
 * one is given it in its `env` in Settings, on purpose), then the agent's configured `env`.
 */
export function agentEnvironment(
  base: NodeJS.ProcessEnv,
  configured: Readonly<Record<string, string>>,
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const [name, value] of Object.entries(base))
    if (!CREDENTIAL_VARIABLES.includes(name)) env[name] = value
  return { ...env, ...configured }
}

/** Keeps the last `max` characters of a stream of text. */
class TextTail {
  #text = ''
  #dropped = 0
  constructor(private readonly max: number) {}
  push(chunk: string): void {
    this.#text += chunk
    if (this.#text.length > this.max) {
      this.#dropped += this.#text.length - this.max
      this.#text = this.#text.slice(-this.max)
    }
  }
  get text(): string {
    return this.#dropped > 0 ? `…${this.#text.slice(1)}` : this.#text
  }
}

/**
 * One ACP agent process. It runs in its own process group, so stopping it ends everything it
 * started too: the npm `codex-acp` wrapper, for one, leaves its binary running when only the
 * wrapper is killed, and that binary does not exit when its stdin closes. Its stderr is kept
 * (bounded) for display; its exit is reported once, with whether Parley caused it.
 */
export class AgentProcess {
  readonly #child: ChildProcessByStdio<Writable, Readable, Readable>
  readonly #stderr = new TextTail(LIMITS.agentStderr)
  readonly exited: Promise<AgentExit>
  #expected = false
  #exit: AgentExit | undefined

  constructor(private readonly options: AgentProcessOptions) {
    const spawn = options.spawn ?? nodeSpawn
    const launch = inPrivatePids(options.pidIsolation ?? NO_PID_ISOLATION, {
      file: options.agent.command,
      args: options.agent.args,
    })
    this.#child = spawn(launch.file, launch.args, {
      cwd: options.cwd,
      env: agentEnvironment(options.env ?? process.env, options.agent.env),
      stdio: ['pipe', 'pipe', 'pipe'],
      // Its own process group (POSIX), so the whole tree can be signalled at once.
      detached: true,
      windowsHide: true,
    })
    this.#child.stderr.setEncoding('utf8')
    this.#child.stderr.on('data', (chunk: string) => this.#stderr.push(chunk))
    // A write to an agent that already exited must not crash Parley; the exit is reported instead.
    this.#child.stdin.on('error', () => {})
    this.exited = new Promise((resolve) => {
      this.#child.once('error', (error) => {
        // Only a failed spawn reaches here before 'exit'; later errors come with an exit.
        if (this.#child.pid !== undefined) return
        this.#exit = {
          code: null,
          signal: null,
          expected: this.#expected,
          spawnError: error.message,
        }
        resolve(this.#exit)
      })
      this.#child.once('exit', (code, signal) => {
        this.#exit = { code, signal, expected: this.#expected }
        // Anything the agent left running in its group goes with it.
        this.#signalGroup('SIGKILL')
        resolve(this.#exit)
      })
    })
  }

  /** The agent's stdin and stdout as web streams, for the ACP connection. */
  get streams(): { input: WritableStream<Uint8Array>; output: ReadableStream<Uint8Array> } {
    return {
      input: Writable.toWeb(this.#child.stdin),
      output: Readable.toWeb(this.#child.stdout) as ReadableStream<Uint8Array>,
    }
  }

  get pid(): number | undefined {
    return this.#child.pid
  }

  get running(): boolean {
    return this.#exit === undefined
  }

  /** The end of what the agent wrote to stderr (at most `LIMITS.agentStderr` characters). */
  get stderr(): string {
    return this.#stderr.text
  }

  #signalGroup(signal: NodeJS.Signals): void {
    const pid = this.#child.pid
    if (pid === undefined) return
    signalProcessTree(pid, signal)
  }

  /**
   * Ends the agent and everything in its process group: TERM, then KILL after a grace period.
   * `expected: false` when the agent brought this on itself (it closed its stdout): its exit is
   * then still reported as unexpected.
   */
  async kill({ expected = true }: { expected?: boolean } = {}): Promise<AgentExit> {
    if (this.#exit) {
      this.#signalGroup('SIGKILL')
      return this.#exit
    }
    this.#expected ||= expected
    this.#signalGroup('SIGTERM')
    const setTimer = this.options.setTimer ?? setTimeout
    const timer = setTimer(() => this.#signalGroup('SIGKILL'), this.options.killGraceMs ?? 2_000)
    if (typeof timer === 'object') timer.unref()
    return this.exited
  }
}
