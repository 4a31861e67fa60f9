import { isAbsolute } from 'node:path'

/**
 * What one command may do beyond the sandbox. Nothing, unless a person approved a prompt that
 * named exactly that (a remembered or bypass-mode command never gets any of it).
 */
export interface SandboxGrant {
  /** Reach the network (without it the command has a network namespace of its own, loopback only). */
  network: boolean
  /** Write outside the workspace (the whole file system writable, /tmp the real one). */
  writeOutside: boolean
  /** See the credential files and folders that are otherwise hidden. */
  credentials: boolean
}

export const NO_GRANT: SandboxGrant = { network: false, writeOutside: false, credentials: false }

/** Something a command needs that the sandbox does not give, as the prompt names it. */
export type SandboxExit = keyof SandboxGrant

/** The grant that lets a command do exactly these things beyond the sandbox. */
export function grantFor(exits: Iterable<SandboxExit>): SandboxGrant {
  const grant = { ...NO_GRANT }
  for (const exit of exits) grant[exit] = true
  return grant
}

/**
 * Credential files and folders under the home folder, which the permission review names as high
 * risk. Not what the sandbox hides: it shows only what `HOME_SHOWN` lists of the home folder.
 */
export const HOME_CREDENTIALS: readonly string[] = [
  '.ssh',
  '.gnupg',
  '.aws',
  '.azure',
  '.kube',
  '.docker',
  '.netrc',
  '.git-credentials',
  '.npmrc',
  '.pypirc',
  '.password-store',
  '.config/gh',
  '.config/gcloud',
  '.local/share/keyrings',
]

/** A file or folder a sandboxed command must not see (an existing one, its real path). */
export interface HiddenPath {
  path: string
  kind: 'folder' | 'file'
}

/**
 * Something shown read-only inside the sandbox: a file or folder bound at `path` from `source`
 * (its real path: a link in the home folder shows where it leads), or a symbolic link recreated
 * as it is (`/bin` → `usr/bin`).
 */
export type ShownPath =
  { kind: 'bind'; path: string; source: string } | { kind: 'link'; path: string; target: string }

/** Everything the sandbox of one command is made of. */
export interface SandboxPolicy {
  /** The workspace's real path: the one place the command may write. */
  workspace: string
  /** The person's home folder: empty (a private tmpfs) inside, but for what `shown` names in it. */
  home: string
  /**
   * What the command sees of the machine, read-only, in this order: the system folders, then what
   * toolchains need in the home folder. Nothing else exists inside (no `/run`, `/home`, `/var`,
   * `/mnt`: no sockets, no other people's files).
   */
  shown: readonly ShownPath[]
  /** Inside what is shown (or the workspace): Parley's data folder. */
  hidden: readonly HiddenPath[]
  /**
   * Inside the workspace, bound read-write onto themselves so they cannot be renamed or removed:
   * each repository's git folder.
   */
  pinned: readonly string[]
  /**
   * Inside the workspace, bound read-only over themselves: each repository's `config`, `hooks`
   * and `info`, which the person's own git runs outside any sandbox.
   */
  readOnly: readonly string[]
  grant: SandboxGrant
}

/** A policy the sandbox cannot be built from (a relative path would be read against bwrap's cwd). */
export class SandboxPolicyError extends Error {}

function checkPaths(policy: SandboxPolicy): void {
  const paths = [
    policy.workspace,
    policy.home,
    ...policy.hidden.map((h) => h.path),
    ...policy.shown.flatMap((s) => (s.kind === 'bind' ? [s.path, s.source] : [s.path])),
    ...policy.pinned,
    ...policy.readOnly,
  ]
  for (const path of paths) {
    if (!isAbsolute(path) || path.includes('\0'))
      throw new SandboxPolicyError(`sandbox paths must be absolute: ${JSON.stringify(path)}`)
  }
}

const contains = (folder: string, path: string): boolean =>
  folder === '/' || path === folder || path.startsWith(`${folder}/`)

/** The bubblewrap arguments that show one path read-only. */
const show = (shown: ShownPath): string[] =>
  shown.kind === 'bind'
    ? ['--ro-bind', shown.source, shown.path]
    : ['--symlink', shown.target, shown.path]

/**
 * The bubblewrap arguments that run `command` (program and arguments) under `policy`. By default
 * the sandbox starts from an empty root and shows only `policy.shown`, read-only; a private
 * `/tmp`, `/var/tmp`, `/dev` and `/proc` (in a PID namespace of its own, so no other process's
 * environment or command line can be read); an empty, writable home folder with the toolchains'
 * folders shown in it; the workspace read-write, its repositories' config and hooks read-only; and
 * no network unless granted. A person's grant to write outside or to see credentials shows the
 * whole file system instead (writable for the first) — what the prompt said allowing it does.
 * Mounts apply in order, so a hidden folder that holds the workspace (the demo workspace lives
 * in Parley's data folder) is hidden before the workspace is bound, and every other one after.
 */
export function bwrapArguments(policy: SandboxPolicy, command: readonly string[]): string[] {
  checkPaths(policy)
  const { workspace, grant } = policy
  const hide = (h: HiddenPath): string[] =>
    h.kind === 'folder' ? ['--tmpfs', h.path] : ['--ro-bind', '/dev/null', h.path]
  const whole = grant.writeOutside || grant.credentials
  const hidden = grant.credentials ? [] : policy.hidden
  const around = hidden.filter((h) => contains(h.path, workspace))
  const within = hidden.filter((h) => !contains(h.path, workspace))
  const view = whole
    ? [
        ...(grant.writeOutside ? ['--bind', '/', '/'] : ['--ro-bind', '/', '/']),
        '--dev',
        '/dev',
        '--proc',
        '/proc',
        ...(grant.writeOutside ? [] : ['--tmpfs', '/tmp']),
      ]
    : [
        ...policy.shown.filter((s) => !contains(policy.home, s.path)).flatMap(show),
        '--dev',
        '/dev',
        '--proc',
        '/proc',
        '--tmpfs',
        '/tmp',
        '--tmpfs',
        '/var/tmp',
        '--tmpfs',
        policy.home,
        ...policy.shown.filter((s) => contains(policy.home, s.path)).flatMap(show),
      ]
  const guarded = grant.writeOutside
    ? []
    : [
        ...policy.pinned.flatMap((p) => ['--bind', p, p]),
        ...policy.readOnly.flatMap((p) => ['--ro-bind', p, p]),
      ]
  return [
    ...view,
    ...around.flatMap(hide),
    '--bind',
    workspace,
    workspace,
    ...within.flatMap(hide),
    ...guarded,
    '--unshare-pid',
    '--unshare-ipc',
    ...(grant.network ? [] : ['--unshare-net']),
    '--die-with-parent',
    '--chdir',
    workspace,
    '--',
    ...command,
  ]
}

/** A string in a sandbox profile (SBPL is a Scheme: double quotes, backslash escapes). */
const sbplString = (text: string): string => `"${text.replace(/[\\"]/g, (c) => `\\${c}`)}"`

/**
 * The same policy as a macOS `sandbox-exec` profile (a later rule wins over an earlier one): the
 * home folder and the other people's folders (`/Users`, `/Volumes`) unreadable but for what
 * `shown` names in the home folder and the workspace; writes only to the workspace, the temporary
 * folders and the terminal devices; the repositories' config and hooks read-only; no other
 * process's information; and no network unless granted (not even the machine's own loopback
 * services or unix sockets, as on Linux, where the command's network is its own). A person's
 * grant to write outside or to see credentials lifts the folder limits, as on Linux.
 */
export function sandboxExecProfile(policy: SandboxPolicy): string {
  checkPaths(policy)
  const { grant } = policy
  const filter = (h: HiddenPath): string =>
    `(${h.kind === 'folder' ? 'subpath' : 'literal'} ${sbplString(h.path)})`
  const whole = grant.writeOutside || grant.credentials
  const workspace = `(subpath ${sbplString(policy.workspace)})`
  const lines = ['(version 1)', '(allow default)']
  if (!whole) {
    const homeShown = policy.shown
      .filter((s) => contains(policy.home, s.path))
      .map((s) => `(subpath ${sbplString(s.path)})`)
    lines.push(
      `(deny file-read* file-write* (subpath ${sbplString(policy.home)}) (subpath "/Users") (subpath "/Volumes"))`,
      `(allow file-read* ${[...homeShown, workspace].join(' ')})`,
    )
  }
  if (!grant.writeOutside)
    lines.push(
      '(deny file-write*)',
      `(allow file-write* ${workspace} (subpath "/private/tmp") (subpath "/private/var/folders") (literal "/dev/null") (literal "/dev/zero") (literal "/dev/tty") (regex #"^/dev/fd/"))`,
    )
  if (!grant.credentials && policy.hidden.length > 0) {
    lines.push(`(deny file-read* file-write* ${policy.hidden.map(filter).join(' ')})`)
    // A hidden folder that holds the workspace (the demo workspace) keeps the workspace visible.
    if (policy.hidden.some((h) => contains(h.path, policy.workspace)))
      lines.push(`(allow file-read* file-write* ${workspace})`)
  }
  if (!grant.writeOutside && policy.readOnly.length > 0)
    lines.push(
      `(deny file-write* ${policy.readOnly.map((p) => `(subpath ${sbplString(p)})`).join(' ')})`,
    )
  lines.push('(deny process-info* (target others))')
  if (!grant.network) lines.push('(deny network*)')
  return `${lines.join('\n')}\n`
}
