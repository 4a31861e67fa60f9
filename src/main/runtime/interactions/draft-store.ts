import { readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import type { z } from 'zod'
import { writePrivateFile } from '../settings/private-file'

/**
 * Half-filled answers (a question's picks, a form's fields), one file per request in
 * `<data-dir>/drafts/`, so a reload, a quit or a crash brings the tray back where the person was.
 * Never the answer, never in the session log. A draft that no longer parses is ignored.
 */
export class DraftStore {
  readonly #dir: string
  /** The newest write of each request's draft still on its way to disk. */
  readonly #writing = new Map<string, Promise<void>>()

  constructor(dataDir: string) {
    this.#dir = join(dataDir, 'drafts')
  }

  #path(requestId: string): string {
    return join(this.#dir, `${requestId}.json`)
  }

  load<T>(requestId: string, schema: z.ZodType<T>): T | null {
    try {
      const parsed = schema.safeParse(JSON.parse(readFileSync(this.#path(requestId), 'utf8')))
      return parsed.success ? parsed.data : null
    } catch {
      return null
    }
  }

  save(requestId: string, draft: unknown): Promise<void> {
    const write = writePrivateFile(this.#path(requestId), JSON.stringify(draft))
    this.#writing.set(requestId, write)
    const settled = () => {
      if (this.#writing.get(requestId) === write) this.#writing.delete(requestId)
    }
    write.then(settled, settled)
    return write
  }

  /** Removes the draft, and again once a write still on its way has landed. */
  drop(requestId: string): void {
    const remove = () => rmSync(this.#path(requestId), { force: true })
    remove()
    const later = () => {
      try {
        remove()
      } catch {
        // Left behind: a draft without an open request is never loaded.
      }
    }
    this.#writing.get(requestId)?.then(later, later)
  }

  /** Resolves when every draft written so far is on disk (the runtime waits for it at close). */
  async flush(): Promise<void> {
    await Promise.allSettled([...this.#writing.values()])
  }
}
