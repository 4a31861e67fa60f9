import { homedir } from 'node:os'
import { join } from 'node:path'

/**
 * Where sessions and settings live when neither `--data-dir` nor `PARLEY_DATA_DIR` says: the
 * platform's per-user data folder (the same one Electron's `userData` resolves to).
 */
export function defaultDataDir(
  env: NodeJS.ProcessEnv = process.env,
  platform = process.platform,
): string {
  if (env.PARLEY_DATA_DIR) return env.PARLEY_DATA_DIR
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'Parley')
  if (platform === 'win32')
    return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'Parley')
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), 'Parley')
}
