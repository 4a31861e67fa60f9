// The desktop UI's third pass (issue 38), in real Chromium: what a person sees and what a key does.
import type { Page } from '@playwright/test'
import { expect, sendMessage, test, waitUntilArmed } from './fixtures'

test.use({ scenario: 'acceptance-questions.json' })

const questionTray = (page: Page) => page.getByRole('region', { name: 'Agent question' })

test('Escape with "1 more waiting" open closes that list and leaves the permission waiting', async ({
  app: page,
}) => {
  await sendMessage(page, 'two things at once')
  const permission = page.getByRole('region', { name: 'Permission request' })
  await waitUntilArmed(permission)
  const more = permission.getByRole('button', { name: '1 more waiting' })
  await more.click()
  await expect(permission.getByRole('list', { name: 'Waiting next' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(permission.getByRole('list', { name: 'Waiting next' })).toBeHidden()
  await expect(more).toBeFocused()
  // Once more with nothing open: still nothing answered.
  await page.keyboard.press('Escape')
  await expect(permission).toBeVisible()
  await expect(permission.getByRole('button', { name: 'Allow' })).toBeEnabled()
  await expect(questionTray(page)).toBeHidden()
})

test('the review numbers its answers 1, 2, 3 (not "0." on every row)', async ({ app: page }) => {
  await sendMessage(page, 'three questions please')
  const tray = questionTray(page)
  await waitUntilArmed(tray)
  for (const option of ['Red', 'Large', 'Square']) {
    await tray.getByRole('radio', { name: option }).check()
    await tray.getByRole('button', { name: 'Next' }).click()
  }
  await expect(tray.getByText('Review your answers')).toBeVisible()
  const numbers = tray.getByRole('listitem').locator('.review-number')
  await expect(numbers).toHaveText(['1.', '2.', '3.'])
  // What Chromium paints before each row: nothing generated that could read "0.".
  const generated = await tray
    .getByRole('listitem')
    .evaluateAll((items) =>
      items.map((item) => getComputedStyle(item as Element, '::before').content),
    )
  expect(generated).toEqual(['none', 'none', 'none'])
})

test('number keys still answer once Tab has taken focus out of the tray', async ({ app: page }) => {
  await sendMessage(page, 'three questions please')
  const tray = questionTray(page)
  await waitUntilArmed(tray)
  // From the tray's last button (Next; Stop sits in its header), Tab leaves the tray.
  await tray.getByRole('button', { name: 'Next' }).focus()
  for (let i = 0; i < 6; i++) await page.keyboard.press('Tab')
  expect(await tray.evaluate((el) => el.contains(document.activeElement))).toBe(false)
  await page.keyboard.press('2')
  await expect(tray.getByRole('radio', { name: 'Blue' })).toBeChecked()
  await expect(tray.getByRole('radio', { name: 'Blue' })).toBeFocused()

  // Typing digits into another field keeps them there.
  await page.getByRole('searchbox', { name: 'Search sessions' }).fill('')
  await page.getByRole('searchbox', { name: 'Search sessions' }).press('1')
  await expect(page.getByRole('searchbox', { name: 'Search sessions' })).toHaveValue('1')
  await expect(tray.getByRole('radio', { name: 'Blue' })).toBeChecked()
})
