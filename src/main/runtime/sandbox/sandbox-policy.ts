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
 * Credential files and folders under the home folder, hidden from every sandboxed command (and
 * high risk for the permission review to name).
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

/** Everything the sandbox of one command is made of. */
export interface SandboxPolicy {
  /** The workspace's real path: the one place the command may write. */
  workspace: string
  hidden: readonly HiddenPath[]
  grant: SandboxGrant
}

/** A policy the sandbox cannot be built from (a relative path would be read against bwrap's cwd). */
export class SandboxPolicyError extends Error {}

function checkPaths(policy: SandboxPolicy): void {
  for (const path of [policy.workspace, ...policy.hidden.map((h) => h.path)]) {
    if (!isAbsolute(path) || path.includes('\0'))
      throw new SandboxPolicyError(`sandbox paths must be absolute: ${JSON.stringify(path)}`)
  }
}

const contains = (folder: string, path: string): boolean =>
  folder === '/' || path === folder || path.startsWith(`${folder}/`)

/**
 * The bubblewrap arguments that run `command` (program and arguments) under `policy`: the root
 * read-only, a private /tmp, /dev and /proc (in a PID namespace of its own, so no other
 * process's environment or command line can be read), the workspace read-write, credentials
 * hidden, and no network unless granted. Mounts apply in order, so a hidden folder that holds
 * the workspace (the demo workspace lives in Parley's data folder) is hidden before the
 * workspace is bound, and every other one after (a workspace that holds `~/.ssh` still hides it).
 */
export function bwrapArguments(policy: SandboxPolicy, command: readonly string[]): string[] {
  checkPaths(policy)
  const { workspace, grant } = policy
  const hide = (h: HiddenPath): string[] =>
    h.kind === 'folder' ? ['--tmpfs', h.path] : ['--ro-bind', '/dev/null', h.path]
  const hidden = grant.credentials ? [] : policy.hidden
  const around = hidden.filter((h) => contains(h.path, workspace))
  const within = hidden.filter((h) => !contains(h.path, workspace))
  return [
    ...(grant.writeOutside ? ['--bind', '/', '/'] : ['--ro-bind', '/', '/']),
    '--dev',
    '/dev',
    '--proc',
    '/proc',
    ...(grant.writeOutside ? [] : ['--tmpfs', '/tmp']),
    ...around.flatMap(hide),
    '--bind',
    workspace,
    workspace,
    ...within.flatMap(hide),
    '--unshare-pid',
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
 * The same policy as a macOS `sandbox-exec` profile: everything readable but the hidden paths,
 * writes only to the workspace, the temporary folders and the terminal devices, no other
 * process's information, and no network unless granted (not even the machine's own loopback
 * services, as on Linux, where the command's loopback is its own).
 */
export function sandboxExecProfile(policy: SandboxPolicy): string {
  checkPaths(policy)
  const { grant } = policy
  const filter = (h: HiddenPath): string =>
    `(${h.kind === 'folder' ? 'subpath' : 'literal'} ${sbplString(h.path)})`
  const lines = ['(version 1)', '(allow default)']
  if (!grant.writeOutside) {
    lines.push(
      '(deny file-write*)',
      `(allow file-write* (subpath ${sbplString(policy.workspace)}) (subpath "/private/tmp") (subpath "/private/var/folders") (literal "/dev/null") (literal "/dev/zero") (literal "/dev/tty") (regex #"^/dev/fd/"))`,
    )
  }
  if (!grant.credentials && policy.hidden.length > 0)
    lines.push(`(deny file-read* file-write* ${policy.hidden.map(filter).join(' ')})`)
  lines.push('(deny process-info* (target others))')
  if (!grant.network) lines.push('(deny network*)')
  return `${lines.join('\n')}\n`
}
