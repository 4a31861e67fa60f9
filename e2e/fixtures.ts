import { test as base, expect, type Page } from '@playwright/test'
import { startParleyServer, type ParleyServer } from './parley-server'

type Fixtures = {
  /** Scenario file (in e2e/scenarios) the server runs; set per file with test.use(). */
  scenario: string
  server: ParleyServer
  /** The page, opened at the server's URL with the app ready. */
  app: Page
}

export const test = base.extend<Fixtures>({
  scenario: ['journey.json', { option: true }],
  server: async ({ scenario }, provide) => {
    const server = await startParleyServer(scenario)
    try {
      await provide(server)
    } finally {
      await server.stop()
    }
  },
  app: async ({ page, server }, provide) => {
    await page.goto(server.url)
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible()
    await provide(page)
  },
})

export { expect }

/** Types into the composer and sends with Enter. */
export async function sendMessage(page: Page, text: string) {
  const box = page.getByRole('textbox', { name: 'Message' })
  await box.fill(text)
  await box.press('Enter')
}
