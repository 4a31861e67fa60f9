import config from './playwright.config'
import { defineConfig } from '@playwright/test'

/** `npm run bench:peers`: the peer harness, with bench:ui's browser settings. */
export default defineConfig({
  ...config,
  testMatch: 'peer-benchmarks.ts',
  globalTimeout: 2_400_000,
})
