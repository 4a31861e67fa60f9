import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import writeFileAtomic from 'write-file-atomic'

/** Only the user may read or write Parley's files: settings, keys, drafts, approvals, the index. */
const PRIVATE = 0o600

/**
 * Writes a file that only the user can read (0600, whatever the umask), atomically: the content
 * goes to a temporary file beside it, is synced to disk, and replaces the file in one rename, so
 * a crash leaves the old content or the new, never half of either. The temporary file is removed
 * when the write fails or the process exits mid-write, and writes to one path run one at a time,
 * in call order. The folder is created when missing.
 */
export function writePrivateFile(path: string, content: string | Buffer): Promise<void> {
  // Synchronously, so nothing awaited comes between two calls and write-file-atomic's queue:
  // the writes start, and so land, in call order.
  try {
    mkdirSync(dirname(path), { recursive: true })
  } catch (error) {
    return Promise.reject(error)
  }
  return writeFileAtomic(path, content, { mode: PRIVATE })
}

/**
 * The synchronous form, for a writer that must finish before the process goes on (the session
 * index at shutdown). `fsync: false` skips the sync to disk for a file that is only a cache.
 */
export function writePrivateFileSync(
  path: string,
  content: string,
  { fsync }: { fsync: boolean },
): void {
  mkdirSync(dirname(path), { recursive: true })
  writeFileAtomic.sync(path, content, { mode: PRIVATE, fsync })
}
