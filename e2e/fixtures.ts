import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { test as base, expect, type Locator, type Page } from '@playwright/test'
import {
  createFolders,
  startParleyServer,
  type ParleyFolders,
  type ParleyServer,
  type ServerOptions,
} from './parley-server'

type Fixtures = {
  /** Scenario file (in e2e/scenarios) the server runs; set per file with test.use(). */
  scenario: string
  /** Pause between the fake model's streamed deltas (PARLEY_FAKE_DELAY_MS); '' = the default. */
  fakeDelayMs: string
  /** More environment for the server (a provider pointed somewhere, for example). */
  serverEnv: Record<string, string>
  /** An ACP agent or MCP servers to start the server with. */
  serverOptions: ServerOptions
  /** More command-line options for `parley serve` (`--acp "…"`, `--mcp-config FILE`). */
  serverArgs: string[]
  /** Files written into the workspace before the server starts (relative path → content). */
  workspaceFiles: Record<string, string>
  folders: ParleyFolders
  server: ParleyServer
  /** The page, opened at the server's URL with the app ready. */
  app: Page
}

export const test = base.extend<Fixtures>({
  scenario: ['journey.json', { option: true }],
  fakeDelayMs: ['', { option: true }],
  serverEnv: [{}, { option: true }],
  serverOptions: [{}, { option: true }],
  serverArgs: [[], { option: true }],
  workspaceFiles: [{}, { option: true }],
  // Playwright requires a destructuring pattern here even when no fixture is used.
  // eslint-disable-next-line no-empty-pattern
  folders: async ({}, provide) => {
    const folders = await createFolders()
    try {
      await provide(folders)
    } finally {
      await folders.remove()
    }
  },
  server: async (
    { scenario, folders, fakeDelayMs, serverEnv, serverOptions, serverArgs, workspaceFiles },
    provide,
  ) => {
    const env: Record<string, string> = {
      ...(fakeDelayMs ? { PARLEY_FAKE_DELAY_MS: fakeDelayMs } : {}),
      ...serverEnv,
    }
    for (const [path, content] of Object.entries(workspaceFiles)) {
      await writeFile(join(folders.workspace, path), content)
    }
    const server = await startParleyServer(scenario, folders, env, {
      ...serverOptions,
      args: serverArgs,
    })
    let killed = false
    const kill = server.kill
    try {
      await provide({
        ...server,
        kill: () => {
          killed = true
          return kill()
        },
      })
    } finally {
      const exit = await server.stop()
      // A journey ends without a stack trace or an unhandled error on parley serve's stderr (a
      // test that killed the server on purpose is judged by what it checks itself).
      if (!killed) {
        expect(exit.stderr).not.toMatch(/^\s+at .+:\d+:\d+\)?$|Unhandled|uncaught/im)
        // …and quits on its own when asked (SIGTERM), within stopChild's 5 s, with exit code 0.
        expect(
          { code: exit.code, signal: exit.signal },
          `how parley serve quit; its stderr:\n${exit.stderr}`,
        ).toEqual({ code: 0, signal: null })
      }
    }
  },
  app: async ({ page, server }, provide, testInfo) => {
    // The page must run clean: no uncaught errors and no CSP violations.
    const problems: string[] = []
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
    page.on('console', (message) => {
      // Reconnect attempts while a server is down are logged by the browser itself; expected.
      const reconnecting = /WebSocket connection to .* failed/.test(message.text())
      if (message.type() === 'error' && !reconnecting) problems.push(`console: ${message.text()}`)
    })
    await page.goto(server.url)
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible()
    await provide(page)
    if (testInfo.status === testInfo.expectedStatus) expect(problems).toEqual([])
  },
})

export { expect }

/** Types into the composer and sends with Enter. */
export async function sendMessage(page: Page, text: string) {
  const box = page.getByRole('textbox', { name: 'Message' })
  await box.fill(text)
  // Send is enabled once the previous turn has ended (a reply's text shows before its turn ends).
  await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeEnabled()
  await box.press('Enter')
}

/** Waits until the tray's keys are armed (the type-ahead guard has passed). */
export async function waitUntilArmed(tray: Locator) {
  await expect(tray).toHaveAttribute('data-armed', 'true')
}
