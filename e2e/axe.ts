import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

/**
 * Fails on any serious or critical axe-core violation in the page as it stands. Legacy mode runs
 * axe in the page in one call instead of frame by frame with a helper page: the app has no
 * frames, and the screenshot suite runs axe on every state four times.
 */
export async function expectNoSeriousViolations(page: Page, state: string) {
  const results = await new AxeBuilder({ page }).setLegacyMode(true).analyze()
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
