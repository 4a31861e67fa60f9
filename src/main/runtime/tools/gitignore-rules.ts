import { readFileSync } from 'node:fs'
import { dirname, isAbsolute, join, relative, sep } from 'node:path'
import ignore, { type Ignore } from 'ignore'

/** A .gitignore larger than this is not read (its folder then has no rules of its own). */
const MAX_GITIGNORE_BYTES = 256 * 1024

/**
 * What git would leave untracked below `top`, by the `.gitignore` of each folder from `top` down:
 * a pattern is matched against the path relative to the folder of its file, and a deeper file's
 * rules win over a shallower one's (a `!pattern` below re-includes what a folder above ignored).
 * Each folder's file is read once, when a path below it is first asked about.
 */
export class GitignoreRules {
  readonly #rules = new Map<string, Ignore | null>()

  constructor(private readonly top: string) {}

  /** True when `path` (a folder when `isDir`) is ignored. Paths outside `top` never are. */
  ignores(path: string, { isDir }: { isDir: boolean }): boolean {
    const target = path.endsWith(sep) ? path.slice(0, -1) : path
    const folders = this.#foldersAbove(target)
    for (let i = folders.length - 1; i >= 0; i--) {
      const folder = folders[i] as string
      const rules = this.#rulesOf(folder)
      if (!rules) continue
      const rel = relative(folder, target).split(sep).join('/')
      const { ignored, unignored } = rules.test(isDir ? `${rel}/` : rel)
      if (ignored) return true
      if (unignored) return false
    }
    return false
  }

  /** The folders from `top` down to the one holding `target`; none when it is not below `top`. */
  #foldersAbove(target: string): string[] {
    const rel = relative(this.top, target)
    if (rel === '' || rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) return []
    const folders: string[] = []
    for (let folder = dirname(target); ; folder = dirname(folder)) {
      folders.push(folder)
      if (folder === this.top || folder === dirname(folder)) break
    }
    return folders.reverse()
  }

  #rulesOf(folder: string): Ignore | null {
    let rules = this.#rules.get(folder)
    if (rules !== undefined) return rules
    rules = null
    try {
      const text = readFileSync(join(folder, '.gitignore'))
      if (text.length <= MAX_GITIGNORE_BYTES) rules = ignore().add(text.toString('utf8'))
    } catch {
      // No .gitignore here (or it cannot be read): this folder adds no rules.
    }
    this.#rules.set(folder, rules)
    return rules
  }
}
