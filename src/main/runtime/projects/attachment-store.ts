import { createHash, randomBytes } from 'node:crypto'
import {
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { join } from 'node:path'

/**
 * The copies of what a session's messages carried (a mentioned file's text as attached, an
 * image's bytes), kept beside its log as `sessions/<id>.files/<sha256>`: the log names each by
 * its hash, so a replay reads exactly what was sent, even after the file changed, and no log line
 * holds a file's text or an image's base64. Removing the session removes the folder.
 */
export class AttachmentStore {
  constructor(readonly folder: string) {}

  /** Stores `bytes` (once per content) and names it by its hash. */
  put(bytes: Buffer): { sha256: string; size: number } {
    const sha256 = createHash('sha256').update(bytes).digest('hex')
    const path = join(this.folder, sha256)
    mkdirSync(this.folder, { recursive: true })
    // Written beside and renamed over: a crash leaves a whole copy or none, never half of one.
    const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`
    writeFileSync(temporary, bytes, { mode: 0o600 })
    renameSync(temporary, path)
    return { sha256, size: bytes.length }
  }

  /** The stored copy named `sha256`, or null when it is gone (or was never stored). */
  read(sha256: string): Buffer | null {
    if (!/^[0-9a-f]{64}$/.test(sha256)) return null
    try {
      const bytes = readFileSync(join(this.folder, sha256))
      // A copy changed on disk is not what the message carried.
      return createHash('sha256').update(bytes).digest('hex') === sha256 ? bytes : null
    } catch {
      return null
    }
  }

  /** Copies every stored copy into `other` (a forked session's store). */
  copyTo(other: AttachmentStore): void {
    if (!existsSync(this.folder)) return
    cpSync(this.folder, other.folder, { recursive: true })
  }

  remove(): void {
    rmSync(this.folder, { recursive: true, force: true })
  }
}

/** The attachments folder of the session whose log is at `logPath` (`<id>.jsonl` → `<id>.files`). */
export function attachmentFolder(logPath: string): string {
  return `${logPath.replace(/\.jsonl$/, '')}.files`
}
