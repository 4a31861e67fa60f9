import { existsSync } from 'node:fs'
import { defineConfig, devices } from '@playwright/test'

/**
 * `npm run bench:ui`: the UI benchmarks in the system Chromium through the web host, one worker,
 * one run, bounded to a few minutes. Not part of `npm test`: goals are checked here and printed,
 * never asserted as timings in the test suite.
 */
const SYSTEM_CHROMIUM = '/usr/bin/chromium'

export default defineConfig({
  testDir: '.',
  testMatch: 'ui-benchmarks.ts',
  outputDir: '../test-results/bench',
  timeout: 240_000,
  globalTimeout: 1_500_000,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    ...devices['Desktop Chrome'],
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      ...(existsSync(SYSTEM_CHROMIUM) && { executablePath: SYSTEM_CHROMIUM }),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
      ],
    },
  },
})
