#!/usr/bin/env node
// Runs the `parley` CLI from a checkout, building first when the build is missing or older than
// the sources (build output goes to stderr: stdout is the CLI's own). npm puts the pinned Node 24
// (devDependency `node`) first on PATH for this script.
import { join } from 'node:path'
import process from 'node:process'
import { pathToFileURL } from 'node:url'
import { buildIfStale, root } from './build-if-stale.mjs'

if (buildIfStale() !== 0) {
  process.stderr.write('parley: build failed\n')
  process.exit(1)
}
// Same process, same argv (the CLI reads process.argv.slice(2)), so signals reach it directly.
await import(pathToFileURL(join(root, 'out/cli/parley.js')).href)
