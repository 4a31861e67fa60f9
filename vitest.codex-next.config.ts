import { defineConfig } from 'vitest/config'

/** `npm run test:codex-next`: the optional test against the newer Codex ACP adapter. */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/main/runtime/acp/*.optional-test.ts'],
    testTimeout: 60_000,
  },
})
