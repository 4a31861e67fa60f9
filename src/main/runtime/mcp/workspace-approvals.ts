import { createHash } from 'node:crypto'
import { constants } from 'node:fs'
import { open, readFile, stat } from 'node:fs/promises'
import { isAbsolute, join, relative, resolve, sep } from 'node:path'
import { z } from 'zod'
import { writePrivateFile } from '../settings/private-file'
import type { ConfiguredServer } from './mcp-config'

/**
 * Which workspaces' `.mcp.json` servers the person has approved, in `<data-dir>/mcp-approvals.json`.
 * An approval covers one exact set of server definitions (a hash of the file's `mcpServers` as
 * written) and the content of every file in the workspace a stdio server's command line names
 * (`sh ./srv.sh`, `node server.js`, `--config=tools.json`): editing the file or such a script, or
 * cloning a repository whose files differ, asks again. A cloned repository therefore never starts
 * programs by itself, and an approved one never starts a program the person did not see.
 */

const MAX_WORKSPACES = 1_000
const HASH = /^[0-9a-f]{64}$/

const ApprovalsFileSchema = z.object({
  version: z.literal(1),
  workspaces: z.record(
    z.string().max(4_096),
    z.object({ hash: z.string().regex(HASH), approvedAt: z.number() }),
  ),
})
type ApprovalsFile = z.infer<typeof ApprovalsFileSchema>

/** JSON with object keys sorted at every level, so the same definitions always hash the same. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, inner]) => `${JSON.stringify(key)}:${canonicalJson(inner)}`)
    return `{${entries.join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}

/** sha256 of a workspace file's `mcpServers`, independent of key order and whitespace. */
export function definitionsHash(rawServers: Record<string, unknown>): string {
  return createHash('sha256').update(canonicalJson(rawServers)).digest('hex')
}

/** At most this many workspace files are hashed into one approval (more are refused as one). */
const MAX_FILES = 200

/** The word itself, and for `--flag=value` the value: each may name a file. */
function pathsIn(word: string): string[] {
  const equals = word.indexOf('=')
  return word.startsWith('-') && equals > 0 ? [word.slice(equals + 1)] : [word]
}

/**
 * The files in `workspace` (a real path) that the stdio servers' commands and arguments name,
 * relative to it (servers run in the workspace, so a relative word is read from there).
 */
export async function serverFiles(
  workspace: string,
  servers: readonly ConfiguredServer[],
): Promise<string[]> {
  const found = new Set<string>()
  for (const { definition } of servers) {
    if (definition.transport !== 'stdio') continue
    for (const word of [definition.command, ...definition.args].flatMap(pathsIn)) {
      if (word === '' || word.includes('\0') || found.size >= MAX_FILES) continue
      const path = relative(workspace, resolve(workspace, word))
      if (path === '' || path === '..' || path.startsWith(`..${sep}`) || isAbsolute(path)) continue
      const info = await stat(join(workspace, path)).catch(() => null)
      if (info?.isFile()) found.add(path)
    }
  }
  return [...found].sort()
}

/**
 * sha256 of a file's content, or a marker when it cannot be read (which is then what is approved).
 * Opened non-blocking and checked by type, so a FIFO named on a command line is never waited on.
 */
async function fileHash(path: string): Promise<string> {
  const handle = await open(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0)).catch(
    (error: NodeJS.ErrnoException) => `unreadable: ${error.code ?? ''}`,
  )
  if (typeof handle === 'string') return handle
  try {
    if (!(await handle.stat()).isFile()) return 'unreadable: not a file'
    const hash = createHash('sha256')
    for await (const chunk of handle.createReadStream({ autoClose: false })) hash.update(chunk)
    return hash.digest('hex')
  } catch (error) {
    return `unreadable: ${(error as NodeJS.ErrnoException).code ?? ''}`
  } finally {
    await handle.close()
  }
}

/** What one approval of a workspace's `.mcp.json` covers: its hash, and the files it hashed. */
export interface ApprovalSubject {
  hash: string
  /** The workspace files the servers' command lines name (relative paths), hashed into `hash`. */
  files: string[]
}

/**
 * The hash an approval is stored under: the definitions as written and, when the servers' command
 * lines name files in the workspace, those files' sha256. (Without such files it is the
 * definitions' hash alone, so approvals given before files were covered still hold.)
 */
export async function approvalSubject(
  workspace: string,
  rawServers: Record<string, unknown>,
  servers: readonly ConfiguredServer[],
): Promise<ApprovalSubject> {
  const files = await serverFiles(workspace, servers)
  if (files.length === 0) return { hash: definitionsHash(rawServers), files }
  const contents: Record<string, string> = {}
  for (const file of files) contents[file] = await fileHash(join(workspace, file))
  const hash = createHash('sha256')
    .update(canonicalJson({ mcpServers: rawServers, files: contents }))
    .digest('hex')
  return { hash, files }
}

export class WorkspaceApprovals {
  readonly path: string
  /** Set when the file could not be read: approvals then start empty (nothing is approved). */
  problem: string | undefined
  #writes: Promise<unknown> = Promise.resolve()

  constructor(
    dataDir: string,
    private readonly now: () => number = Date.now,
  ) {
    this.path = join(dataDir, 'mcp-approvals.json')
  }

  async #read(): Promise<ApprovalsFile> {
    const empty: ApprovalsFile = { version: 1, workspaces: {} }
    const content = await readFile(this.path, 'utf8').catch(() => undefined)
    if (content === undefined) return empty
    try {
      const parsed = ApprovalsFileSchema.safeParse(JSON.parse(content))
      if (parsed.success) return parsed.data
      this.problem = `${this.path} is invalid; no workspace servers are approved until approved again`
    } catch {
      this.problem = `${this.path} is not valid JSON; no workspace servers are approved until approved again`
    }
    return empty
  }

  /** True when exactly these definitions were approved for this workspace (a real path). */
  async isApproved(workspace: string, hash: string): Promise<boolean> {
    const file = await this.#read()
    return file.workspaces[workspace]?.hash === hash
  }

  /**
   * Records the person's approval of the definitions they were shown: pass `PendingApproval`'s
   * `workspace` and `hash`, so a file edited after it was shown is not approved by that click.
   * False (and nothing written) when `hash` is not a definitions hash. Approvals are written one at
   * a time, so two at once both survive.
   */
  approve(workspace: string, hash: string): Promise<boolean> {
    if (!HASH.test(hash)) return Promise.resolve(false)
    const write = this.#writes.then(async () => {
      const file = await this.#read()
      file.workspaces[workspace] = { hash, approvedAt: this.now() }
      const entries = Object.entries(file.workspaces)
      if (entries.length > MAX_WORKSPACES) {
        entries.sort(([, a], [, b]) => b.approvedAt - a.approvedAt)
        file.workspaces = Object.fromEntries(entries.slice(0, MAX_WORKSPACES))
      }
      await writePrivateFile(this.path, `${JSON.stringify(file, null, 2)}\n`)
      this.problem = undefined
      return true
    })
    this.#writes = write.catch(() => false)
    return write
  }
}
