#!/usr/bin/env node
// `npm run dist`: installers with electron-builder. It needs the Electron binary that the
// `electron` package downloads at install time; where that download failed (no network to its
// host), say so in one line instead of letting electron-builder spend a minute on DNS errors.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import process from 'node:process'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
// PARLEY_ELECTRON_DIR: the electron package folder (tests point it elsewhere).
const electronDir = process.env.PARLEY_ELECTRON_DIR ?? join(root, 'node_modules', 'electron')
const pathFile = join(electronDir, 'path.txt')
const binary = existsSync(pathFile)
  ? join(electronDir, 'dist', readFileSync(pathFile, 'utf8').trim())
  : undefined
if (!process.env.ELECTRON_OVERRIDE_DIST_PATH && (!binary || !existsSync(binary))) {
  process.stderr.write(
    'parley dist: the Electron binary is not installed (node_modules/electron/dist is missing: its download failed at npm install); install it with network access (`node node_modules/electron/install.js`) or set ELECTRON_OVERRIDE_DIST_PATH, then run `npm run dist` again.\n',
  )
  process.exit(1)
}
for (const [command, args] of [
  ['npm', ['run', '--silent', 'build']],
  ['npx', ['electron-builder', ...process.argv.slice(2)]],
]) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}
