import { defineConfig, type Plugin } from 'vite'
import { chmodSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { join } from 'node:path'
import pkg from './package.json' with { type: 'json' }

const external = [
  ...builtinModules,
  ...builtinModules.map((m) => `node:${m}`),
  ...Object.keys(pkg.dependencies),
  ...Object.keys(pkg.devDependencies),
]

/**
 * The built command keeps its executable bit: the build writes a new file each time, and
 * package.json `bin` (npx parley, npm link) runs it directly.
 */
const executableEntry = (): Plugin => ({
  name: 'parley-executable-entry',
  writeBundle(options) {
    if (options.dir) chmodSync(join(options.dir, 'parley.js'), 0o755)
  },
})

/** Builds the `parley` command (headless runner, web host, TUI) for Node. */
export default defineConfig({
  plugins: [executableEntry()],
  build: {
    ssr: 'src/cli/parley.ts',
    outDir: 'out/cli',
    emptyOutDir: true,
    target: 'node20',
    sourcemap: true,
    rollupOptions: {
      external: (id) => external.some((name) => id === name || id.startsWith(`${name}/`)),
      output: { entryFileNames: 'parley.js', banner: '#!/usr/bin/env node' },
    },
  },
})
