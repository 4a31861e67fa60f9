import { spawn } from 'node:child_process'

/** What one git command gave back. */
export interface GitOutput {
  code: number | null
  stdout: Buffer
  stderr: string
}

/** Where a shadow store's git commands look: its own object store, index and the workspace. */
export interface ShadowGitPaths {
  gitDir: string
  indexFile: string
  workTree: string
}

/**
 * Config given on every command line, so nothing the person's or the workspace's git config says
 * applies: no hooks, no fsmonitor (which runs a program), no line-ending or encoding conversion,
 * no automatic gc. Filters and other drivers are defined only in config, and no config but ours is
 * read (no system or global file, and the workspace's own `.git` is never the git dir), so a
 * workspace `.gitattributes` naming a filter cannot make git run anything; `info/attributes` in
 * the store unsets the attributes that change bytes (see `NEUTRAL_ATTRIBUTES`).
 */
const CONFIG = [
  'core.hooksPath=/dev/null',
  'core.fsmonitor=false',
  'core.untrackedCache=false',
  'core.autocrlf=false',
  'core.safecrlf=false',
  'core.attributesFile=/dev/null',
  'core.symlinks=true',
  'core.quotePath=false',
  'gc.auto=0',
  'maintenance.auto=false',
  'advice.addEmbeddedRepo=false',
  'protocol.allow=never',
].flatMap((setting) => ['-c', setting])

/**
 * Attributes for every path, above the workspace's own `.gitattributes` (the store's
 * `info/attributes` wins over them): the bytes on disk are stored as they are and written back the
 * same (no `text`/`eol` conversion, no `ident`, no re-encoding, no filter).
 */
export const NEUTRAL_ATTRIBUTES =
  '* -text !eol -ident -filter -working-tree-encoding -diff -merge\n'

/**
 * The environment of a shadow git command: only what git needs to find itself and its locale.
 * Nothing inherited that starts with GIT_ (a host running inside a git hook would otherwise point
 * it at the person's repository or index).
 */
function gitEnv(paths: ShadowGitPaths, env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return {
    PATH: env.PATH ?? '/usr/bin:/bin',
    ...(env.HOME !== undefined ? { HOME: env.HOME } : {}),
    ...(env.XDG_CONFIG_HOME !== undefined ? { XDG_CONFIG_HOME: env.XDG_CONFIG_HOME } : {}),
    LC_ALL: 'C',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_DIR: paths.gitDir,
    GIT_WORK_TREE: paths.workTree,
    GIT_INDEX_FILE: paths.indexFile,
    GIT_TERMINAL_PROMPT: '0',
    GIT_NO_REPLACE_OBJECTS: '1',
    GIT_OPTIONAL_LOCKS: '0',
  }
}

/** Runs a git command against a shadow store: stdin written whole, stdout kept as bytes. */
export type RunGit = (args: readonly string[], stdin?: Buffer | string) => Promise<GitOutput>

/** A `RunGit` for one store; `git` is the program (found on PATH unless a test says). */
export function shadowGit(
  paths: ShadowGitPaths,
  options: { git?: string; env?: NodeJS.ProcessEnv } = {},
): RunGit {
  const env = gitEnv(paths, options.env ?? process.env)
  const program = options.git ?? 'git'
  return (args, stdin) =>
    new Promise((resolve) => {
      const child = spawn(program, [...CONFIG, ...args], {
        cwd: paths.workTree,
        env,
        stdio: ['pipe', 'pipe', 'pipe'],
      })
      const out: Buffer[] = []
      const err: Buffer[] = []
      child.stdout.on('data', (chunk: Buffer) => out.push(chunk))
      child.stderr.on('data', (chunk: Buffer) => err.push(chunk))
      child.stdin.on('error', () => undefined)
      child.on('error', (error) =>
        resolve({ code: null, stdout: Buffer.alloc(0), stderr: error.message }),
      )
      child.on('close', (code) =>
        resolve({ code, stdout: Buffer.concat(out), stderr: Buffer.concat(err).toString('utf8') }),
      )
      child.stdin.end(stdin ?? '')
    })
}

/** The first line git wrote to stderr, for a message. */
export function gitProblem(output: GitOutput): string {
  const line = output.stderr.split('\n').find((l) => l.trim() !== '') ?? ''
  return line.replace(/^(fatal|error): /, '').trim() || `git exited with ${String(output.code)}`
}

/** A ref-safe name for an id (ids may hold `:` and `.`). */
export function refPart(id: string): string {
  return /^[A-Za-z0-9_-]+$/.test(id) ? id : `x${Buffer.from(id).toString('hex')}`
}

/** NUL-separated paths from `git … -z`. */
export function nulList(output: Buffer): string[] {
  return output
    .toString('utf8')
    .split('\0')
    .filter((p) => p !== '')
}
