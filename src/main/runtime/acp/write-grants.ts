/**
 * Writes the person already approved. An agent such as Claude Code asks with
 * `session/request_permission` about an edit (its tool call names the file, with a diff), then
 * writes the file with `fs/write_text_file`. Asking again for that write would be a second prompt
 * for one decision, so an allow choice on a request grants one write to each file its tool call
 * named, for the rest of the turn. Anything else — another file, a second write to the same file,
 * a write in a later turn — goes through the permission policy as usual. Grants are keyed by the
 * resolved path inside the workspace; containment is checked before any grant is looked at.
 */
export class WriteGrants {
  readonly #grants = new Map<string, number>()

  /** One more approved write to each of `targets` (resolved paths). */
  grant(targets: readonly string[]): void {
    for (const target of new Set(targets)) {
      this.#grants.set(target, (this.#grants.get(target) ?? 0) + 1)
    }
  }

  /** Uses up one approved write to `target`; false when there is none. */
  take(target: string): boolean {
    const left = this.#grants.get(target) ?? 0
    if (left === 0) return false
    if (left === 1) this.#grants.delete(target)
    else this.#grants.set(target, left - 1)
    return true
  }

  /** Forgets every grant (the turn ended). */
  clear(): void {
    this.#grants.clear()
  }
}
