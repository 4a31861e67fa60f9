#!/usr/bin/env node
// Runs the `parley` CLI from a checkout (build output goes to stderr: stdout is the CLI's own), building first when the build is missing or older than
// the sources. npm puts the pinned Node 24 (devDependency `node`) first on PATH for this script.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import process from 'node:process'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const cli = join(root, 'out/cli/parley.js')
const stamps = [cli, join(root, 'out/renderer/index.html'), join(root, 'out/main/index.js')]

function newestSource(dir) {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    newest = Math.max(newest, entry.isDirectory() ? newestSource(path) : statSync(path).mtimeMs)
  }
  return newest
}

const configs = ['package.json', 'electron.vite.config.ts', 'vite.cli.config.ts'].map((f) =>
  join(root, f),
)
const sourceTime = Math.max(
  newestSource(join(root, 'src')),
  ...configs.filter(existsSync).map((f) => statSync(f).mtimeMs),
)
const stale = stamps.some((f) => !existsSync(f) || statSync(f).mtimeMs < sourceTime)
if (stale) {
  process.stderr.write('parley: building…\n')
  const built = spawnSync('npm', ['run', '--silent', 'build'], {
    cwd: root,
    stdio: ['ignore', 2, 2],
  })
  if (built.status !== 0) {
    process.stderr.write('parley: build failed\n')
    process.exit(built.status ?? 1)
  }
}
// Same process, same argv (the CLI reads process.argv.slice(2)), so signals reach it directly.
await import(pathToFileURL(cli).href)
