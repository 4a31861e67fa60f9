import { appendFileSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Locator } from '@playwright/test'
import { test as base, expect } from './fixtures'
import { startParleyServer } from './parley-server'
import { ARTIFACTS, shoot } from './screens'
import { writeSessionLog } from './session-logs'

/** Writes logs into the data folder (an object: Playwright takes a bare function for a fixture). */
type Seed = { write(folders: { dataDir: string; workspace: string }): void }

/** The fixtures of ./fixtures, with session logs written into the data folder before the server starts. */
const test = base.extend<{ seed: Seed }>({
  seed: [{ write: () => undefined }, { option: true }],
  server: async ({ scenario, folders, fakeDelayMs, seed }, provide) => {
    seed.write(folders)
    const env: Record<string, string> = fakeDelayMs ? { PARLEY_FAKE_DELAY_MS: fakeDelayMs } : {}
    const server = await startParleyServer(scenario, folders, env)
    try {
      await provide(server)
    } finally {
      await server.stop()
    }
  },
})

function distanceFromEnd(scroller: Locator): Promise<number> {
  type Box = { scrollHeight: number; scrollTop: number; clientHeight: number }
  return scroller.evaluate((el) => {
    const box = el as unknown as Box
    return box.scrollHeight - box.scrollTop - box.clientHeight
  })
}

test.describe('a session of 3,000 records', () => {
  let session = { id: '', firstText: '', lastText: '' }
  test.use({
    seed: {
      write: ({ dataDir, workspace }) => {
        session = writeSessionLog(dataDir, {
          id: 's-long',
          title: 'A long session',
          records: 3_000,
          workspace,
        })
      },
    },
  })

  test('opens at its newest messages and pages older ones in as the person scrolls up', async ({
    app: page,
  }) => {
    const log = page.getByRole('log', { name: 'Conversation' })
    await expect(log.getByText(session.lastText)).toBeVisible()
    await expect.poll(() => distanceFromEnd(log)).toBeLessThan(2)
    // Only the tail was sent: the first question is not in the page yet.
    await expect(log.getByText(session.firstText, { exact: true })).toHaveCount(0)

    await log.hover()
    // Keep scrolling up until the first page has come in (each page is a round trip).
    await expect
      .poll(
        async () => {
          await page.mouse.wheel(0, -4_000)
          return log.getByText(session.firstText, { exact: true }).count()
        },
        { timeout: 60_000, intervals: [50] },
      )
      .toBeGreaterThan(0)
    await expect(log.getByText(session.firstText, { exact: true })).toBeVisible()
    // Reading the top, the view no longer follows the end.
    await expect(page.getByRole('button', { name: 'Jump to latest' })).toBeVisible()
  })
})

test.describe('log damage', () => {
  test.use({
    seed: {
      write: ({ dataDir, workspace }) => {
        writeSessionLog(dataDir, { id: 's-torn', title: 'Torn records', records: 13, workspace })
        const torn = join(dataDir, 'sessions', 's-torn.jsonl')
        const lines = readFileSync(torn, 'utf8').split('\n')
        lines.splice(3, 0, '{garbage that is not a record')
        writeFileSync(torn, lines.join('\n'))
        appendFileSync(torn, '{"type":"user_message","at":1,"tu')

        writeSessionLog(dataDir, { id: 's-headless', title: 'Lost header', records: 13, workspace })
        const headless = join(dataDir, 'sessions', 's-headless.jsonl')
        const text = readFileSync(headless, 'utf8')
        writeFileSync(headless, `{"type":"sess${text.slice(text.indexOf('\n'))}`)
      },
    },
  })

  test('is shown in the transcript with byte offsets, and a damaged header keeps the session listed', async ({
    app: page,
  }) => {
    const log = page.getByRole('log', { name: 'Conversation' })
    await page.getByRole('link', { name: /Torn records/ }).click()
    await expect(log.getByText(/Log notice: skipped a malformed record at byte \d+/)).toBeVisible()
    await expect(log.getByText(/Log notice: dropped an incomplete last record/)).toBeVisible()

    const damaged = page.getByRole('link', { name: /Damaged session/ })
    await expect(damaged).toContainText('Damaged')
    await damaged.click()
    await expect(log.getByText(/no readable session header/)).toBeVisible()
    // What could be read is still there to read.
    await expect(log.getByText('Question 1: what does src/module-1.ts do?')).toBeAttached()

    // Screenshots to look at: the damaged session, both themes, 1280 and 900 px.
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const width of [1280, 900]) {
        await page.emulateMedia({ colorScheme })
        await page.setViewportSize({ width, height: width === 900 ? 700 : 800 })
        await shoot(page, `${ARTIFACTS}/damaged-session-${colorScheme}-${width}.png`)
      }
    }
  })
})
