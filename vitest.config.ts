import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'

export default defineConfig({
  plugins: [react()],
  test: {
    // Some tests drive the built CLI, web host and preload: build first when out/ is stale.
    globalSetup: ['scripts/test-global-setup.mjs'],
    // A stray .only would shrink the run and still pass: refused everywhere, not just with CI set.
    allowOnly: false,
    // Two test files at once. Vitest's default is one fewer than the cores: one worker on a 2-core
    // CI machine, which left the second core idle whenever a file waited on a process it spawned.
    // Not more than the cores: the files are mostly busy, and the CLI tests time out when starved.
    maxWorkers: 2,
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
