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
  ssr: { noExternal: ['ink', 'es-toolkit'] },
  build: {
    ssr: 'src/cli/parley.ts',
    outDir: 'out/cli',
    emptyOutDir: true,
    target: 'node20',
    sourcemap: true,
    rollupOptions: {
      external: (id, importer) => {
        // ink is bundled so that only the one es-toolkit function it uses is loaded, not the
        // 400 modules of \`es-toolkit/compat\` (a quarter of a second before the first frame).
        if (id === 'ink' || id.startsWith('es-toolkit')) return false
        if (
          importer?.includes('/node_modules/ink/') ||
          importer?.includes('/node_modules/es-toolkit/')
        )
          return !id.startsWith('.') && !id.startsWith('/')
        return external.some((name) => id === name || id.startsWith(`${name}/`))
      },
      output: { entryFileNames: 'parley.js', banner: '#!/usr/bin/env node' },
    },
  },
})
