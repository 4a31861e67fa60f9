import { WorkspaceFileIndex } from './workspace-file-index'

/** How many workspaces keep an index in memory (the one used longest ago is dropped first). */
const INDEXES_MAX = 8

/**
 * One watched file index per workspace, shared by every session there, so `@` completion walks
 * a folder once and then answers from memory (see WorkspaceFileIndex).
 */
export class WorkspaceFileIndexes {
  readonly #indexes = new Map<string, WorkspaceFileIndex>()

  constructor(private readonly create = (workspace: string) => new WorkspaceFileIndex(workspace)) {}

  /** The best `limit` files and folders of `workspace` for `query`, relative to it. */
  search(workspace: string, query: string, limit: number): string[] {
    let index = this.#indexes.get(workspace)
    if (index) this.#indexes.delete(workspace)
    else index = this.create(workspace)
    this.#indexes.set(workspace, index)
    for (const [oldest, dropped] of this.#indexes) {
      if (this.#indexes.size <= INDEXES_MAX) break
      dropped.close()
      this.#indexes.delete(oldest)
    }
    return index.search(query.trim(), limit)
  }

  close(): void {
    for (const index of this.#indexes.values()) index.close()
    this.#indexes.clear()
  }
}
