import type { Locator } from '@playwright/test'
import { expect, sendMessage, test, waitUntilArmed } from './fixtures'

test.use({ scenario: 'question-rows.json', fakeDelayMs: '0' })

/** Pixels between the bottom of the scrolled content and the bottom of its viewport. */
function distanceFromBottom(scroller: Locator): Promise<number> {
  type Box = { scrollHeight: number; scrollTop: number; clientHeight: number }
  return scroller.evaluate((el) => {
    const box = el as unknown as Box
    return box.scrollHeight - box.scrollTop - box.clientHeight
  })
}

test('the view keeps following the end while the tray grows, and the multi-select answer reads as a list', async ({
  app: page,
}) => {
  const log = page.getByRole('log', { name: 'Conversation' })
  const tray = page.getByRole('region', { name: 'Agent question' })
  const jump = page.getByRole('button', { name: 'Jump to latest' })
  await sendMessage(page, 'Report then ask')
  await waitUntilArmed(tray)
  await expect(log.getByText('Finding 40:')).toBeVisible()
  await expect.poll(() => distanceFromBottom(log)).toBeLessThan(60)

  // Ticking "Other" opens its text box: the tray grows, the view stays at the end.
  const platforms = tray.getByRole('group', {
    name: 'Which platforms should the release build for?',
  })
  const before = await tray.boundingBox()
  await platforms.getByRole('checkbox', { name: 'Other' }).check()
  await expect(tray.getByRole('textbox', { name: 'Other answer' })).toBeVisible()
  expect((await tray.boundingBox())?.height).toBeGreaterThan((before?.height ?? 0) + 20)
  await expect.poll(() => distanceFromBottom(log)).toBeLessThan(60)
  await expect(jump).toBeHidden()

  await platforms.getByRole('checkbox', { name: 'Linux' }).check()
  await platforms.getByRole('checkbox', { name: 'macOS' }).check()
  await tray.getByRole('textbox', { name: 'Other answer' }).fill('FreeBSD')
  await expect.poll(() => distanceFromBottom(log)).toBeLessThan(60)
  await expect(jump).toBeHidden()

  await tray.getByRole('button', { name: 'Submit' }).click()
  await expect(log).toContainText('Building for:')
  const answered = log.locator('.question-card')
  await expect(answered.getByRole('definition')).toHaveText('Linux, macOS, FreeBSD')
})

test('scrolled up, the view stays put while the tray grows', async ({ app: page }) => {
  const log = page.getByRole('log', { name: 'Conversation' })
  const tray = page.getByRole('region', { name: 'Agent question' })
  await sendMessage(page, 'Report then ask')
  await waitUntilArmed(tray)
  await expect(log.getByText('Finding 40:')).toBeVisible()
  await log.hover()
  await page.mouse.wheel(0, -600)
  await expect(page.getByRole('button', { name: 'Jump to latest' })).toBeVisible()
  const top = await log.evaluate((el) => (el as unknown as { scrollTop: number }).scrollTop)
  await tray.getByRole('checkbox', { name: 'Other' }).check()
  await expect(tray.getByRole('textbox', { name: 'Other answer' })).toBeVisible()
  const after = await log.evaluate((el) => (el as unknown as { scrollTop: number }).scrollTop)
  expect(Math.abs(after - top)).toBeLessThan(5)
  await expect(page.getByRole('button', { name: 'Jump to latest' })).toBeVisible()
})

test('a question closed by Stop says so in plain words', async ({ app: page }) => {
  const log = page.getByRole('log', { name: 'Conversation' })
  const tray = page.getByRole('region', { name: 'Agent question' })
  await sendMessage(page, 'Ask then stop')
  await expect(tray).toBeVisible()
  await tray.getByRole('button', { name: 'Stop' }).click()
  await expect(tray).toBeHidden()
  const card = log.locator('.question-card')
  await expect(card).toContainText('Question closed')
  await expect(card).toContainText('Keep the cache?')
  await expect(card).toContainText('Not answered: the turn was stopped.')
  await expect(card).not.toContainText('did not finish')
})
