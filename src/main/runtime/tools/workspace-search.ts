import { constants, existsSync } from 'node:fs'
import { open, realpath, stat } from 'node:fs/promises'
import { isAbsolute, relative, sep } from 'node:path'
import { fdir } from 'fdir'
import { isBinaryFile } from 'isbinaryfile'
import { GitignoreRules } from './gitignore-rules'
import { displayPath } from './workspace-paths'

/** Folders never searched, whatever .gitignore says. */
const SKIPPED_DIRS = new Set(['.git', 'node_modules'])

/**
 * Opening a file never follows a link put in its place after the walk (where the OS can refuse),
 * and never waits: a FIFO opened non-blocking is then refused by type.
 */
const READ_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0)

/** Where an open file's real path can be asked of the kernel (Linux). */
const FD_PATHS = process.platform === 'linux' && existsSync('/proc/self/fd')

const inside = (root: string, path: string): boolean => {
  const rel = relative(root, path)
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel))
}

/** How much one search may do before it stops and says so. */
export interface SearchLimits {
  matches: number
  /** Files looked at (after .gitignore), at most. */
  files: number
  /** Bytes read in all, at most. */
  bytes: number
  /** A file larger than this is skipped. */
  fileBytes: number
}

export type SearchMatch = {
  file: string
  line: number
  text: string
}

export type SearchResult = {
  matches: SearchMatch[]
  truncated: boolean
  /** Why the search stopped before looking at everything, for the model to act on. */
  note?: string
}

/** A matching line is cut to this many characters. */
const MAX_LINE_CHARS = 500

/**
 * Searches the text files at or below `root` (a real path inside the real `workspace` root) for a
 * literal string. Walks with fdir and skips what .gitignore ignores (from the workspace's root
 * down; a folder named explicitly is searched even if ignored), `.git` and `node_modules`,
 * symbolic links (never followed: a file is searched where it really is, so nothing outside the
 * workspace is read), files with several hard links (treated as outside), binary files and files over `limits.fileBytes`. Stops at `limits`.
 */
export async function searchWorkspace({
  workspace,
  root,
  query,
  signal,
  limits,
}: {
  workspace: string
  root: string
  query: string
  signal: AbortSignal
  limits: SearchLimits
}): Promise<SearchResult> {
  const info = await stat(root).catch(() => undefined)
  if (!info) return { matches: [], truncated: false }
  const candidates = info.isDirectory()
    ? await filesBelow({ workspace, root, signal, max: limits.files + 1 })
    : [root]
  const matches: SearchMatch[] = []
  let bytesRead = 0
  let note: string | undefined
  for (const file of candidates.slice(0, limits.files)) {
    if (signal.aborted || matches.length >= limits.matches) break
    const read = await readText(file, {
      workspace,
      maxBytes: limits.fileBytes,
      budget: limits.bytes - bytesRead,
    })
    if (read.kind === 'over_budget') {
      note = `stopped after reading ${bytesRead} bytes; search a narrower path`
      break
    }
    if (read.kind === 'skipped') continue
    bytesRead += read.bytes
    const { text } = read
    if (!text.includes(query)) continue
    const shown = displayPath(workspace, file)
    const lines = text.split('\n')
    for (let i = 0; i < lines.length && matches.length < limits.matches; i++) {
      const line = lines[i] as string
      if (line.includes(query))
        matches.push({ file: shown, line: i + 1, text: line.slice(0, MAX_LINE_CHARS) })
    }
  }
  if (note === undefined && candidates.length > limits.files)
    note = `stopped after ${limits.files} files; search a narrower path`
  return {
    matches,
    truncated: note !== undefined || matches.length >= limits.matches,
    ...(note === undefined ? {} : { note }),
  }
}

/** The files below `root` worth searching, in path order; `max` at most. */
async function filesBelow({
  workspace,
  root,
  signal,
  max,
}: {
  workspace: string
  root: string
  signal: AbortSignal
  max: number
}): Promise<string[]> {
  // The .gitignore files from the workspace's root down apply, unless the folder asked for is
  // itself ignored: then the person or model named it on purpose, and only its own rules count.
  const fromTop = new GitignoreRules(workspace)
  const rules = fromTop.ignores(root, { isDir: true }) ? new GitignoreRules(root) : fromTop
  const files = await new fdir({ excludeSymlinks: true, suppressErrors: true })
    .withFullPaths()
    .withMaxFiles(max)
    .withAbortSignal(signal)
    .exclude((name, path) => SKIPPED_DIRS.has(name) || rules.ignores(path, { isDir: true }))
    .filter((path, isDir) => isDir || !rules.ignores(path, { isDir: false }))
    .crawl(root)
    .withPromise()
  return files.sort()
}

/** What reading one candidate gave. */
type Read =
  | { kind: 'text'; text: string; bytes: number }
  /** Not a regular file, larger than the file limit, binary, or gone. */
  | { kind: 'skipped' }
  /** Reading it would go past what the search may still read. */
  | { kind: 'over_budget' }

async function readText(
  path: string,
  { workspace, maxBytes, budget }: { workspace: string; maxBytes: number; budget: number },
): Promise<Read> {
  const handle = await open(path, READ_FLAGS).catch(() => undefined)
  if (!handle) return { kind: 'skipped' }
  try {
    // A folder on the way may have become a link to a folder outside since the walk: the open
    // file itself says where it really is, and only a file inside the workspace is read.
    if (FD_PATHS) {
      const real = await realpath(`/proc/self/fd/${handle.fd}`).catch(() => '')
      if (!inside(workspace, real)) return { kind: 'skipped' }
    }
    const info = await handle.stat()
    // A file with several hard links may be a file outside the workspace under another name.
    if (!info.isFile() || info.nlink > 1 || info.size > maxBytes) return { kind: 'skipped' }
    if (info.size > budget) return { kind: 'over_budget' }
    const buffer = Buffer.alloc(info.size)
    const { bytesRead } = await handle.read(buffer, 0, info.size, 0)
    if (await isBinaryFile(buffer, bytesRead)) return { kind: 'skipped' }
    return { kind: 'text', text: buffer.toString('utf8', 0, bytesRead), bytes: bytesRead }
  } finally {
    await handle.close()
  }
}
