import { lstatSync, mkdirSync, readdirSync, type Dirent } from 'node:fs'
import { join } from 'node:path'

/**
 * The parts of a repository that the person's own git runs or obeys outside any sandbox: its
 * config (`core.fsmonitor`, `core.hooksPath`, aliases, filters), its hooks, and `info` (attributes
 * and excludes, which name filters). Inside the sandbox each is read-only; the rest of `.git` (the
 * index, objects, refs, logs) stays writable, so `git add` and `git commit` work.
 */
const GUARDED_FILES = ['config', 'config.worktree', 'commondir'] as const
/** Folders that are guarded even when missing: they are made (empty, as `git init` makes them). */
const GUARDED_FOLDERS = ['hooks', 'info'] as const

/** How far the search for repositories goes. */
export interface GitSearchLimits {
  /** Folder levels below the workspace. */
  depth: number
  /** Folders looked into, in all. */
  folders: number
}

const LIMITS: GitSearchLimits = { depth: 6, folders: 5_000 }

/** Folders never searched for nested repositories (dependencies bring their own, never run). */
const SKIPPED = new Set(['node_modules', 'target', '.venv', 'venv', '__pycache__'])

function entries(folder: string): Dirent[] {
  try {
    return readdirSync(folder, { withFileTypes: true })
  } catch {
    return []
  }
}

/** The git folders of a `.git` folder: itself and its submodules' (`.git/modules/…`), nested. */
function gitFolders(gitDir: string, depth: number): string[] {
  const found = [gitDir]
  if (depth <= 0) return found
  for (const entry of entries(join(gitDir, 'modules'))) {
    if (entry.isDirectory())
      found.push(...gitFolders(join(gitDir, 'modules', entry.name), depth - 1))
  }
  return found
}

/** The guarded paths of one git folder; missing `hooks` and `info` folders are made first. */
function guardedIn(gitDir: string): string[] {
  const guarded: string[] = []
  for (const name of GUARDED_FOLDERS) {
    const path = join(gitDir, name)
    try {
      mkdirSync(path)
    } catch {
      // Already there (or not makeable: then it is left to what exists).
    }
    if (isRealFolder(path)) guarded.push(path)
  }
  for (const name of GUARDED_FILES) {
    const path = join(gitDir, name)
    try {
      if (lstatSync(path).isFile()) guarded.push(path)
    } catch {
      // Not there.
    }
  }
  return guarded
}

function isRealFolder(path: string): boolean {
  try {
    return lstatSync(path).isDirectory()
  } catch {
    return false
  }
}

/** What the sandbox guards of the repositories in a workspace. */
export interface GitGuard {
  /**
   * The git folders, bound onto themselves: a mount point cannot be renamed or removed, so a
   * command cannot move `.git` aside and make a new one with its own config.
   */
  pinned: string[]
  /** Their config, hooks and info, bound read-only. */
  readOnly: string[]
}

/**
 * Every repository's guarded paths in `workspace` (a real path) when a sandboxed process starts:
 * the workspace's own `.git` and nested ones (submodules, vendored repositories), found by a
 * search bounded by `limits` that never follows a symbolic link. A repository a command creates
 * is guarded from the next command on.
 */
export function guardedGitPaths(workspace: string, limits: GitSearchLimits = LIMITS): GitGuard {
  const pinned: string[] = []
  const guarded: string[] = []
  let budget = limits.folders
  const queue: Array<{ folder: string; depth: number }> = [{ folder: workspace, depth: 0 }]
  while (queue.length > 0 && budget > 0) {
    const { folder, depth } = queue.shift() as { folder: string; depth: number }
    budget--
    for (const entry of entries(folder)) {
      if (!entry.isDirectory()) continue
      const path = join(folder, entry.name)
      if (entry.name === '.git') {
        for (const gitDir of gitFolders(path, limits.depth)) {
          pinned.push(gitDir)
          guarded.push(...guardedIn(gitDir))
        }
      } else if (depth < limits.depth && !SKIPPED.has(entry.name)) {
        queue.push({ folder: path, depth: depth + 1 })
      }
    }
  }
  return { pinned, readOnly: guarded }
}
