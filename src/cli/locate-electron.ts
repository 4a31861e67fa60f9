import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

/** Where the Electron binary is, or why Parley cannot start it here. */
export type ElectronLocation =
  | { ok: true; binary: string }
  /** `downloadable`: only the binary is missing, and Electron's installer can fetch it. */
  | { ok: false; reason: string; downloadable: boolean }

export interface LocateElectronOptions {
  /** Folder of the `electron` npm package; null when it is not installed. */
  packageDir: string | null
  env: NodeJS.ProcessEnv
  platform: NodeJS.Platform
}

/**
 * Finds the Electron binary the way the `electron` package does (its `path.txt`, or
 * ELECTRON_OVERRIDE_DIST_PATH), without requiring the package: its index would download a
 * missing binary synchronously with no progress and a stack trace on failure, so the download is
 * left to `installElectron`, which the caller runs when `downloadable` says it can help. Linux
 * without a display is refused first (Electron would exit at once; a download would not help).
 */
export function locateElectron(options: LocateElectronOptions): ElectronLocation {
  const { packageDir, env, platform } = options
  if (packageDir === null)
    return { ok: false, reason: 'the electron package is not installed', downloadable: false }
  if (platform === 'linux' && !env.DISPLAY && !env.WAYLAND_DISPLAY)
    return {
      ok: false,
      reason: 'no display: DISPLAY and WAYLAND_DISPLAY are unset',
      downloadable: false,
    }
  const pathFile = join(packageDir, 'path.txt')
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : undefined
  const override = env.ELECTRON_OVERRIDE_DIST_PATH
  const binary = join(override || join(packageDir, 'dist'), relative ?? 'electron')
  if ((relative === undefined && !override) || !existsSync(binary))
    return { ok: false, reason: 'the Electron binary is not installed', downloadable: !override }
  return { ok: true, binary }
}

/**
 * The installed `electron` package's folder, resolved from `fromUrl`, or null. Env
 * PARLEY_ELECTRON_DIR names another one (tests use a copy, as `npm run dist`'s test does).
 */
export function electronPackageDir(
  fromUrl: string,
  env: NodeJS.ProcessEnv = process.env,
): string | null {
  if (env.PARLEY_ELECTRON_DIR) return env.PARLEY_ELECTRON_DIR
  try {
    return dirname(createRequire(fromUrl).resolve('electron/package.json'))
  } catch {
    return null
  }
}
