import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/**
 * Where the built renderer is: beside the built CLI (`out/cli/parley.js` → `out/renderer`), or,
 * when running from source (tests), the checkout's `out/renderer`. Returns the first that holds
 * an index.html, else the first candidate (the host then explains that the app is not built).
 */
export function findRendererDir(moduleUrl: string = import.meta.url): string {
  const candidates = ['../renderer', '../../../out/renderer'].map((relative) =>
    fileURLToPath(new URL(relative, moduleUrl)),
  )
  return candidates.find((dir) => existsSync(`${dir}/index.html`)) ?? (candidates[0] as string)
}
