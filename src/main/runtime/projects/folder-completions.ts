import { readdir } from 'node:fs/promises'
import { basename, dirname, isAbsolute, join, resolve, sep } from 'node:path'
import { FOLDER_COMPLETIONS_MAX } from '../../../shared/projects'

/** Where a typed path is read from: the home folder (`~`, and where a relative path starts). */
export interface FolderCompletionContext {
  home: string
}

/** The folder to list and the start of the names to keep, for what the person typed so far. */
export function completionTarget(
  partial: string,
  { home }: FolderCompletionContext,
): { folder: string; prefix: string } | null {
  const typed = partial.trim()
  if (typed === '') return null
  const expanded =
    typed === '~' ? `${home}${sep}` : typed.startsWith('~/') ? join(home, typed.slice(2)) : typed
  const absolute = isAbsolute(expanded) ? expanded : resolve(home, expanded)
  // "…/src/" lists src; "…/sr" lists the parent, keeping names that start with "sr".
  if (expanded.endsWith('/') || expanded.endsWith(sep)) return { folder: absolute, prefix: '' }
  return { folder: dirname(absolute), prefix: basename(absolute) }
}

/**
 * Existing folders that complete `partial`, as absolute paths, sorted, at most
 * FOLDER_COMPLETIONS_MAX. Names starting with a dot are offered only once a dot is typed; case
 * does not matter. An unreadable or missing folder completes to nothing.
 */
export async function completeFolder(
  partial: string,
  context: FolderCompletionContext,
): Promise<string[]> {
  const target = completionTarget(partial, context)
  if (target === null) return []
  const { folder, prefix } = target
  let entries
  try {
    entries = await readdir(folder, { withFileTypes: true })
  } catch {
    return []
  }
  const lower = prefix.toLowerCase()
  return entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .filter((name) => name.toLowerCase().startsWith(lower))
    .filter((name) => !name.startsWith('.') || prefix.startsWith('.'))
    .sort((a, b) => a.localeCompare(b))
    .slice(0, FOLDER_COMPLETIONS_MAX)
    .map((name) => join(folder, name))
}
