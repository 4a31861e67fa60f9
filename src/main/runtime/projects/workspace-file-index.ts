import { watch, type FSWatcher } from 'node:fs'
import { join, sep } from 'node:path'
import { fdir } from 'fdir'
import { bestPaths } from '../../../shared/fuzzy-path'
import { GitignoreRules } from '../tools/gitignore-rules'

/** How many files one workspace's index holds at most. */
const MAX_FILES = 200_000

/**
 * A workspace's files and folders (relative paths, folders ending in `/`), as `@` completion
 * offers them: built once by walking the folder (skipping `.git` and whatever `.gitignore` files
 * ignore), then kept by a recursive watch that marks it stale, so a key press searches memory and
 * the folder is walked again only after something changed.
 */
export class WorkspaceFileIndex {
  #paths: string[] | null = null
  #lowered: string[] = []
  #watcher: FSWatcher | null = null

  constructor(private readonly workspace: string) {}

  /** The best `limit` matches for `query`. */
  search(query: string, limit: number): string[] {
    const paths = this.paths()
    return bestPaths(paths, query, limit, this.#lowered)
  }

  /** Every indexed path, walking the workspace first when the index is new or stale. */
  paths(): string[] {
    if (this.#paths === null) {
      this.#paths = walkWorkspace(this.workspace)
      this.#lowered = this.#paths.map((p) => p.toLowerCase())
      this.#watch()
    }
    return this.#paths
  }

  close(): void {
    this.#watcher?.close()
    this.#watcher = null
  }

  #watch(): void {
    if (this.#watcher !== null) return
    try {
      this.#watcher = watch(this.workspace, { recursive: true, persistent: false }, () => {
        this.#paths = null
      })
      this.#watcher.on('error', () => this.close())
    } catch {
      // No recursive watch here: the index is walked again at every search instead of going stale.
      this.#paths = null
    }
  }
}

/** The workspace's files and folders, relative, `.git` and git-ignored ones left out. */
export function walkWorkspace(workspace: string): string[] {
  const rules = new GitignoreRules(workspace)
  const root = workspace.endsWith(sep) ? workspace : `${workspace}${sep}`
  const found = new fdir()
    .withRelativePaths()
    .withDirs()
    .withMaxFiles(MAX_FILES)
    .exclude((name, path) => {
      if (name === '.git') return true
      return rules.ignores(path, { isDir: true })
    })
    .filter((path, isDirectory) => {
      if (path === '' || path === '.' || path === root) return false
      return isDirectory || !rules.ignores(join(workspace, path), { isDir: false })
    })
    .crawl(workspace)
    .sync()
  return found.map((p) => p.split(sep).join('/'))
}
