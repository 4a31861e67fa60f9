// Issue 38, the tray's own items (8–11): it holds still, moves in (unless motion is reduced),
// keeps Stop out of the answers, does not make skipping or a risky yes the default, and says
// where a command runs.
import type { Page } from '@playwright/test'
import { expect, sendMessage, test, waitUntilArmed } from './fixtures'
import { shootAll } from './screens'

test.use({ scenario: 'acceptance-questions.json' })

const questionTray = (page: Page) => page.getByRole('region', { name: 'Agent question' })
const permissionTray = (page: Page) => page.getByRole('region', { name: 'Permission request' })

async function topOf(page: Page): Promise<number> {
  const box = await questionTray(page).boundingBox()
  if (!box) throw new Error('the tray is not laid out')
  return Math.round(box.y)
}

test('8. the tray’s top edge holds across a three-question request: a pick, a longer and a shorter question', async ({
  app: page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await sendMessage(page, 'three questions please')
  const tray = questionTray(page)
  await waitUntilArmed(tray)
  const first = await topOf(page)
  // The "Next without a choice…" hint goes on the first pick: the tray keeps its height.
  await tray.getByRole('radio', { name: 'Red' }).check()
  expect(await topOf(page)).toBe(first)
  await tray.getByRole('button', { name: 'Next' }).click()
  await expect(tray.getByText('2 / 3')).toBeVisible()
  // A taller question may grow it (its top edge moves up only), …
  const second = await topOf(page)
  expect(second).toBeLessThanOrEqual(first)
  await tray.getByRole('radio', { name: 'Large' }).check()
  await tray.getByRole('button', { name: 'Next' }).click()
  await expect(tray.getByText('3 / 3')).toBeVisible()
  // … a shorter one never shrinks it back.
  expect(await topOf(page)).toBe(second)
})

test('8. the tray rises in, and stands still when the person asks for reduced motion', async ({
  app: page,
}) => {
  await sendMessage(page, 'one question please')
  const tray = questionTray(page)
  await expect(tray).toBeVisible()
  expect(await tray.evaluate((el) => getComputedStyle(el).animationName)).toBe('tray-in')
  await page.emulateMedia({ reducedMotion: 'reduce' })
  expect(await tray.evaluate((el) => getComputedStyle(el).animationName)).toBe('none')
  const composer = page.locator('form.composer')
  expect(await composer.evaluate((el) => getComputedStyle(el).animationName)).toBe('none')
})

test('9 and 10. the questions as steps with ticks; Next is filled only after a choice; Stop is in the header, not the answer row', async ({
  app: page,
}) => {
  await sendMessage(page, 'three questions please')
  const tray = questionTray(page)
  await waitUntilArmed(tray)
  const steps = tray.getByRole('list', { name: 'Questions' }).getByRole('listitem')
  await expect(steps).toHaveText(['1Question 1', '2Question 2', '3Question 3', 'Review'])
  await expect(steps.first()).toHaveAttribute('aria-current', 'step')
  const next = tray.getByRole('button', { name: 'Next' })
  await expect(next).toHaveClass(/button-secondary/)
  // Stop sits above the answers, in the header, apart from Previous and Next.
  const stop = await tray.getByRole('button', { name: 'Stop' }).boundingBox()
  const nextBox = await next.boundingBox()
  if (!stop || !nextBox) throw new Error('the tray is not laid out')
  expect(stop.y + stop.height).toBeLessThan(nextBox.y)
  await expect(tray.locator('footer').getByRole('button', { name: 'Stop' })).toHaveCount(0)
  await shootAll(page, 'tray-steps-none-chosen')
  await tray.getByRole('radio', { name: 'Red' }).check()
  await expect(next).toHaveClass(/button-primary/)
  await next.click()
  await expect(steps.first()).toContainText('✓')
  await expect(steps.nth(1)).toHaveAttribute('aria-current', 'step')
  await shootAll(page, 'tray-steps-second')
})

test('11. a command’s prompt says where it runs and what it may touch; Allow is the main action only when it is not risky', async ({
  app: page,
}) => {
  await sendMessage(page, 'two things at once')
  const tray = permissionTray(page)
  await waitUntilArmed(tray)
  await expect(
    tray.getByText(
      /^Runs (in the sandbox · no network · writes only in the workspace|without a sandbox · as you, with your access)$/,
    ),
  ).toBeVisible()
  await expect(tray.getByRole('button', { name: 'Allow' })).toHaveClass(/button-primary/)
  await shootAll(page, 'tray-permission-runs-in')
})

test('15. put aside with Escape, the request is not contradicted: the composer says the agent waits for the person, the transcript points below', async ({
  app: page,
}) => {
  await sendMessage(page, 'three questions please')
  const tray = questionTray(page)
  await waitUntilArmed(tray)
  await page.keyboard.press('Escape')
  await expect(tray).toBeHidden()
  await expect(page.getByText('The agent is waiting on a question.')).toBeVisible()
  const box = page.getByRole('textbox', { name: 'Message' })
  await expect(box).toHaveAttribute('placeholder', /waiting for your answer above/)
  await expect(box).not.toHaveAttribute('placeholder', /working/)
  const log = page.getByRole('log', { name: 'Conversation' })
  await expect(log.getByText('Waiting for your answer: 3 questions below')).toBeVisible()
  await expect(log).not.toContainText('in the tray')
  await shootAll(page, 'tray-put-aside')
})
