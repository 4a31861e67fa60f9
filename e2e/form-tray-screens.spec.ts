import { mkdirSync } from 'node:fs'
import { resolve } from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import react from '@vitejs/plugin-react'
import { createServer, type ViteDevServer } from 'vite'

/**
 * The form tray in real Chromium, outside the app: a harness page
 * (src/renderer/test/form-tray-harness) mounts it with fixtures, served by Vite. Checks what
 * jsdom cannot (layout, the cap, scrolling inside, no sideways overflow) and saves screenshots in
 * both themes at two widths into e2e-artifacts/ for a person to look at.
 */

const ARTIFACTS = 'e2e-artifacts'
const WIDTHS = [1280, 900] as const
const THEMES = ['light', 'dark'] as const

let server: ViteDevServer
let base = ''

test.beforeAll(async () => {
  server = await createServer({
    configFile: false,
    root: resolve('src/renderer/test/form-tray-harness'),
    plugins: [react()],
    logLevel: 'error',
    server: { host: '127.0.0.1', port: 0, strictPort: false },
  })
  await server.listen()
  base = server.resolvedUrls?.local[0] ?? ''
})

test.afterAll(async () => {
  await server.close()
})

/** Opens a scene and fails the test on any page error. */
async function open(page: Page, scene: string): Promise<string[]> {
  const problems: string[] = []
  page.on('pageerror', (error) => problems.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text())
  })
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto(`${base}#${scene}`)
  await expect(page.getByRole('region', { name: 'Agent question' })).toBeVisible()
  return problems
}

async function shootAll(page: Page, name: string) {
  mkdirSync(ARTIFACTS, { recursive: true })
  for (const colorScheme of THEMES) {
    for (const width of WIDTHS) {
      await page.emulateMedia({ colorScheme })
      await page.setViewportSize({ width, height: 800 })
      await page.screenshot({
        path: `${ARTIFACTS}/form-${name}-${colorScheme}-${width}.png`,
        animations: 'disabled',
      })
    }
  }
  await page.emulateMedia({ colorScheme: 'light' })
  await page.setViewportSize({ width: 1280, height: 800 })
}

/** The whole form at once: a window tall enough that half of it holds every field. */
async function shootTall(page: Page, name: string) {
  for (const colorScheme of THEMES) {
    await page.emulateMedia({ colorScheme })
    await page.setViewportSize({ width: 900, height: 2400 })
    await page.screenshot({
      path: `${ARTIFACTS}/form-${name}-${colorScheme}-tall.png`,
      clip: { x: 0, y: 1200, width: 900, height: 1200 },
    })
  }
  await page.emulateMedia({ colorScheme: 'light' })
  await page.setViewportSize({ width: 1280, height: 800 })
}

/** The tray's box and whether its body scrolls inside, sideways overflow included. */
function layout(page: Page) {
  type Box = {
    scrollHeight: number
    clientHeight: number
    scrollWidth: number
    clientWidth: number
  }
  return page.locator('.tray-body').evaluate((el) => {
    const body = el as unknown as Box
    return {
      scrolls: body.scrollHeight > body.clientHeight,
      sideways: body.scrollWidth > body.clientWidth,
    }
  })
}

test('a form with every field type is capped at half the window, scrolls inside, and shows errors at the fields', async ({
  page,
}) => {
  const problems = await open(page, 'form')
  const tray = page.getByRole('region', { name: 'Agent question' })
  await expect(tray.getByText('Codex asks')).toBeVisible()
  const box = await tray.boundingBox()
  expect(box?.height).toBeLessThanOrEqual(400 + 1)
  expect(await layout(page)).toEqual({ scrolls: true, sideways: false })
  await shootAll(page, 'fresh')
  await shootTall(page, 'fresh')

  await tray.getByRole('button', { name: 'Submit' }).click()
  const name = tray.getByRole('textbox', { name: 'Project name' })
  await expect(name).toHaveAttribute('aria-invalid', 'true')
  await expect(name).toBeFocused()
  await expect(tray.getByText('Required: choose one.')).toBeAttached()
  await shootAll(page, 'errors')
  await shootTall(page, 'errors')

  await name.fill('parley')
  await tray.getByRole('textbox', { name: 'Contact email' }).fill('dev@example')
  await tray.getByRole('radio', { name: 'Beta' }).check()
  await tray.getByRole('radio', { name: 'Other' }).check()
  await tray.getByRole('textbox', { name: 'Other answer' }).fill('Mars')
  await tray.getByRole('checkbox', { name: 'Linux' }).check()
  await tray.getByRole('button', { name: 'Submit' }).click()
  await expect(tray.getByRole('textbox', { name: 'Contact email' })).toBeFocused()
  await shootAll(page, 'one-error')
  await tray.getByRole('textbox', { name: 'Contact email' }).fill('dev@example.com')
  await tray.getByRole('button', { name: 'Submit' }).click()
  await expect(page.getByRole('status', { name: 'Last outcome' })).toContainText(
    '"region_custom":"Mars"',
  )
  expect(problems).toEqual([])
})

for (const scene of ['orphaned', 'questions', 'blocked'] as const) {
  test(`the ${scene} form looks right in both themes`, async ({ page }) => {
    const problems = await open(page, scene)
    expect((await layout(page)).sideways).toBe(false)
    await shootAll(page, scene)
    if (scene === 'questions') {
      const tray = page.getByRole('region', { name: 'Agent question' })
      await tray.getByRole('radio', { name: 'SQLite' }).check()
      await tray.getByRole('button', { name: 'Next' }).click()
      await tray.getByRole('button', { name: 'Next' }).click()
      await expect(tray.getByText('1 unanswered')).toBeVisible()
      await shootAll(page, 'questions-review')
    }
    expect(problems).toEqual([])
  })
}
