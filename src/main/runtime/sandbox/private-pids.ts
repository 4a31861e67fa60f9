import { execFile } from 'node:child_process'
import { accessSync, constants } from 'node:fs'
import { delimiter, join } from 'node:path'

/**
 * Helper processes Parley starts for the person's tools — stdio MCP servers and ACP agents — get
 * their own PID namespace on Linux, so they cannot read Parley's `/proc/<pid>/environ` (its
 * provider keys) or any other process's. They keep full access to the file system, devices and
 * network otherwise: they are the person's configured programs, and commands are what the command
 * sandbox confines. Through bubblewrap where it works; elsewhere they start as they are.
 */

/** How helper processes are started on this machine, or why they are not isolated. */
export type PidIsolation =
  { kind: 'bubblewrap'; program: string } | { kind: 'none'; reason: string }

/** No isolation: for hosts and tests that start helpers as they are. */
export const NO_PID_ISOLATION: PidIsolation = { kind: 'none', reason: 'not looked for' }

/** A program and its arguments, as `spawn` takes them. */
export interface Launch {
  file: string
  args: string[]
}

/**
 * bubblewrap's arguments for a new PID namespace with a fresh `/proc` of its own, everything else
 * bound as it is, and the process ended with Parley.
 */
const PRIVATE_PIDS = [
  '--dev-bind',
  '/',
  '/',
  '--unshare-pid',
  '--proc',
  '/proc',
  '--die-with-parent',
]

/** What finding bubblewrap needs of the machine (injected, so each path is tested). */
export interface PidProbeDeps {
  platform: NodeJS.Platform
  /** The program's path when it is on PATH, else null. */
  findProgram(name: string): string | null
  /** Runs a program to its end: whether it exited 0, and what it printed. */
  trial(program: string, args: readonly string[]): Promise<{ ok: boolean; output: string }>
}

/** Tries bubblewrap for real once (it may be installed but refused user namespaces). */
export async function probePidIsolation(deps: PidProbeDeps): Promise<PidIsolation> {
  if (deps.platform !== 'linux')
    return { kind: 'none', reason: `no PID namespaces on ${deps.platform}` }
  const program = deps.findProgram('bwrap')
  if (program === null) return { kind: 'none', reason: 'bubblewrap (bwrap) is not installed' }
  const trial = await deps.trial(program, [...PRIVATE_PIDS, '--', 'true'])
  if (trial.ok) return { kind: 'bubblewrap', program }
  const output = trial.output.trim().slice(0, 200)
  return {
    kind: 'none',
    reason: `bwrap cannot start a process here${output ? ` (${output})` : ''}`,
  }
}

/** Looks a program up on Parley's PATH (an absolute path, so a helper's own PATH cannot matter). */
function findOnPath(name: string): string | null {
  for (const folder of (process.env.PATH ?? '').split(delimiter)) {
    if (!folder) continue
    const candidate = join(folder, name)
    try {
      accessSync(candidate, constants.X_OK)
      return candidate
    } catch {
      // Not here; the next folder.
    }
  }
  return null
}

/** The machine's own: PATH lookup, and a trial run with a time limit. */
export const SYSTEM_PID_PROBE: PidProbeDeps = {
  platform: process.platform,
  findProgram: findOnPath,
  trial: (program, args) =>
    new Promise((resolve) => {
      execFile(program, [...args], { timeout: 10_000 }, (error, stdout, stderr) =>
        resolve({ ok: error === null, output: error === null ? '' : `${stderr}${stdout}` }),
      )
    }),
}

/** How to start `launch` in a private PID namespace; unchanged where there is none. */
export function inPrivatePids(isolation: PidIsolation, launch: Launch): Launch {
  return isolation.kind === 'bubblewrap'
    ? { file: isolation.program, args: [...PRIVATE_PIDS, '--', launch.file, ...launch.args] }
    : launch
}
