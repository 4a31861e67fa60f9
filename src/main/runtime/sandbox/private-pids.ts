import type { Launch, SandboxAvailability } from './command-sandbox'

/**
 * Helper processes Parley starts for the person's tools — stdio MCP servers and ACP agents — get
 * their own PID namespace on Linux, so they cannot read Parley's `/proc/<pid>/environ` (its
 * provider keys) or any other process's. They keep full access to the file system, devices and
 * network otherwise: they are the person's configured programs, and commands are what the command
 * sandbox confines. Through the bubblewrap the command sandbox found (its trial run needs more
 * than this does); elsewhere — sandbox-exec has no PID namespaces, or nothing was found — they
 * start as they are.
 */

/** The sandbox the runtime found; only bubblewrap gives helpers a private PID namespace. */
export type PidIsolation = SandboxAvailability

/** No isolation: for hosts and tests that start helpers as they are. */
export const NO_PID_ISOLATION: PidIsolation = { kind: 'none', reason: 'not looked for' }

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

/** How to start `launch` in a private PID namespace; unchanged where there is none. */
export function inPrivatePids(isolation: PidIsolation, launch: Launch): Launch {
  return isolation.kind === 'bubblewrap'
    ? { file: isolation.program, args: [...PRIVATE_PIDS, '--', launch.file, ...launch.args] }
    : launch
}
