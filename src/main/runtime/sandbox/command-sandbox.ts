import { execFile } from 'node:child_process'
import { accessSync, constants, realpathSync, statSync } from 'node:fs'
import { delimiter, join } from 'node:path'
import {
  bwrapArguments,
  HOME_CREDENTIALS,
  sandboxExecProfile,
  type HiddenPath,
  type SandboxGrant,
} from './sandbox-policy'

/** What runs commands in a sandbox on this machine, or why nothing does. */
export type SandboxAvailability =
  | { kind: 'bubblewrap'; program: string }
  | { kind: 'sandbox-exec'; program: string }
  | { kind: 'none'; reason: string }

/** What finding the sandbox needs of the machine (injected, so each path is tested). */
export interface SandboxProbeDeps {
  platform: NodeJS.Platform
  /** The program's path when it is on PATH, else null. */
  findProgram(name: string): string | null
  /** Runs a program to its end: whether it exited 0, and what it printed. */
  trial(program: string, args: readonly string[]): Promise<{ ok: boolean; output: string }>
}

/** The smallest sandbox a command would get: if this fails, no command can be sandboxed. */
const BWRAP_TRIAL = [
  '--ro-bind',
  '/',
  '/',
  '--dev',
  '/dev',
  '--proc',
  '/proc',
  '--tmpfs',
  '/tmp',
  '--unshare-pid',
  '--unshare-net',
  '--die-with-parent',
  '--',
  'true',
]

/** Finds the sandbox once per process: bwrap on Linux (tried for real), sandbox-exec on macOS. */
export async function probeSandbox(deps: SandboxProbeDeps): Promise<SandboxAvailability> {
  switch (deps.platform) {
    case 'linux': {
      const program = deps.findProgram('bwrap')
      if (program === null) return { kind: 'none', reason: 'bubblewrap (bwrap) is not installed' }
      const trial = await deps.trial(program, BWRAP_TRIAL)
      if (!trial.ok) {
        const output = trial.output.trim().slice(0, 200)
        return {
          kind: 'none',
          reason: `bwrap cannot create a sandbox here${output ? ` (${output})` : ''}`,
        }
      }
      return { kind: 'bubblewrap', program }
    }
    case 'darwin': {
      const program = deps.findProgram('sandbox-exec')
      if (program === null) return { kind: 'none', reason: 'sandbox-exec is missing' }
      const trial = await deps.trial(program, ['-p', '(version 1)(allow default)', 'true'])
      return trial.ok
        ? { kind: 'sandbox-exec', program }
        : { kind: 'none', reason: 'sandbox-exec cannot create a sandbox here' }
    }
    default:
      return { kind: 'none', reason: `Parley has no sandbox for ${deps.platform}` }
  }
}

/** Looks a program up on PATH, as a shell would. */
function findOnPath(name: string, path = process.env.PATH ?? ''): string | null {
  for (const folder of path.split(delimiter)) {
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
export const SYSTEM_PROBE: SandboxProbeDeps = {
  platform: process.platform,
  findProgram: (name) => findOnPath(name),
  trial: (program, args) =>
    new Promise((resolve) => {
      execFile(program, [...args], { timeout: 10_000 }, (error, stdout, stderr) =>
        resolve({ ok: error === null, output: `${stdout}${stderr}` }),
      )
    }),
}

/** The sandbox every command of a runtime runs in: found once, with what it hides. */
export interface CommandSandbox {
  availability: SandboxAvailability
  /** Credential files and folders and Parley's data folder (whether or not they exist). */
  hidden: readonly string[]
}

/** No sandbox, nothing hidden: where commands run as they are (tests of tools other than commands). */
export const NO_SANDBOX: CommandSandbox = {
  availability: { kind: 'none', reason: 'no sandbox was looked for' },
  hidden: [],
}

/** What a command's sandbox hides: the usual credential files under `home`, and Parley's data. */
export function hiddenCandidates(home: string, dataDir: string): string[] {
  return [...HOME_CREDENTIALS.map((path) => join(home, path)), dataDir]
}

/** True when commands run inside a sandbox (so Remember may cover more than exact repeats). */
export const isSandboxed = (sandbox: CommandSandbox): boolean =>
  sandbox.availability.kind !== 'none'

/** What the UIs say once when commands run without a sandbox; null when they do not. */
export function unsandboxedNotice(sandbox: CommandSandbox): string | null {
  const { availability } = sandbox
  return availability.kind === 'none'
    ? `Commands run without a sandbox here (${availability.reason}): they can reach anything you can, and "Remember" repeats only the exact command you approved.`
    : null
}

/** The existing hidden paths, by real path (a link to `~/.ssh` hides where it points). */
function existingHidden(paths: readonly string[]): HiddenPath[] {
  const found = new Map<string, HiddenPath>()
  for (const path of paths) {
    try {
      const real = realpathSync(path)
      found.set(real, { path: real, kind: statSync(real).isDirectory() ? 'folder' : 'file' })
    } catch {
      // Missing: nothing to hide.
    }
  }
  return [...found.values()]
}

/** A program and its arguments, as `spawn` takes them. */
export interface Launch {
  file: string
  args: string[]
}

/**
 * How to start `command` (a program and its arguments, the shell running the command line) in
 * the sandbox with `grant`; unchanged where there is no sandbox.
 */
export function sandboxedLaunch(
  sandbox: CommandSandbox,
  { workspace, grant, command }: { workspace: string; grant: SandboxGrant; command: Launch },
): Launch {
  const { availability } = sandbox
  if (availability.kind === 'none') return command
  const policy = {
    workspace: realpathSync(workspace),
    hidden: existingHidden(sandbox.hidden),
    grant,
  }
  const argv = [command.file, ...command.args]
  return availability.kind === 'bubblewrap'
    ? { file: availability.program, args: bwrapArguments(policy, argv) }
    : { file: availability.program, args: ['-p', sandboxExecProfile(policy), ...argv] }
}
