import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

/** Builds the peer page of `npm run bench:peers` (streamdown, react-markdown) into out/bench-peers. */
export default defineConfig({
  root: 'bench/peer-page',
  base: './',
  plugins: [react()],
  logLevel: 'warn',
  build: { outDir: '../../out/bench-peers', emptyOutDir: true, chunkSizeWarningLimit: 10_000 },
})
