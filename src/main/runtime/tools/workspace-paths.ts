import { lstatSync, readlinkSync, realpathSync } from 'node:fs'
import { isAbsolute, join, parse, relative, resolve, sep } from 'node:path'
import { ToolError } from './tool-types'
import { hardLinkMessage } from './workspace-file-io'

/** Symlinks followed in one path before giving up, as the kernel does (ELOOP). */
const MAX_LINKS = 40

function isInside(root: string, target: string): boolean {
  const rel = relative(root, target)
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel))
}

/** Where a path really leads: every link followed, dangling ones included. */
interface RealTarget {
  real: string
  /** The first symlink the path went through (absolute), if any. */
  via: string | null
}

/**
 * The path the file system would reach for `absolute`, following every symlink component by
 * component with `lstat`, the way `open(O_CREAT)` does. Unlike `realpath` it does not stop at a
 * missing entry: a dangling link's target (relative or absolute, a chain of links, a link to a
 * missing folder) is followed, so a write through it is checked where it would really land.
 * Below the first missing entry nothing exists, so the rest is joined as written.
 */
function followLinks(absolute: string): RealTarget {
  const { root } = parse(absolute)
  let current = root
  let via: string | null = null
  let links = 0
  const pending = absolute.slice(root.length).split(sep).filter(Boolean)
  while (pending.length > 0) {
    const name = pending.shift() as string
    if (name === '.') continue
    if (name === '..') {
      current = resolve(current, '..')
      continue
    }
    const next = join(current, name)
    let isLink: boolean
    try {
      isLink = lstatSync(next).isSymbolicLink()
    } catch {
      // Missing: nothing below it can be a link yet (writing creates plain folders and a file).
      return { real: resolve(next, ...pending), via }
    }
    if (!isLink) {
      current = next
      continue
    }
    if (++links > MAX_LINKS) throw new ToolError(`too many symbolic links in ${absolute}`)
    via ??= next
    const target = readlinkSync(next)
    const { root: targetRoot } = parse(target)
    // An absolute link starts again from its root; a relative one goes on from the link's folder.
    if (targetRoot !== '') current = targetRoot
    pending.unshift(...target.slice(targetRoot.length).split(sep).filter(Boolean))
  }
  return { real: current, via }
}

/** A tool's path, resolved: where it really leads and how the person should see it. */
export interface WorkspacePath {
  /** The real absolute path the call reads or writes (every symlink followed). */
  absolute: string
  /** `absolute` relative to the workspace, as the model and the person see it. */
  shown: string
  /** When the path goes through a symlink: that link, relative to the workspace. */
  through: string | null
}

function workspaceRoot(workspace: string): string {
  try {
    return realpathSync(resolve(workspace))
  } catch {
    return resolve(workspace)
  }
}

/** How many names the regular file at `real` has (1 for anything else or nothing there). */
function hardLinks(real: string): number {
  try {
    const info = lstatSync(real)
    return info.isFile() ? info.nlink : 1
  } catch {
    // Nothing there (or a name the system refuses, as `followLinks` treats it): no other names.
    return 1
  }
}

/**
 * Resolves a tool's path argument inside the workspace. Absolute paths, `..` and symlinks
 * (dangling ones included) that lead outside are refused with a message the model can act on,
 * and so is a file with several hard links: its other names may be outside, and the same inode
 * is the same file wherever it is named from.
 */
export function locateInWorkspace(workspace: string, path: string): WorkspacePath {
  if (path.includes('\0')) throw new ToolError('path contains a NUL character')
  const root = workspaceRoot(workspace)
  const target = resolve(root, path)
  if (!isInside(root, target)) {
    throw new ToolError(
      `path "${path}" is outside the workspace; use a path relative to the workspace root`,
    )
  }
  // Followed as written, not as `resolve` normalised it: the kernel takes a `..` after a
  // symlinked folder from where the link leads (`L/../x` with L → /outside is /x).
  const { real, via } = followLinks(isAbsolute(path) ? path : `${root}${sep}${path}`)
  const through = via === null ? null : relative(root, via) || '.'
  if (!isInside(root, real)) {
    throw new ToolError(
      `path "${path}" leads outside the workspace through the symbolic link ${through ?? path} (to ${real}); use a path whose real location is inside the workspace`,
    )
  }
  const shown = relative(root, real) || '.'
  const links = hardLinks(real)
  if (links > 1)
    throw new ToolError(
      `path "${path}" counts as outside the workspace: ${hardLinkMessage(shown, links)}`,
    )
  return { absolute: real, shown, through }
}

/** The real absolute path of a tool's path argument, confined to the workspace (see above). */
export function resolveInWorkspace(workspace: string, path: string): string {
  return locateInWorkspace(workspace, path).absolute
}

/** The path as the model and the person should see it: relative to the workspace. */
export function displayPath(workspace: string, absolute: string): string {
  return relative(workspaceRoot(workspace), absolute) || '.'
}
