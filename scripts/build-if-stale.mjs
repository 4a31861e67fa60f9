// Builds the app (`npm run build`) when its output is missing or older than the sources. Shared by
// `npm run parley` (scripts/parley.mjs) and the unit tests' global setup, so neither depends on a
// build someone happened to run before.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import process from 'node:process'
import { fileURLToPath } from 'node:url'

export const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const stamps = ['out/cli/parley.js', 'out/renderer/index.html', 'out/main/index.js'].map((f) =>
  join(root, f),
)
const configs = ['package.json', 'electron.vite.config.ts', 'vite.cli.config.ts'].map((f) =>
  join(root, f),
)

function newestSource(dir) {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    newest = Math.max(newest, entry.isDirectory() ? newestSource(path) : statSync(path).mtimeMs)
  }
  return newest
}

export function buildIsStale() {
  const sourceTime = Math.max(
    newestSource(join(root, 'src')),
    ...configs.filter(existsSync).map((f) => statSync(f).mtimeMs),
  )
  return stamps.some((f) => !existsSync(f) || statSync(f).mtimeMs < sourceTime)
}

/** Builds when stale; build output goes to stderr. Returns the build's exit status (0 = fine). */
export function buildIfStale() {
  if (!buildIsStale()) return 0
  process.stderr.write('parley: building…\n')
  const built = spawnSync('npm', ['run', '--silent', 'build'], {
    cwd: root,
    stdio: ['ignore', 2, 2],
  })
  return built.status ?? 1
}
