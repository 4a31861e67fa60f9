import { randomBytes } from 'node:crypto'
import { closeSync, constants, existsSync, fstatSync, openSync, readSync } from 'node:fs'
import { mkdir, open, rename, unlink, type FileHandle } from 'node:fs/promises'
import { basename, dirname, join, sep } from 'node:path'
import { LIMITS } from '../../../shared/limits'

/**
 * Reading and writing a file the workspace checks (workspace-paths.ts) already placed inside, at
 * its real path (every link resolved). The check and the access are two steps, and a sandboxed
 * command may change the workspace in between (turn a folder into a link to a folder outside).
 * So on Linux every access walks that real path again one folder at a time, each opened through
 * the folder before it (`/proc/self/fd/N/name`, which is `openat`) without following a link: a
 * folder that became a link meanwhile ends the walk, and the file is created, renamed, read or
 * checked in the very folder the walk opened. What is guaranteed: every byte read comes from, and
 * every file (temporary or final) is created in, the folder at the checked path reached without
 * any link — never outside it. A file is written by creating a new one beside the old (never
 * opening the old name), flushing it and renaming it over the old name within that folder. Where
 * there is no `/proc/self/fd` (macOS, Windows) the same steps use the path itself, and the last
 * name is still opened without following a link.
 *
 * Every open is non-blocking and checked by what was opened (fstat): a FIFO, a socket or a device
 * is refused by type, never waited on.
 */

/** Opens a file for reading without following a link, and without waiting on a FIFO. */
const NO_FOLLOW_READ =
  constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0)

/** Opens a folder, never through a link at its last name. */
const FOLDER_FLAGS = constants.O_RDONLY | (constants.O_DIRECTORY ?? 0) | (constants.O_NOFOLLOW ?? 0)

/** Creates a new file, never through something already there. */
const CREATE_NEW =
  constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0)

/** Whether a name can be opened relative to an open folder (Linux's `/proc/self/fd`). */
const FOLDER_FDS = process.platform === 'linux' && existsSync('/proc/self/fd')

/** A folder on the path changed while it was being walked (it became a link, or a file). */
export class PathChangedError extends Error {}

const code = (error: unknown): string | undefined => (error as NodeJS.ErrnoException).code

/** An open folder on the checked path, and how to name an entry in that very folder. */
interface OpenFolder {
  handle: FileHandle | null
  at(name: string): string
  close(): Promise<void>
}

/**
 * Opens the folder at the real path `folder`, one component at a time through the one before,
 * never following a link; with `create`, a missing folder is made (where the walk is).
 */
export async function openFolder(folder: string, create: boolean): Promise<OpenFolder> {
  if (!FOLDER_FDS) {
    if (create) await mkdir(folder, { recursive: true })
    return { handle: null, at: (name) => join(folder, name), close: async () => undefined }
  }
  let handle = await open('/', FOLDER_FLAGS)
  try {
    for (const name of folder.split(sep).filter(Boolean)) {
      const at = `/proc/self/fd/${handle.fd}/${name}`
      let next: FileHandle
      try {
        next = await open(at, FOLDER_FLAGS)
      } catch (error) {
        if (!create || code(error) !== 'ENOENT') throw walkError(error, folder)
        await mkdir(at).catch((e: unknown) => {
          if (code(e) !== 'EEXIST') throw e
        })
        next = await open(at, FOLDER_FLAGS).catch((e: unknown) => {
          throw walkError(e, folder)
        })
      }
      await handle.close()
      handle = next
    }
  } catch (error) {
    await handle.close()
    throw error
  }
  const opened = handle
  return {
    handle: opened,
    at: (name) => `/proc/self/fd/${opened.fd}/${name}`,
    close: () => opened.close(),
  }
}

function walkError(error: unknown, folder: string): unknown {
  switch (code(error)) {
    case 'ELOOP':
    case 'ENOTDIR':
      return new PathChangedError(
        `a folder on the way to ${folder} changed while Parley was using it (it is now a link or a file); nothing was read or written there`,
      )
    default:
      return error
  }
}

/** Why a file with several names is not served: one of the other names may be outside. */
export function hardLinkMessage(shown: string, links: number): string {
  return `${shown} has ${links} hard links; another of its names may be outside the workspace, so Parley treats it as outside (copy it to a new file to work on it)`
}

/** A file's text, or why it is not served (each with a message the model or agent can act on). */
export type WorkspaceText =
  | { ok: true; text: string }
  | { ok: false; reason: 'missing' | 'not_file' | 'hard_links' | 'too_large'; message: string }

/** What one open file is, checked on the open file itself (a FIFO is never read). */
function checkOpened(
  info: { isFile(): boolean; nlink: number; size: number },
  shown: string,
): WorkspaceText | null {
  if (!info.isFile()) return { ok: false, reason: 'not_file', message: `${shown} is not a file` }
  if (info.nlink > 1)
    return { ok: false, reason: 'hard_links', message: hardLinkMessage(shown, info.nlink) }
  if (info.size > LIMITS.fileBytes)
    return {
      ok: false,
      reason: 'too_large',
      message: `${shown} is ${info.size} bytes; files over ${LIMITS.fileBytes} bytes are not read`,
    }
  return null
}

const missing = (shown: string): WorkspaceText => ({
  ok: false,
  reason: 'missing',
  message: `no such file: ${shown}`,
})

/** The text of the regular file at `absolute` (already resolved inside the workspace). */
export async function readWorkspaceText(absolute: string, shown: string): Promise<WorkspaceText> {
  let folder: OpenFolder
  try {
    folder = await openFolder(dirname(absolute), false)
  } catch (error) {
    if (error instanceof PathChangedError) throw error
    return missing(shown)
  }
  try {
    const handle = await open(folder.at(basename(absolute)), NO_FOLLOW_READ).catch(() => null)
    if (handle === null) return missing(shown)
    try {
      const problem = checkOpened(await handle.stat(), shown)
      return problem ?? { ok: true, text: await handle.readFile('utf8') }
    } finally {
      await handle.close()
    }
  } finally {
    await folder.close()
  }
}

/**
 * The same, synchronously (a call's review must not yield): each folder opened through the one
 * before, without following a link, and the file opened non-blocking and checked by type.
 */
export function readWorkspaceTextSync(absolute: string, shown: string): WorkspaceText {
  const fds: number[] = []
  try {
    let at = (name: string): string => join(dirname(absolute), name)
    if (FOLDER_FDS) {
      fds.push(openSync('/', FOLDER_FLAGS))
      for (const name of dirname(absolute).split(sep).filter(Boolean)) {
        const parent = fds.at(-1) as number
        try {
          fds.push(openSync(`/proc/self/fd/${parent}/${name}`, FOLDER_FLAGS))
        } catch (error) {
          const walked = walkError(error, dirname(absolute))
          if (walked instanceof PathChangedError) throw walked
          return missing(shown)
        }
      }
      const folder = fds.at(-1) as number
      at = (name) => `/proc/self/fd/${folder}/${name}`
    }
    let fd: number
    try {
      fd = openSync(at(basename(absolute)), NO_FOLLOW_READ)
    } catch {
      return missing(shown)
    }
    fds.push(fd)
    const info = fstatSync(fd)
    const problem = checkOpened(info, shown)
    if (problem) return problem
    const buffer = Buffer.alloc(info.size)
    let read = 0
    while (read < info.size) {
      const n = readSync(fd, buffer, read, info.size - read, read)
      if (n === 0) break
      read += n
    }
    return { ok: true, text: buffer.toString('utf8', 0, read) }
  } finally {
    for (const fd of fds) closeSync(fd)
  }
}

/**
 * Replaces (or creates) the file at `absolute` with `content`: a new file in the same folder,
 * flushed to disk, renamed over the old name, and the folder flushed, so a crash leaves the old
 * file or the new one. The old file's permission bits are kept. The temporary name is random and
 * created exclusively (never through something already there).
 */
export async function replaceWorkspaceFile(absolute: string, content: string): Promise<void> {
  const name = basename(absolute)
  const folder = await openFolder(dirname(absolute), true)
  try {
    const mode = await currentMode(folder.at(name))
    const temporary = folder.at(`.${name}.parley-${randomBytes(6).toString('hex')}`)
    const handle = await open(temporary, CREATE_NEW, 0o666)
    try {
      try {
        if (mode !== null) await handle.chmod(mode)
        await handle.writeFile(content, 'utf8')
        await handle.sync()
      } finally {
        await handle.close()
      }
      await rename(temporary, folder.at(name))
    } catch (error) {
      await unlink(temporary).catch(() => undefined)
      throw error
    }
    await syncFolder(folder, dirname(absolute))
  } finally {
    await folder.close()
  }
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
async function syncFolder(folder: OpenFolder, path: string): Promise<void> {
  if (folder.handle !== null) {
    await folder.handle.sync().catch(() => undefined)
    return
  }
  const handle = await open(path, constants.O_RDONLY).catch(() => null)
  if (handle === null) return
  try {
    await handle.sync().catch(() => undefined)
  } finally {
    await handle.close()
  }
}
