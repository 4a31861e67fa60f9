import { defineConfig } from 'vite'
import { builtinModules } from 'node:module'
import pkg from './package.json' with { type: 'json' }

const external = [
  ...builtinModules,
  ...builtinModules.map((m) => `node:${m}`),
  ...Object.keys(pkg.dependencies),
  ...Object.keys(pkg.devDependencies),
]

/** Builds the `parley` command (headless runner, web host, TUI) for Node. */
export default defineConfig({
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
