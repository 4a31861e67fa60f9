import { existsSync } from 'node:fs'
import { defineConfig, devices } from '@playwright/test'

/**
 * E2E journeys in Chromium through the web host (`parley serve`) on the fake scripted backend.
 * `npm test` builds first; each test starts its own server with a throwaway data folder.
 * The system Chromium is used where it exists (no download); otherwise Playwright's own.
 */
const SYSTEM_CHROMIUM = '/usr/bin/chromium'

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  timeout: 120_000,
  expect: { timeout: 20_000 },
  // Tests, not just files, are shared out between the workers: the screenshot suite is one file.
  fullyParallel: true,
  // A stray test.only would shrink the run and still pass: refused everywhere, not just in CI.
  forbidOnly: true,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  use: {
    ...devices['Desktop Chrome'],
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
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
