import { randomBytes } from 'node:crypto'
import { constants } from 'node:fs'
import { mkdir, open, rename, unlink } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { LIMITS } from '../../../shared/limits'

/**
 * Reading and writing a file the workspace checks (workspace-paths.ts) already placed inside.
 * The check and the access are two steps, so each access also guards the step in between:
 * a read opens the file without following a link and checks the open file itself (a regular file
 * with one name), and a write never opens the target at all — it writes a new file beside it and
 * renames that into place, so a name that meanwhile became a hard link (or a link) to a file
 * outside is replaced, and the outside file is never touched.
 */

/** Opens a file for reading without following a link, and without waiting on a FIFO. */
const NO_FOLLOW_READ =
  constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0)

/** Why a file with several names is not served: one of the other names may be outside. */
export function hardLinkMessage(shown: string, links: number): string {
  return `${shown} has ${links} hard links; another of its names may be outside the workspace, so Parley treats it as outside (copy it to a new file to work on it)`
}

/** A file's text, or why it is not served (each with a message the model or agent can act on). */
export type WorkspaceText =
  | { ok: true; text: string }
  | { ok: false; reason: 'missing' | 'not_file' | 'hard_links' | 'too_large'; message: string }

/** The text of the regular file at `absolute` (already resolved inside the workspace). */
export async function readWorkspaceText(absolute: string, shown: string): Promise<WorkspaceText> {
  const handle = await open(absolute, NO_FOLLOW_READ).catch(() => null)
  if (handle === null) return { ok: false, reason: 'missing', message: `no such file: ${shown}` }
  try {
    const info = await handle.stat()
    if (!info.isFile()) return { ok: false, reason: 'not_file', message: `${shown} is not a file` }
    if (info.nlink > 1)
      return { ok: false, reason: 'hard_links', message: hardLinkMessage(shown, info.nlink) }
    if (info.size > LIMITS.fileBytes)
      return {
        ok: false,
        reason: 'too_large',
        message: `${shown} is ${info.size} bytes; files over ${LIMITS.fileBytes} bytes are not read`,
      }
    return { ok: true, text: await handle.readFile('utf8') }
  } finally {
    await handle.close()
  }
}

/**
 * Replaces (or creates) the file at `absolute` with `content`: a new file in the same folder,
 * flushed to disk, renamed over the old name, and the folder flushed, so a crash leaves the old
 * file or the new one. The old file's permission bits are kept. The temporary name is random and
 * created exclusively (never through something already there).
 */
export async function replaceWorkspaceFile(absolute: string, content: string): Promise<void> {
  const folder = dirname(absolute)
  await mkdir(folder, { recursive: true })
  const mode = await currentMode(absolute)
  const temporary = join(folder, `.${basename(absolute)}.parley-${randomBytes(6).toString('hex')}`)
  const handle = await open(temporary, 'wx', 0o666)
  try {
    try {
      if (mode !== null) await handle.chmod(mode)
      await handle.writeFile(content, 'utf8')
      await handle.sync()
    } finally {
      await handle.close()
    }
    await rename(temporary, absolute)
  } catch (error) {
    await unlink(temporary).catch(() => undefined)
    throw error
  }
  await syncFolder(folder)
}

/** The permission bits of the regular file at `path`, or null when there is none. */
async function currentMode(path: string): Promise<number | null> {
  const handle = await open(path, NO_FOLLOW_READ).catch(() => null)
  if (handle === null) return null
  try {
    const info = await handle.stat()
    return info.isFile() ? info.mode & 0o7777 : null
  } finally {
    await handle.close()
  }
}

/** Flushes a folder's entries (the rename); some platforms cannot open a folder, which is fine. */
async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, constants.O_RDONLY).catch(() => null)
  if (handle === null) return
  try {
    await handle.sync().catch(() => undefined)
  } finally {
    await handle.close()
  }
}
