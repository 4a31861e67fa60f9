import { randomBytes } from 'node:crypto'
import {
  chmod,
  lstat,
  mkdir,
  readdir,
  rename,
  rm,
  rmdir,
  symlink,
  unlink,
  writeFile,
} from 'node:fs/promises'
import { basename, dirname, join, sep } from 'node:path'
/** One file a restore changes: written back as it was, or removed (created since). */
export interface FileChange {
  path: string
  change: 'restored' | 'recreated' | 'removed'
  /** The blob in the checkpoint (absent for `removed`). */
  blob?: { sha: string; mode: string }
  /** The blob in the present (absent for `recreated`). */
  present?: { sha: string; mode: string }
}

/** Whether any folder on the way to `rel` (below `root`) is a symlink or not a folder. */
export async function throughLink(root: string, rel: string): Promise<boolean> {
  const parts = rel.split('/').slice(0, -1)
  let current = root
  for (const part of parts) {
    current = join(current, part)
    const info = await lstat(current).catch(() => null)
    if (info === null || !info.isDirectory()) return info?.isSymbolicLink() ?? false
  }
  return false
}

/**
 * Writes `changes` to `workspace` from `contents` (blob sha → bytes): removals first (a file may
 * come back where a folder of created files is now), then files back as they were. A path whose
 * folder is reached through a symlink is refused (it could lead outside the workspace), as are
 * nested repositories and files whose content is missing.
 */
export async function applyChanges(
  workspace: string,
  changes: readonly FileChange[],
  contents: ReadonlyMap<string, Buffer>,
): Promise<{ restored: string[]; refused: string[] }> {
  const restored: string[] = []
  const refused: string[] = []
  // Removals first: a file may come back where a folder of created files is now.
  const ordered = [
    ...changes.filter((c) => c.change === 'removed'),
    ...changes.filter((c) => c.change !== 'removed'),
  ]
  for (const change of ordered) {
    if (await throughLink(workspace, change.path)) {
      refused.push(change.path)
      continue
    }
    const absolute = join(workspace, ...change.path.split('/'))
    if (!change.blob) {
      await rm(absolute, { force: true })
      await pruneFolders(workspace, dirname(absolute))
      restored.push(change.path)
      continue
    }
    if (change.blob.mode === '160000') {
      refused.push(change.path)
      continue
    }
    const content = contents.get(change.blob.sha)
    if (content === undefined) {
      refused.push(change.path)
      continue
    }
    const wrote = await writeBack(absolute, content, change.blob.mode).then(
      () => true,
      () => false,
    )
    ;(wrote ? restored : refused).push(change.path)
  }
  return { restored, refused }
}

/** Writes one file back (temp + rename; a symlink as a link; mode kept). */
async function writeBack(absolute: string, content: Buffer, mode: string): Promise<void> {
  const folder = dirname(absolute)
  const inTheWay = await lstat(folder).catch(() => null)
  if (inTheWay !== null && !inTheWay.isDirectory()) await unlink(folder)
  await mkdir(folder, { recursive: true })
  const existing = await lstat(absolute).catch(() => null)
  if (existing?.isDirectory()) await rm(absolute, { recursive: true, force: true })
  const temporary = join(folder, `.${basename(absolute)}.parley-${randomBytes(6).toString('hex')}`)
  try {
    if (mode === '120000') await symlink(content.toString('utf8'), temporary)
    else {
      await writeFile(temporary, content, { flag: 'wx' })
      await chmod(temporary, mode === '100755' ? 0o755 : 0o644)
    }
    await rename(temporary, absolute)
  } catch (error) {
    await unlink(temporary).catch(() => undefined)
    throw error
  }
}

/** Removes folders emptied by a removal, up to (never including) the workspace. */
async function pruneFolders(workspace: string, folder: string): Promise<void> {
  let current = folder
  while (current.length > workspace.length && current.startsWith(workspace + sep)) {
    const left = await readdir(current).catch(() => null)
    if (left === null || left.length > 0) return
    await rmdir(current).catch(() => undefined)
    current = dirname(current)
  }
}
