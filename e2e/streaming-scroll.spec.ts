import type { Locator } from '@playwright/test'
import { expect, sendMessage, test } from './fixtures'

test.use({ scenario: 'streaming.json', fakeDelayMs: '25' })

/** Pixels between the bottom of the scrolled content and the bottom of its viewport. */
function distanceFromBottom(scroller: Locator): Promise<number> {
  type Box = { scrollHeight: number; scrollTop: number; clientHeight: number }
  return scroller.evaluate((el) => {
    const box = el as unknown as Box
    return box.scrollHeight - box.scrollTop - box.clientHeight
  })
}

test('the transcript follows streaming text until the person scrolls up', async ({ app: page }) => {
  const log = page.getByRole('log', { name: 'Conversation' })
  await sendMessage(page, 'Stream a long answer')
  await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible()

  // While text streams in, the view stays at the end.
  await expect(log.getByText('Line 40:')).toBeVisible()
  await expect.poll(() => distanceFromBottom(log)).toBeLessThan(60)

  // The person scrolls up: the stream no longer moves the view.
  await log.hover()
  await page.mouse.wheel(0, -1_500)
  await expect(page.getByRole('button', { name: 'Jump to latest' })).toBeVisible()
  const scrolledTo = await log.evaluate((el) => (el as unknown as { scrollTop: number }).scrollTop)
  await expect(page.getByRole('button', { name: 'Stop' })).toBeHidden()
  const after = await log.evaluate((el) => (el as unknown as { scrollTop: number }).scrollTop)
  expect(Math.abs(after - scrolledTo)).toBeLessThan(5)
  expect(await distanceFromBottom(log)).toBeGreaterThan(500)

  await page.getByRole('button', { name: 'Jump to latest' }).click()
  await expect(log.getByText('The end of the long answer.')).toBeVisible()
  await expect.poll(() => distanceFromBottom(log)).toBeLessThan(60)
})
