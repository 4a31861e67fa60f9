import type { Locator, Page } from '@playwright/test'
import { expect, sendMessage, test } from './fixtures'
import { ARTIFACTS, shoot } from './screens'

test.use({ scenario: 'long-replies.json' })

/** Pixels between the end of the scrolled content and the bottom of its viewport. */
function distanceFromEnd(scroller: Locator): Promise<number> {
  type Box = { scrollHeight: number; scrollTop: number; clientHeight: number }
  return scroller.evaluate((el) => {
    const box = el as unknown as Box
    return box.scrollHeight - box.scrollTop - box.clientHeight
  })
}

/** Whether the element's box lies inside the scroller's visible box. */
function inView(scroller: Locator, element: Locator): Promise<boolean> {
  return Promise.all([scroller.boundingBox(), element.boundingBox()]).then(
    ([outer, inner]) =>
      outer !== null &&
      inner !== null &&
      inner.y >= outer.y - 1 &&
      inner.y + inner.height <= outer.y + outer.height + 1,
  )
}

/** Waits until the reply ending with `lastLine` is in and the turn is over. */
async function turnEnded(page: Page, lastLine: string) {
  await expect(page.getByText(lastLine)).toBeAttached()
  await expect(page.getByRole('button', { name: 'Stop' })).toBeHidden()
}

const REPORT_END = 'The end of the report.'
const TURN_END = 'The last line of the turn.'

test.describe('long replies', () => {
  test('a code block shows its language, copies its code and scrolls from the keyboard', async ({
    app: page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await sendMessage(page, 'Give me the report')
    await turnEnded(page, REPORT_END)
    const log = page.getByRole('log', { name: 'Conversation' })
    await log.evaluate((el) => {
      ;(el as unknown as { scrollTop: number }).scrollTop = 0
    })
    const code = log.getByRole('group', { name: 'ts code' })
    await expect(code).toBeVisible()
    await expect(code).toContainText('export function retryDelay')

    await log.getByRole('button', { name: 'Copy ts code' }).click()
    await expect(log.getByRole('button', { name: 'Copied' })).toBeVisible()
    const copied = await page.evaluate('navigator.clipboard.readText()')
    expect(copied).toBe(
      [
        'export function retryDelay(attempt: number): number {',
        '  // Exponential backoff with a cap, so a flapping dependency is not hammered by every replica at once.',
        '  return Math.min(30_000, 250 * 2 ** attempt)',
        '}',
      ].join('\n'),
    )
    await expect(log.getByRole('group', { name: 'python code' })).toBeVisible()
    await expect(log.getByRole('group', { name: 'text code' })).toBeVisible()

    // Focusable, so the keyboard scrolls its long line into view.
    await page.setViewportSize({ width: 900, height: 700 })
    await code.focus()
    await expect(code).toBeFocused()
    await page.keyboard.press('ArrowRight')
    await page.keyboard.press('ArrowRight')
    await expect
      .poll(() => code.evaluate((el) => (el as unknown as { scrollLeft: number }).scrollLeft))
      .toBeGreaterThan(0)
  })

  test('a table keeps its words whole and its headers at the start', async ({ app: page }) => {
    await page.setViewportSize({ width: 900, height: 700 })
    await sendMessage(page, 'Give me the report')
    await turnEnded(page, REPORT_END)
    const log = page.getByRole('log', { name: 'Conversation' })
    await log.evaluate((el) => {
      ;(el as unknown as { scrollTop: number }).scrollTop = 0
    })
    const table = log.getByRole('table')
    await expect(table).toBeVisible()
    // Checked in the page (the e2e code is type-checked without DOM typings).
    const headers = await page.evaluate(`(() => {
      const found = {}
      for (const th of document.querySelectorAll('.markdown th')) {
        const range = document.createRange()
        range.selectNodeContents(th)
        found[th.textContent] = { lines: range.getClientRects().length, align: getComputedStyle(th).textAlign }
      }
      return found
    })()`)
    for (const name of ['Service', 'Downtime', 'Owner', 'Notes'])
      expect(headers, name).toMatchObject({ [name]: { lines: 1, align: 'start' } })
    // No cell breaks a word in two: every word (or part of a hyphenated one) sits on one line.
    const broken = await page.evaluate(`(() => {
      const words = []
      for (const cell of document.querySelectorAll('.markdown td, .markdown th')) {
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT)
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (const match of (node.textContent ?? '').matchAll(/[^\\s-]+/g)) {
            const range = document.createRange()
            range.setStart(node, match.index)
            range.setEnd(node, match.index + match[0].length)
            const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)))
            if (tops.size > 1) words.push(match[0])
          }
        }
      }
      return words
    })()`)
    expect(broken).toEqual([])
  })

  test('the view stays at the end as a tray opens and closes and as the turn ends', async ({
    app: page,
  }) => {
    const log = page.getByRole('log', { name: 'Conversation' })
    await sendMessage(page, 'ask me something')
    const tray = page.getByRole('region', { name: 'Agent question' })
    await expect(tray).toBeVisible()
    // The card that says the question waits is on screen, not hidden behind the tray.
    const waiting = log.getByText('1 question below')
    await expect.poll(() => inView(log, waiting)).toBe(true)
    await expect.poll(() => distanceFromEnd(log)).toBeLessThan(4)

    await tray.getByRole('radio', { name: 'Yes' }).check()
    await tray.getByRole('button', { name: 'Submit' }).click()
    await expect(tray).toBeHidden()
    await turnEnded(page, TURN_END)
    await expect.poll(() => inView(log, log.getByText(TURN_END))).toBe(true)
    await expect.poll(() => distanceFromEnd(log)).toBeLessThan(4)
  })

  test('reopening a long session lands at its very end', async ({ app: page }) => {
    const log = page.getByRole('log', { name: 'Conversation' })
    await sendMessage(page, 'Give me the report')
    await turnEnded(page, REPORT_END)
    await sendMessage(page, 'ask me something')
    const tray = page.getByRole('region', { name: 'Agent question' })
    await tray.getByRole('radio', { name: 'Tomorrow' }).check()
    await tray.getByRole('button', { name: 'Submit' }).click()
    await turnEnded(page, TURN_END)

    // Away to a new session and back.
    await page.getByRole('button', { name: 'New session' }).click()
    await expect(log.getByText('What should we work on?')).toBeVisible()
    await page.getByRole('link', { name: /Give me the report/ }).click()
    await expect(log.getByText(TURN_END)).toBeVisible()
    await expect.poll(() => distanceFromEnd(log)).toBeLessThan(2)

    // And after a reload.
    await page.reload()
    await expect(log.getByText(TURN_END)).toBeVisible()
    await expect.poll(() => distanceFromEnd(log)).toBeLessThan(2)
    expect(await inView(log, log.getByText(TURN_END))).toBe(true)
  })

  test('long markdown in both themes at 1280 and 900 px (screenshots to look at)', async ({
    app: page,
  }) => {
    await sendMessage(page, 'Give me the report')
    await turnEnded(page, REPORT_END)
    const log = page.getByRole('log', { name: 'Conversation' })
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const width of [1280, 900]) {
        await page.emulateMedia({ colorScheme })
        await page.setViewportSize({ width, height: width === 900 ? 700 : 800 })
        await log.evaluate((el) => {
          ;(el as unknown as { scrollTop: number }).scrollTop = 0
        })
        await expect(log.getByRole('table')).toBeVisible()
        await shoot(page, `${ARTIFACTS}/markdown-${colorScheme}-${width}.png`)
        // Further down: the plain block and the right-to-left paragraph.
        await log.getByText('plain text block without a language').scrollIntoViewIfNeeded()
        await shoot(page, `${ARTIFACTS}/markdown-rtl-${colorScheme}-${width}.png`)
      }
    }
  })
})
