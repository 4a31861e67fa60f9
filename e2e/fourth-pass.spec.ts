// Issue 38, the leftovers of the third pass: compact forms (12), the queue pill and reviewing
// several requests as one list (14), Settings polish (16), a failed session in the sidebar (17),
// Settings testing what is in the form (18), and a tray's question drawn with its markdown.
import { rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { expect, sendMessage, test, waitUntilArmed } from './fixtures'
import { ARTIFACTS, shoot, shootAll } from './screens'

test.use({ scenario: 'fourth-pass.json' })

const permissionTray = (page: Page) => page.getByRole('region', { name: 'Permission request' })
const questionTray = (page: Page) => page.getByRole('region', { name: 'Agent question' })
const conversation = (page: Page) => page.getByRole('log', { name: 'Conversation' })
const settingsPanel = (page: Page) => page.getByRole('complementary', { name: 'Settings' })

type Look = Record<string, string>
/** Some computed style properties of an element. */
const styleOf = (locator: Locator, names: string[]): Promise<Look> =>
  locator.evaluate((el, keys) => {
    // e2e code is type-checked without DOM typings.
    type Style = { getPropertyValue(n: string): string }
    const g = globalThis as unknown as { getComputedStyle(e: unknown): Style }
    const style = g.getComputedStyle(el)
    return Object.fromEntries(keys.map((k) => [k, style.getPropertyValue(k)]))
  }, names)

test('14. the queue pill says what is next with its risk; the same risk can be reviewed as one list, each request in full with its own answer', async ({
  app: page,
}) => {
  await sendMessage(page, 'Clean up the build folders')
  const tray = permissionTray(page)
  await waitUntilArmed(tray)
  await expect(tray.getByRole('button', { name: '2 more waiting' })).toBeVisible()
  await expect(tray.locator('.tray-header')).toContainText('Next: Run rm -rf dist · High risk')
  await shootAll(page, 'queue-next-up')

  await tray.getByRole('button', { name: 'Review all 3 together' }).click()
  const list = page.getByRole('region', { name: 'Requests to review' })
  const items = list.getByRole('list', { name: 'Requests to review' }).getByRole('listitem')
  await expect(items).toHaveCount(3)
  // Each request is there in full, with its own answer; nothing answers them all at once.
  for (const [i, command] of ['rm -rf build', 'rm -rf dist', 'rm -rf coverage'].entries()) {
    await expect(items.nth(i).locator('code', { hasText: command })).toBeVisible()
    await expect(items.nth(i).getByRole('button', { name: 'Allow' })).toHaveCount(1)
    await expect(items.nth(i).getByRole('button', { name: 'Deny' })).toHaveCount(1)
  }
  await expect(list.getByRole('button', { name: 'Allow' })).toHaveCount(3)
  await shootAll(page, 'queue-review-together')

  // Each answer settles its own request only.
  await items.nth(1).getByRole('button', { name: 'Deny' }).click()
  await expect(items).toHaveCount(2)
  await expect(items.nth(0)).toContainText('rm -rf build')
  await expect(items.nth(1)).toContainText('rm -rf coverage')
  await items.nth(0).getByRole('button', { name: 'Deny' }).click()
  // One left: it is asked in its own tray again.
  await expect(list).toBeHidden()
  await expect(tray.getByText('rm -rf coverage')).toBeVisible()
  await waitUntilArmed(tray)
  await tray.getByRole('button', { name: 'Deny' }).click()
  await expect(conversation(page)).toContainText('Cleaned up.')
})

test('14. Escape leaves the list without answering anything', async ({ app: page }) => {
  await sendMessage(page, 'Clean up the build folders')
  const tray = permissionTray(page)
  await waitUntilArmed(tray)
  await tray.getByRole('button', { name: 'Review all 3 together' }).click()
  const list = page.getByRole('region', { name: 'Requests to review' })
  await expect(list).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(list).toBeHidden()
  await expect(tray.getByRole('button', { name: '2 more waiting' })).toBeVisible()
})

test('a question in the tray is drawn with its markdown: code and emphasis, no backticks', async ({
  app: page,
}) => {
  await sendMessage(page, 'Ask with code')
  const tray = questionTray(page)
  await waitUntilArmed(tray)
  const group = tray.getByRole('radiogroup', { name: 'Run npm test before the release?' })
  await expect(group).toBeVisible()
  await expect(tray.locator('.form-field-title code')).toHaveText('npm test')
  await expect(tray.getByRole('radio', { name: 'Yes, run npm test' })).toBeVisible()
  await expect(tray.locator('.option-description strong')).toHaveText('minute')
  expect(await tray.innerText()).not.toMatch(/[`*]/)
  await shootAll(page, 'tray-question-markdown')
  // A phone's width too: the same tray, the same drawing.
  await page.setViewportSize({ width: 390, height: 844 })
  const toggle = page.getByRole('button', { name: 'Session list' })
  // The session list, left open from the wide window, covers the chat at this width: fold it.
  if ((await toggle.getAttribute('aria-expanded')) === 'true') await toggle.dispatchEvent('click')
  await expect(page.getByRole('navigation', { name: 'Sessions' })).toBeHidden()
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    await shoot(page, `${ARTIFACTS}/tray-question-markdown-${colorScheme}-390.png`)
  }
})

test('16. Settings: no ring on the heading it focuses, a provider select like the other inputs, a scrim at 900 px with the composer whole', async ({
  app: page,
}) => {
  await page.getByRole('button', { name: 'Settings' }).click()
  const heading = page.getByRole('heading', { name: 'Settings' })
  await expect(heading).toBeFocused()
  expect((await styleOf(heading, ['outline-style']))['outline-style']).toBe('none')
  const panel = settingsPanel(page)
  const provider = panel.getByRole('combobox', { name: 'Provider' })
  const workspace = panel.getByRole('textbox', { name: 'Default workspace folder' })
  const keys = ['appearance', 'height', 'border-top-color', 'background-color', 'border-radius']
  const [select, text] = await Promise.all([styleOf(provider, keys), styleOf(workspace, keys)])
  expect(select.appearance).toBe('none')
  expect({ ...select, appearance: '' }).toEqual({ ...text, appearance: '' })
  await shootAll(page, 'settings-model-tab')

  await page.emulateMedia({ colorScheme: 'dark' })
  await panel.getByRole('tab', { name: 'Devices' }).click()
  const address = panel.getByRole('textbox', { name: /Notice address/ })
  const [dark, darkText] = await Promise.all([
    styleOf(address, ['border-top-color', 'background-color', 'height']),
    styleOf(panel.getByRole('tab', { name: 'Model' }), []),
  ])
  await panel.getByRole('tab', { name: 'Model' }).click()
  const darkWorkspace = await styleOf(
    panel.getByRole('textbox', { name: 'Default workspace folder' }),
    ['border-top-color', 'background-color', 'height'],
  )
  expect(darkText).toEqual({})
  expect(dark).toEqual(darkWorkspace)
  await panel.getByRole('tab', { name: 'Devices' }).click()
  await shootAll(page, 'settings-devices-tab')

  await page.setViewportSize({ width: 900, height: 800 })
  await expect(page.locator('.settings-scrim')).toBeVisible()
  const composer = page.locator('form.composer')
  const box = await composer.boundingBox()
  if (!box) throw new Error('the composer is not laid out')
  expect(box.x).toBeGreaterThanOrEqual(0)
  expect(box.x + box.width).toBeLessThanOrEqual(900)
  // The scrim is a way out: a click on it closes Settings.
  await page.mouse.click(40, 400)
  await expect(panel).toBeHidden()
})

test('18. Test connection tests what is in the form, unsaved, and says how it went beside the button; models are suggested for it before saving', async ({
  app: page,
}) => {
  await page.getByRole('button', { name: 'Settings' }).click()
  const panel = settingsPanel(page)
  await panel.getByRole('combobox', { name: 'Provider' }).selectOption('openai-compatible')
  // Nothing listens on port 9.
  await panel.getByRole('textbox', { name: 'Base URL' }).fill('http://127.0.0.1:9/v1')
  // Suggestions for the provider in the form, before Save.
  await expect(panel.locator('datalist option[value="gpt-4.1"]')).toHaveCount(1)
  await panel.getByRole('button', { name: 'Test connection' }).click()
  const result = panel.locator('.settings-actions').getByRole('status')
  await expect(result).toContainText(/127\.0\.0\.1:9|reach/i, { timeout: 60_000 })
  await expect(result).not.toContainText('nothing to connect to')
  await expect(result).toBeInViewport()
  // Nothing was saved.
  await expect(panel).toContainText('Now using: Scenario fourth-pass.json')
  await shootAll(page, 'settings-test-connection')
})

test.describe('12. an MCP server’s form', () => {
  const require = createRequire(import.meta.url)
  const CONFIG = join(tmpdir(), `parley-e2e-fourth-pass-${process.pid}.json`)
  test.beforeAll(() => {
    const everything = require.resolve('@modelcontextprotocol/server-everything/dist/index.js')
    const server = { command: process.execPath, args: [everything, 'stdio'] }
    writeFileSync(CONFIG, JSON.stringify({ mcpServers: { everything: server } }))
  })
  test.afterAll(() => rmSync(CONFIG, { force: true }))
  test.use({
    scenario: 'mcp-elicitation.json',
    fakeDelayMs: '0',
    serverOptions: { mcpConfig: CONFIG },
  })

  test('is compact and scrolls inside itself; a schema title is not bold, the description beside it not demoted; a boolean is a plain checkbox row', async ({
    app: page,
  }) => {
    await sendMessage(page, 'Ask me for my details')
    await permissionTray(page).getByRole('button', { name: 'Allow' }).click()
    const tray = questionTray(page)
    await expect(tray.getByText('MCP server everything asks')).toBeVisible()
    const trayBox = await tray.boundingBox()
    if (!trayBox) throw new Error('the tray is not laid out')
    // At most half the 800 px window: the conversation keeps the top half.
    expect(trayBox.height).toBeLessThanOrEqual(400)
    expect(trayBox.y).toBeGreaterThan(380)
    const body = tray.locator('.tray-body')
    expect(await body.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true)

    const name = tray.getByRole('textbox', { name: 'String', exact: true })
    await expect(name).toHaveAccessibleDescription('Your full, legal name')
    const field = tray.locator('.form-field', {
      has: page.getByRole('textbox', { name: 'String', exact: true }),
    })
    const keys = ['font-weight', 'font-size', 'color']
    const [title, description] = await Promise.all([
      styleOf(field.locator('.form-field-title'), keys),
      styleOf(field.locator('.form-field-description'), keys),
    ])
    // The schema's title is not bold, and the human text beside it is not demoted.
    expect(Number(title['font-weight'])).toBeLessThan(600)
    expect(description.color).toBe(title.color)
    expect(description['font-size']).toBe(title['font-size'])

    const check = tray.getByRole('checkbox', { name: 'Boolean' })
    await expect(check).toHaveAccessibleDescription('Agree to the terms and conditions')
    const row = tray.locator('label', { has: page.getByRole('checkbox', { name: 'Boolean' }) })
    expect(await styleOf(row, ['border-top-width'])).toEqual({ 'border-top-width': '0px' })
    await check.check()
    await expect(check).toBeChecked()
    await shootAll(page, 'form-compact')
    await tray.getByRole('button', { name: 'Cancel' }).click()
  })
})

test.describe('17. a turn that fails', () => {
  test.use({
    scenario: '',
    serverEnv: { OPENAI_BASE_URL: 'http://127.0.0.1:9/v1', OPENAI_API_KEY: 'test-key' },
  })

  test('marks its session in the sidebar: a small marker, "Last turn failed" to a screen reader', async ({
    app: page,
  }) => {
    await sendMessage(page, 'Hello?')
    await expect(page.getByRole('alert')).toBeVisible({ timeout: 90_000 })
    const row = page.getByRole('navigation', { name: 'Sessions' }).getByRole('link').first()
    await expect(row).toHaveAccessibleName(/^Last turn failed: /)
    await expect(row.locator('.session-failed')).toBeVisible()
    await shootAll(page, 'session-row-failed')
    // The runtime's list knows it too: after a reload the row is marked before anything is opened.
    await page.reload()
    await expect(row.locator('.session-failed')).toBeVisible()
    // A new turn leaves it behind while it runs.
    await page.getByRole('alert').getByRole('button', { name: 'Retry' }).click()
    await expect(row.locator('.session-failed')).toHaveCount(0)
    await page.getByRole('button', { name: 'Stop' }).click()
  })
})
