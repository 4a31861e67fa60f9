import axe from 'axe-core'
import { expect, type Page } from '@playwright/test'

/** axe-core as it stands in the page once its source has run there. */
type PageWithAxe = {
  axe?: { run(context: unknown, options: axe.RunOptions): Promise<axe.AxeResults> }
  document: unknown
}

/**
 * Fails on any serious or critical axe-core violation in the page as it stands. axe-core goes
 * into the page once per document (a navigation or a reload clears it) and is run there directly:
 * @axe-core/playwright evaluated its 0.5 MB source twice per check, which cost five times the
 * check itself. Only violations are gathered (`resultTypes`); every rule still runs. The app has
 * no frames, so the page's own document is everything there is to check.
 */
export async function expectNoSeriousViolations(page: Page, state: string) {
  const loaded = await page.evaluate(() => 'axe' in globalThis)
  if (!loaded) await page.evaluate(axe.source)
  const results = await page.evaluate(
    (options) => {
      const inPage = globalThis as unknown as PageWithAxe
      if (!inPage.axe) throw new Error('axe-core is not in the page')
      return inPage.axe.run(inPage.document, options)
    },
    { resultTypes: ['violations'] } satisfies axe.RunOptions,
  )
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .slice(0, 4)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    )
  expect(serious, `axe violations in "${state}"`).toEqual([])
}
