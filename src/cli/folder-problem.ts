import { statSync } from 'node:fs'
import { resolve } from 'node:path'
import { defaultDataDir } from '../main/runtime/sessions/data-dir'
import type { CliOptions } from './parse-cli'

/**
 * Why `--data-dir` or `--workspace` cannot be used, in one line, or undefined. A data folder
 * that does not exist yet is created; one that is a file is refused, as is a missing workspace.
 */
export function folderProblem(options: CliOptions): string | undefined {
  const kind = (path: string) => {
    try {
      return statSync(path).isDirectory() ? 'folder' : 'other'
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'missing' : 'other'
    }
  }
  const dataDir = options.dataDir ?? defaultDataDir()
  if (kind(dataDir) === 'other')
    return `the data folder ${resolve(dataDir)} is not a folder (--data-dir or PARLEY_DATA_DIR)`
  if (options.workspace !== undefined && kind(options.workspace) !== 'folder')
    return `--workspace ${resolve(options.workspace)} is not a folder`
  return undefined
}
