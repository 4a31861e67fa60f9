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
    return writePrivateFile(this.#path(requestId), JSON.stringify(draft))
  }

  drop(requestId: string): void {
    rmSync(this.#path(requestId), { force: true })
  }
}
