import type * as acp from '@agentclientprotocol/sdk'
import { workspaceWriteRisk } from '../tools/shell/path-risk'

/**
 * Writes the person already approved. An agent such as Claude Code asks with
 * `session/request_permission` about an edit (its tool call names the file, with a diff), then
 * writes the file with `fs/write_text_file`. Asking again for that write would be a second prompt
 * for one decision, so an allow choice on a request grants one write to each file its tool call
 * named, for the rest of the turn. Anything else — another file, a second write to the same file,
 * a write in a later turn — goes through the permission policy as usual. Grants are keyed by the
 * resolved path inside the workspace; containment is checked before any grant is looked at.
 *
 * A grant carries what was approved: only a tool call of kind `edit` grants writes (allowing an
 * agent to *read* a file, search or fetch never lets it write one, whatever locations the call
 * names), and a write Parley's own policy calls high risk (inside `.git`, whose hooks and config
 * run commands) is never covered by a grant: it always asks.
 */
export class WriteGrants {
  readonly #grants = new Map<string, number>()

  /**
   * One more approved write to each of `targets` (resolved paths), when the approved tool call's
   * `kind` is one that writes; nothing for any other kind (or none).
   */
  grant(targets: readonly string[], kind: acp.ToolKind | null | undefined): void {
    if (kind !== 'edit') return
    for (const target of new Set(targets)) {
      this.#grants.set(target, (this.#grants.get(target) ?? 0) + 1)
    }
  }

  /**
   * Uses up one approved write to `write.target` (`shown` is the same path relative to the
   * workspace); false when there is none, or when the write is high risk.
   */
  take(write: { target: string; shown: string }): boolean {
    if (workspaceWriteRisk(write.shown).risk === 'high') return false
    const left = this.#grants.get(write.target) ?? 0
    if (left === 0) return false
    if (left === 1) this.#grants.delete(write.target)
    else this.#grants.set(write.target, left - 1)
    return true
  }

  /** Forgets every grant (the turn ended). */
  clear(): void {
    this.#grants.clear()
  }
}
