import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import react from '@vitejs/plugin-react'

/**
 * Electron build: main (ESM, runs in Electron's Node), preload (CommonJS: a sandboxed preload
 * cannot load ES modules or anything from node_modules, so everything it imports is bundled), and
 * the renderer. The renderer uses relative asset URLs (`base: './'`) so the same `out/renderer`
 * loads from `file://` in Electron and over HTTP from the web host (`parley serve`).
 */
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      lib: { entry: resolve('src/main/index.ts') },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      externalizeDeps: false,
      lib: { entry: resolve('src/preload/index.ts') },
      rolldownOptions: {
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: 'src/renderer',
    base: './',
    plugins: [react()],
    build: {
      outDir: 'out/renderer',
      // electron-vite leaves bundles unminified by default; the renderer is the one that ships big.
      minify: true,
      rolldownOptions: { input: resolve('src/renderer/index.html') },
    },
  },
})
