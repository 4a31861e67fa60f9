import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The folder holding Parley's package.json (a checkout, or the installed package), found by
 * walking up from this module. Bundling moves modules around (`out/cli/assets/…`), so fixed
 * relative paths would break; the package.json does not move.
 */
export function findAppRoot(moduleUrl: string = import.meta.url): string | null {
  let dir = dirname(fileURLToPath(moduleUrl))
  for (;;) {
    const manifest = join(dir, 'package.json')
    if (existsSync(manifest) && isParleyManifest(manifest)) return dir
    const parent = dirname(dir)
    if (parent === dir) return null
    dir = parent
  }
}

function isParleyManifest(path: string): boolean {
  try {
    return (JSON.parse(readFileSync(path, 'utf8')) as { name?: unknown }).name === 'parley'
  } catch {
    return false
  }
}

/** The built renderer (`out/renderer` under the app root). */
export function findRendererDir(moduleUrl: string = import.meta.url): string {
  return join(findAppRoot(moduleUrl) ?? process.cwd(), 'out', 'renderer')
}
