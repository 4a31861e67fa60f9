import { execFile } from 'node:child_process'
import {
  accessSync,
  constants,
  lstatSync,
  readlinkSync,
  realpathSync,
  rmSync,
  statSync,
} from 'node:fs'
import { homedir } from 'node:os'
import { delimiter, isAbsolute, join } from 'node:path'
import { guardedGitPaths } from './git-guard'
import { gitIdentityEnv, readGlobalGitConfig } from './git-identity'
import {
  bwrapArguments,
  sandboxExecProfile,
  type HiddenPath,
  type SandboxGrant,
  type SandboxPolicy,
  type ShownPath,
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

/** The sandbox every command of a runtime runs in: found once, with what it shows and hides. */
export interface CommandSandbox {
  availability: SandboxAvailability
  /** The person's home folder: hidden but for `HOME_SHOWN`. */
  home: string
  /** Parley's data folder (whether or not it exists), hidden even where a shown folder holds it. */
  hidden: readonly string[]
}

/** No sandbox, nothing hidden: where commands run as they are (tests of tools other than commands). */
export const NO_SANDBOX: CommandSandbox = {
  availability: { kind: 'none', reason: 'no sandbox was looked for' },
  home: homedir(),
  hidden: [],
}

/** The folders a runtime's sandbox is made around: the home folder and Parley's data folder. */
export function sandboxFolders(
  home: string,
  dataDir: string,
): Pick<CommandSandbox, 'home' | 'hidden'> {
  return { home, hidden: [dataDir] }
}

/**
 * The system folders a sandboxed command sees on Linux, read-only (those that exist): programs,
 * libraries and the machine's configuration. Nothing else of the root: not `/home`, `/root`,
 * `/run` (the user's D-Bus bus, an ssh agent, `docker.sock`), `/var`, `/mnt`, `/media`, `/srv`.
 */
export const SYSTEM_SHOWN: readonly string[] = [
  '/usr',
  '/bin',
  '/sbin',
  '/lib',
  '/lib32',
  '/lib64',
  '/libx32',
  '/etc',
  '/opt',
  '/nix',
  '/snap',
  '/sys',
]

/**
 * What toolchains need of the home folder, shown read-only over an empty home: program folders
 * and the package caches that builds read offline, never the files that hold their credentials
 * (`~/.npmrc`, `~/.cargo/credentials.toml`, `~/.config/…`, the agents' sign-ins). Caches a tool
 * must write to work at all (`~/.npm`, Go's build cache, Gradle's) are not shown: the tool gets
 * a fresh one in the sandbox's own home, gone when the command ends (a writable shared cache
 * would let a command plant what your own tools later use outside the sandbox).
 */
export const HOME_SHOWN: readonly string[] = [
  '.nvm',
  '.cargo/bin',
  '.cargo/env',
  '.cargo/registry',
  '.cargo/git',
  '.rustup',
  '.local/bin',
  '.local/lib',
  '.pyenv',
  '.rbenv',
  '.gem',
  '.bun/bin',
  '.deno/bin',
  'go/bin',
  'go/pkg/mod',
  '.cache/pip',
  '.cache/node-gyp',
  '.m2/repository',
]

/** Variables that name a certificate bundle: the file they name is shown, wherever it is. */
const CA_BUNDLE_VARIABLES = [
  'SSL_CERT_FILE',
  'SSL_CERT_DIR',
  'NODE_EXTRA_CA_CERTS',
  'REQUESTS_CA_BUNDLE',
  'CURL_CA_BUNDLE',
  'GIT_SSL_CAINFO',
]

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

/** The existing hidden paths, by real path (a link to the data folder hides where it points). */
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

/** `path` shown as it is on this machine: a link as a link, else bound from its real path. */
function shownAs(path: string): ShownPath | null {
  try {
    if (lstatSync(path).isSymbolicLink()) return { kind: 'link', path, target: readlinkSync(path) }
    return { kind: 'bind', path, source: realpathSync(path) }
  } catch {
    return null
  }
}

/** `path` bound from its real path (a home folder's link shows where it leads). */
function boundAs(path: string): ShownPath | null {
  try {
    return { kind: 'bind', path, source: realpathSync(path) }
  } catch {
    return null
  }
}

const within = (folder: string, path: string): boolean =>
  path === folder || path.startsWith(`${folder}/`)

/**
 * What a command on this machine is shown (see `SYSTEM_SHOWN`, `HOME_SHOWN`): the system
 * folders, then, where they live outside those, the file the resolver configuration leads to
 * (`/etc/resolv.conf` → `/run/systemd/resolve/…`) and the certificate bundles `env` names, then
 * the home folder's toolchains.
 */
export function shownPaths(home: string, env: NodeJS.ProcessEnv): ShownPath[] {
  const system = SYSTEM_SHOWN.map(shownAs).filter((s): s is ShownPath => s !== null)
  const visible = system.filter((s) => s.kind === 'bind').map((s) => s.path)
  const extra: ShownPath[] = []
  const named = [
    '/etc/resolv.conf',
    ...CA_BUNDLE_VARIABLES.flatMap((name) => {
      const value = env[name]
      return value !== undefined && isAbsolute(value) ? [value] : []
    }),
  ]
  for (const path of named) {
    const real = boundAs(path)
    if (real === null || real.kind !== 'bind') continue
    if (visible.some((folder) => within(folder, real.source)) && !within(home, real.source))
      continue
    extra.push({ kind: 'bind', path: real.source, source: real.source })
  }
  const inHome = HOME_SHOWN.map((path) => boundAs(join(home, path))).filter(
    (s): s is ShownPath => s !== null,
  )
  return [...system, ...extra, ...inHome]
}

/** A program and its arguments, as `spawn` takes them. */
export interface Launch {
  file: string
  args: string[]
}

/** A launch with the environment it starts with. */
export interface SandboxedLaunch extends Launch {
  env: NodeJS.ProcessEnv
  /**
   * Files that must not appear in a guarded git folder but cannot be bound before they exist
   * (`commondir`, which points git at another folder's config): `removePlanted` takes away any
   * the process made, once it and everything it started have ended.
   */
  watch: string[]
}

/**
 * Removes what a sandboxed process planted at `watch` (see SandboxedLaunch), and says what. Run
 * after the sandbox ended: its PID namespace is gone with its first process, so nothing inside
 * can make them again.
 */
export function removePlanted(watch: readonly string[]): string[] {
  const removed: string[] = []
  for (const path of watch) {
    try {
      lstatSync(path)
    } catch {
      continue
    }
    rmSync(path, { recursive: true, force: true })
    removed.push(path)
  }
  return removed
}

/**
 * How to start `command` (a program and its arguments, the shell running the command line) in
 * the sandbox with `grant`, and with `env` (already the allow-listed environment) plus what the
 * sandbox sets: its own `TMPDIR` (bubblewrap) and the person's git identity. Unchanged where
 * there is no sandbox.
 */
export function sandboxedLaunch(
  sandbox: CommandSandbox,
  {
    workspace,
    grant,
    command,
    env,
  }: { workspace: string; grant: SandboxGrant; command: Launch; env: NodeJS.ProcessEnv },
): SandboxedLaunch {
  const { availability } = sandbox
  if (availability.kind === 'none') return { ...command, env, watch: [] }
  const real = realpathSync(workspace)
  const home = realpathOr(sandbox.home)
  const git = guardedGitPaths(real)
  const policy: SandboxPolicy = {
    workspace: real,
    home,
    shown: availability.kind === 'bubblewrap' ? shownPaths(home, env) : homeShownOnly(home),
    hidden: existingHidden(sandbox.hidden),
    ...git,
    grant,
  }
  const watch = grant.writeOutside
    ? []
    : git.pinned
        .map((gitDir) => join(gitDir, 'commondir'))
        .filter((path) => !git.readOnly.includes(path))
  const inside = {
    ...env,
    ...(availability.kind === 'bubblewrap' ? { TMPDIR: '/tmp' } : {}),
    ...gitIdentityEnv(readGlobalGitConfig(sandbox.home)),
  }
  const argv = [command.file, ...command.args]
  return availability.kind === 'bubblewrap'
    ? { file: availability.program, args: bwrapArguments(policy, argv), env: inside, watch }
    : {
        file: availability.program,
        args: ['-p', sandboxExecProfile(policy), ...argv],
        env: inside,
        watch,
      }
}

/** On macOS only the home folder's toolchains are named: the profile reads the rest as it is. */
function homeShownOnly(home: string): ShownPath[] {
  return HOME_SHOWN.map((path) => boundAs(join(home, path))).filter(
    (s): s is ShownPath => s !== null,
  )
}

function realpathOr(path: string): string {
  try {
    return realpathSync(path)
  } catch {
    return path
  }
}
