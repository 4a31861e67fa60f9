import { mkdirSync } from 'node:fs'
import type { Locator, Page } from '@playwright/test'
import { expect, sendMessage, test } from './fixtures'

test.use({ scenario: 'tray-screens.json' })

const ARTIFACTS = 'e2e-artifacts'
const WIDTHS = [1280, 800] as const
const THEMES = ['light', 'dark'] as const

/** Screenshots of the tray in both themes at two window widths, for a person to look at. */
async function shootAll(page: Page, name: string) {
  mkdirSync(ARTIFACTS, { recursive: true })
  for (const colorScheme of THEMES) {
    for (const width of WIDTHS) {
      await page.emulateMedia({ colorScheme })
      await page.setViewportSize({ width, height: 800 })
      await page.screenshot({
        path: `${ARTIFACTS}/${name}-${colorScheme}-${width}.png`,
        animations: 'disabled',
      })
    }
  }
  await page.emulateMedia({ colorScheme: 'light' })
  await page.setViewportSize({ width: 1280, height: 800 })
}

/** Whether an element's content is taller than its box (it scrolls inside). */
function scrollsInside(locator: Locator): Promise<boolean> {
  // e2e code is type-checked without DOM typings; the element is an HTMLElement in the page.
  type Box = { scrollHeight: number; clientHeight: number }
  return locator.evaluate((el) => {
    const box = el as unknown as Box
    return box.scrollHeight > box.clientHeight
  })
}

test('the tray stays compact, grows upward to a cap and scrolls inside, in both themes', async ({
  app: page,
}) => {
  await sendMessage(page, 'Clean up the generated files')
  const permission = page.getByRole('region', { name: 'Permission request' })
  await expect(permission).toBeVisible()

  // Compact by default: about 160 px at the standard width.
  const compact = await permission.boundingBox()
  expect(compact?.height).toBeGreaterThanOrEqual(150)
  expect(compact?.height).toBeLessThanOrEqual(200)
  await shootAll(page, 'permission-compact')

  // The full command, with the bidi override made visible, in a capped inner scroll area.
  await permission.getByRole('button', { name: 'Details' }).click()
  const detail = permission.getByLabel('Full details')
  await expect(detail).toContainText('⟨U+202E⟩')
  await expect(detail).toContainText('workspace-39')
  const expanded = await permission.boundingBox()
  expect(expanded?.height).toBeLessThanOrEqual(800 / 2 + 1)
  expect(expanded?.height).toBeGreaterThan(compact?.height ?? 0)
  expect(await scrollsInside(detail)).toBe(true)
  // It grows upward: its bottom edge stays where the composer's was.
  expect(Math.round((expanded?.y ?? 0) + (expanded?.height ?? 0))).toBe(
    Math.round((compact?.y ?? 0) + (compact?.height ?? 0)),
  )
  await shootAll(page, 'permission-details')

  await permission.getByRole('button', { name: 'Allow' }).click()
  const question = page.getByRole('region', { name: 'Agent question' })
  await expect(question).toBeVisible()
  await question.getByRole('radio', { name: 'Ignore them' }).check()
  await shootAll(page, 'question')

  // A short window: the question tray caps at half the viewport and scrolls inside.
  await page.setViewportSize({ width: 800, height: 420 })
  const capped = await question.boundingBox()
  expect(capped?.height).toBeLessThanOrEqual(210 + 1)
  const body = question.locator('.tray-body')
  expect(await scrollsInside(body)).toBe(true)
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeHidden()
  await page.screenshot({ path: `${ARTIFACTS}/question-short-window.png` })
  await page.setViewportSize({ width: 1280, height: 800 })

  await question.getByRole('button', { name: 'Next' }).click()
  await question.getByRole('button', { name: 'Next' }).click()
  await shootAll(page, 'question-review')
  await question.getByRole('button', { name: 'Submit' }).click()
  await expect(page.getByRole('log', { name: 'Conversation' })).toContainText('Thanks:')
  await shootAll(page, 'answered-history')
})
