import { defineConfig } from 'vitest/config'

/**
 * `npm run test:agents`: real agents (Claude Code, Codex, Gemini CLI, opencode, Qwen Code, Copilot
 * CLI) offline against aimock.
 */
export default defineConfig({
  test: {
    environment: 'node',
    // The newer Codex adapter's form test (also run alone by `npm run test:codex-next`).
    include: ['src/main/runtime/acp/*.agents-test.ts', 'src/main/runtime/acp/*.optional-test.ts'],
    testTimeout: 120_000,
    hookTimeout: 60_000,
    // One agent at a time: each is heavy, and the machine is shared.
    fileParallelism: false,
  },
})
