import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

/** Where the Electron binary is, or why Parley cannot start it here. */
export type ElectronLocation = { ok: true; binary: string } | { ok: false; reason: string }

export interface LocateElectronOptions {
  /** Folder of the `electron` npm package; null when it is not installed. */
  packageDir: string | null
  env: NodeJS.ProcessEnv
  platform: NodeJS.Platform
}

/**
 * Finds the Electron binary the way the `electron` package does (its `path.txt`, or
 * ELECTRON_OVERRIDE_DIST_PATH), without requiring the package: its index tries to download the
 * binary when missing, and this machine has no network. Also refuses Linux without a display,
 * where Electron would exit at once.
 */
export function locateElectron(options: LocateElectronOptions): ElectronLocation {
  const { packageDir, env, platform } = options
  if (packageDir === null) return { ok: false, reason: 'the electron package is not installed' }
  const pathFile = join(packageDir, 'path.txt')
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : undefined
  const distDir = env.ELECTRON_OVERRIDE_DIST_PATH || join(packageDir, 'dist')
  if (relative === undefined && !env.ELECTRON_OVERRIDE_DIST_PATH)
    return { ok: false, reason: 'binary not installed' }
  const binary = join(distDir, relative ?? 'electron')
  if (!existsSync(binary)) return { ok: false, reason: 'binary not installed' }
  if (platform === 'linux' && !env.DISPLAY && !env.WAYLAND_DISPLAY)
    return { ok: false, reason: 'no display: DISPLAY and WAYLAND_DISPLAY are unset' }
  return { ok: true, binary }
}

/** The installed `electron` package's folder, resolved from `fromUrl`, or null. */
export function electronPackageDir(fromUrl: string): string | null {
  try {
    return dirname(createRequire(fromUrl).resolve('electron/package.json'))
  } catch {
    return null
  }
}
