import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import type { Page } from '@playwright/test'
import { expectNoSeriousViolations } from './axe'

export const ARTIFACTS = 'e2e-artifacts'
const WIDTHS = [1280, 900] as const
const THEMES = ['light', 'dark'] as const

async function screenshot(page: Page, path: string) {
  mkdirSync(dirname(path), { recursive: true })
  await page.screenshot({ path, animations: 'disabled' })
}

/**
 * One screenshot of the page as it stands, for a person to look at, and an axe-core check of the
 * same state: no serious or critical violation. Every screenshot in e2e/ is taken through here or
 * `shootAll` (a lint rule refuses `page.screenshot` elsewhere), so no state escapes the check.
 */
export async function shoot(page: Page, path: string, state = path) {
  await screenshot(page, path)
  await expectNoSeriousViolations(page, state)
}

/**
 * Whether `shootAll` runs axe on a view. Contrast depends on the theme and the layout rules
 * (target size, scrollable regions, what overlays what) on the width, so every state is checked
 * in both themes at 900 px and in the light theme at 1280 px: each theme and each width, three
 * checks instead of four. PARLEY_AXE_EVERY_VIEW=1 (`npm run test:e2e:axe-all`) checks all four.
 */
function checksView(colorScheme: (typeof THEMES)[number], width: (typeof WIDTHS)[number]) {
  return process.env.PARLEY_AXE_EVERY_VIEW === '1' || width === 900 || colorScheme === 'light'
}

/**
 * Screenshots of the page in both themes at the two window widths, three of the four checked
 * with axe (see `checksView`).
 */
export async function shootAll(page: Page, name: string, options: { height?: number } = {}) {
  const height = options.height ?? 800
  for (const colorScheme of THEMES) {
    await page.emulateMedia({ colorScheme })
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height })
      await screenshot(page, `${ARTIFACTS}/${name}-${colorScheme}-${width}.png`)
      if (checksView(colorScheme, width))
        await expectNoSeriousViolations(page, `${name}, ${colorScheme}, ${width} px`)
    }
  }
  await page.emulateMedia({ colorScheme: 'light' })
  await page.setViewportSize({ width: 1280, height: 800 })
}

/**
 * The whole of a tall tray (a long form) in both themes at 900 px, in a window tall enough that
 * its half holds everything, each checked with axe.
 */
export async function shootTall(page: Page, name: string, height = 1600) {
  await page.setViewportSize({ width: 900, height })
  for (const colorScheme of THEMES) {
    await page.emulateMedia({ colorScheme })
    await shoot(
      page,
      `${ARTIFACTS}/${name}-${colorScheme}-tall.png`,
      `${name}, ${colorScheme}, tall`,
    )
  }
  await page.emulateMedia({ colorScheme: 'light' })
  await page.setViewportSize({ width: 1280, height: 800 })
}
