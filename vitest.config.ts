import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'

export default defineConfig({
  plugins: [react()],
  test: {
    // Some tests drive the built CLI, web host and preload: build first when out/ is stale.
    globalSetup: ['scripts/test-global-setup.mjs'],
    // A stray .only would shrink the run and still pass: refused everywhere, not just with CI set.
    allowOnly: false,
    // Three test files at once. Vitest's default is one fewer than the cores (one worker on a 2-core
    // CI machine), but the slow files mostly wait on processes they spawn (tmux, the CLI, agents).
    maxWorkers: 3,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'src/{shared,main,preload,hosts,tui,cli}/**/*.test.{ts,tsx}',
            'scripts/**/*.test.ts',
          ],
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'renderer',
          environment: 'jsdom',
          include: ['src/{renderer,ui-common}/**/*.test.{ts,tsx}'],
          setupFiles: ['src/renderer/testing/load-deferred-parts.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
})
