import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { z } from 'zod'
import { LIMITS } from '../../../shared/limits'
import { PINNED_TOOLS } from '../../../shared/pinned-tools'
import { removePlanted, sandboxedLaunch } from '../sandbox/command-sandbox'
import { signalProcessTree } from './process-tree'
import { reviewCommand } from './run-command-review'
import { defineTool } from './tool-types'

const DEFAULT_TIMEOUT_MS = 120_000
const MAX_TIMEOUT_MS = 600_000

/**
 * The shell that runs a command: bash where there is one, because bash's grammar is the one the
 * permission review parses (tree-sitter-bash); a different shell could read the same text as
 * different commands. Elsewhere the system shell.
 */
function shellFor(command: string): { file: string; args: string[] } {
  if (process.platform === 'win32') return { file: 'cmd.exe', args: ['/d', '/s', '/c', command] }
  return { file: existsSync('/bin/bash') ? '/bin/bash' : '/bin/sh', args: ['-c', command] }
}

/** Keeps the head and the tail of a long output, with a marker saying how much was left out. */
export class BoundedOutput {
  #head = ''
  #tail = ''
  #dropped = 0
  constructor(private readonly limit: number) {}

  push(chunk: string): void {
    const half = Math.floor(this.limit / 2)
    if (this.#head.length < half) {
      const room = half - this.#head.length
      this.#head += chunk.slice(0, room)
      chunk = chunk.slice(room)
    }
    this.#tail += chunk
    if (this.#tail.length > half) {
      this.#dropped += this.#tail.length - half
      this.#tail = this.#tail.slice(this.#tail.length - half)
    }
  }

  get truncated(): boolean {
    return this.#dropped > 0
  }

  toString(): string {
    return this.#dropped > 0
      ? `${this.#head}\n… [${this.#dropped} characters left out] …\n${this.#tail}`
      : this.#head + this.#tail
  }
}

export const runCommandTool = defineTool({
  name: 'run_command',
  description:
    'Run a shell command in the workspace folder, inside a sandbox where there is one: only the workspace (and a private /tmp) can be written, credential folders are hidden, and there is no network unless the user allows it for that command. Output (stdout and stderr together) is bounded. `timeout_ms` defaults to 120000.',
  inputSchema: z.strictObject({
    command: z.string().min(1).max(10_000),
    timeout_ms: z.number().int().min(1).max(MAX_TIMEOUT_MS).optional(),
  }),
  category: PINNED_TOOLS.run_command.category,
  review({ command }, context) {
    return reviewCommand(command, context)
  },
  async execute({ command, timeout_ms }, { workspace, signal, commandEnv, sandbox, grant }) {
    const env = await commandEnv()
    // Every command runs sandboxed where a sandbox exists: remembered and bypass-mode ones too.
    const launch = sandboxedLaunch(sandbox, { workspace, grant, command: shellFor(command), env })
    return new Promise((resolvePromise) => {
      const output = new BoundedOutput(LIMITS.commandOutput)
      const windows = process.platform === 'win32'
      const child = spawn(launch.file, launch.args, {
        cwd: workspace,
        detached: !windows,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: launch.env,
      })
      let timedOut = false
      let aborted = false
      const kill = () => {
        if (child.exitCode !== null || child.pid === undefined) return
        if (!signalProcessTree(child.pid, 'SIGKILL')) child.kill('SIGKILL')
      }
      const timer = setTimeout(() => {
        timedOut = true
        kill()
      }, timeout_ms ?? DEFAULT_TIMEOUT_MS)
      const onAbort = () => {
        aborted = true
        kill()
      }
      signal.addEventListener('abort', onAbort, { once: true })
      if (signal.aborted) onAbort()
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => output.push(chunk))
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => output.push(chunk))
      const finish = (exitCode: number | null, signalName: string | null, error?: string) => {
        clearTimeout(timer)
        signal.removeEventListener('abort', onAbort)
        for (const path of removePlanted(launch.watch))
          output.push(
            `\n[Parley removed ${path}, which this command created: it would point your own git at another folder's config and hooks]\n`,
          )
        resolvePromise({
          exitCode,
          signal: signalName,
          output: error ? `${output.toString()}${error}` : output.toString(),
          truncated: output.truncated,
          timedOut,
          aborted,
        })
      }
      child.on('error', (error) => finish(null, null, `failed to start: ${error.message}`))
      child.on('close', (code, signalName) => finish(code, signalName))
    })
  },
})
