import { homedir } from 'node:os'
import { join } from 'node:path'
import { productName } from '../../../../package.json'

/** The data folder's name: package.json `productName`, shared by the desktop app and the CLI. */
export const DATA_FOLDER_NAME = productName

/**
 * Where sessions and settings live when neither `--data-dir` nor `PARLEY_DATA_DIR` says: the
 * platform's per-user data folder, named by package.json `productName`. The desktop app (packaged
 * or not) and every `parley` command use this one function, so they share one folder.
 */
export function defaultDataDir(
  env: NodeJS.ProcessEnv = process.env,
  platform = process.platform,
): string {
  if (env.PARLEY_DATA_DIR) return env.PARLEY_DATA_DIR
  if (platform === 'darwin')
    return join(homedir(), 'Library', 'Application Support', DATA_FOLDER_NAME)
  if (platform === 'win32')
    return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), DATA_FOLDER_NAME)
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), DATA_FOLDER_NAME)
}
