import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { writePrivateFile } from '../settings/private-file'

/**
 * Which workspaces' `.mcp.json` servers the person has approved, in `<data-dir>/mcp-approvals.json`.
 * An approval covers one exact set of server definitions (a hash of the file's `mcpServers` as
 * written): editing the file, or cloning a repository whose file differs, asks again. A cloned
 * repository therefore never starts programs by itself.
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
