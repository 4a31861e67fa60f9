#!/usr/bin/env node
// `npm run dist`: installers with electron-builder. It needs the Electron binary, which the
// `electron` package (45+) does not download at npm install but on first use: `npm start` or
// `npx install-electron`. Where it is still missing, say so in one line instead of letting
// electron-builder spend a minute on DNS errors.
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
    'parley dist: the Electron binary is not installed (node_modules/electron/dist is missing); get it with network access (`npx install-electron`, or `npm start` once) or set ELECTRON_OVERRIDE_DIST_PATH, then run `npm run dist` again.\n',
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
