import { mkdirSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { expectNoSeriousViolations } from './axe'

export const ARTIFACTS = 'e2e-artifacts'
const WIDTHS = [1280, 900] as const
const THEMES = ['light', 'dark'] as const

/**
 * Screenshots of the page in both themes at the two window widths, for a person to look at, and
 * an axe-core check of each: no serious or critical violation in any of them.
 */
export async function shootAll(page: Page, name: string, options: { height?: number } = {}) {
  const height = options.height ?? 800
  mkdirSync(ARTIFACTS, { recursive: true })
  for (const colorScheme of THEMES) {
    await page.emulateMedia({ colorScheme })
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height })
      await page.screenshot({
        path: `${ARTIFACTS}/${name}-${colorScheme}-${width}.png`,
        animations: 'disabled',
      })
      await expectNoSeriousViolations(page, `${name}, ${colorScheme}, ${width} px`)
    }
  }
  await page.emulateMedia({ colorScheme: 'light' })
  await page.setViewportSize({ width: 1280, height: 800 })
}

/**
 * The whole of a tall tray (a long form) in both themes at 900 px, in a window tall enough that
 * its half holds everything: for looking only, as `shootAll` checked the same state already.
 */
export async function shootTall(page: Page, name: string, height = 1600) {
  mkdirSync(ARTIFACTS, { recursive: true })
  await page.setViewportSize({ width: 900, height })
  for (const colorScheme of THEMES) {
    await page.emulateMedia({ colorScheme })
    await page.screenshot({
      path: `${ARTIFACTS}/${name}-${colorScheme}-tall.png`,
      animations: 'disabled',
    })
  }
  await page.emulateMedia({ colorScheme: 'light' })
  await page.setViewportSize({ width: 1280, height: 800 })
}
