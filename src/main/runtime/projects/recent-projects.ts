import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'
import { LIMITS } from '../../../shared/limits'
import { RECENT_PROJECTS_MAX, type Project } from '../../../shared/projects'
import { writePrivateFile } from '../settings/private-file'

const StoredSchema = z.object({
  v: z.literal(1),
  projects: z
    .array(z.object({ path: z.string().min(1).max(LIMITS.path), openedAt: z.number() }))
    .max(1_000),
})
type Stored = z.infer<typeof StoredSchema>['projects']

/** The recent-projects list after a session was started in `path` at `at`: it first, deduplicated, bounded. */
export function projectOpened(projects: Stored, path: string, at: number): Stored {
  return [{ path, openedAt: at }, ...projects.filter((p) => p.path !== path)].slice(
    0,
    RECENT_PROJECTS_MAX,
  )
}

const isFolder = (path: string) => {
  try {
    return statSync(path).isDirectory()
  } catch {
    return false
  }
}

/**
 * The folders sessions were started in, newest first, kept in `<data-dir>/projects.json` so they
 * survive a restart. A missing or damaged file is an empty list (said once in `problem`), never
 * an error: the list is a convenience, the sessions' own logs are the record.
 */
export class RecentProjects {
  readonly #file: string
  #projects: Stored = []
  /** Why the stored list could not be read, in plain words (for the start-up notices). */
  problem: string | undefined

  constructor(dataDir: string) {
    this.#file = join(dataDir, 'projects.json')
    if (!existsSync(this.#file)) return
    try {
      const parsed = StoredSchema.safeParse(JSON.parse(readFileSync(this.#file, 'utf8')))
      if (parsed.success) this.#projects = parsed.data.projects.slice(0, RECENT_PROJECTS_MAX)
      else this.problem = `${this.#file} is not a recent-projects list; it starts empty`
    } catch {
      this.problem = `${this.#file} could not be read; the recent projects start empty`
    }
  }

  list(): Project[] {
    return this.#projects.map((p) => ({ ...p, exists: isFolder(p.path) }))
  }

  /** Puts `path` first and writes the list (temp + rename); a failed write keeps the list in memory. */
  async opened(path: string, at: number): Promise<void> {
    const next = projectOpened(this.#projects, path, at)
    this.#projects = next
    await writePrivateFile(this.#file, `${JSON.stringify({ v: 1, projects: next }, null, 2)}\n`)
  }
}
