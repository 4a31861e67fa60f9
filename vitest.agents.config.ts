import { defineConfig } from 'vitest/config'

/** `npm run test:agents`: real agents (Claude Code, Codex, Gemini CLI) offline against aimock. */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/main/runtime/acp/*.agents-test.ts'],
    testTimeout: 120_000,
    hookTimeout: 60_000,
    // One agent at a time: each is heavy, and the machine is shared.
    fileParallelism: false,
  },
})
