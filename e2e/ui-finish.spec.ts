import { readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { expect, sendMessage, test, waitUntilArmed } from './fixtures'
import { shootAll } from './screens'

/** Issue 14: each finding of the UI review, as a person (or a keyboard) meets it. */
test.use({ scenario: 'ui-states.json' })

const permissionTray = (page: Page) => page.getByRole('region', { name: 'Permission request' })
const questionTray = (page: Page) => page.getByRole('region', { name: 'Agent question' })
const conversation = (page: Page) => page.getByRole('log', { name: 'Conversation' })
const sessionLinks = (page: Page) =>
  page.getByRole('navigation', { name: 'Sessions' }).getByRole('link')

type Box = { x: number; y: number; width: number; height: number }
const box = async (locator: Locator): Promise<Box> => {
  const found = await locator.boundingBox()
  if (!found) throw new Error('not laid out')
  return found
}
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

/** The computed background colour of an element, and of a colour variable, to compare. */
async function backgrounds(button: Locator, variable: string) {
  return button.evaluate((el, name) => {
    // e2e code is type-checked without DOM typings.
    type Style = { backgroundColor: string; getPropertyValue(n: string): string }
    type Doc = {
      createElement(t: string): { style: { background: string } }
      body: { append(e: unknown): void }
      documentElement: unknown
    }
    const g = globalThis as unknown as { getComputedStyle(e: unknown): Style; document: Doc }
    const probe = g.document.createElement('span')
    probe.style.background = `var(${name})`
    g.document.body.append(probe)
    return {
      button: g.getComputedStyle(el).backgroundColor,
      variable: g.getComputedStyle(probe).backgroundColor,
    }
  }, variable)
}

test('1. a long answer wraps below its question instead of overlapping it', async ({
  app: page,
}) => {
  await sendMessage(page, 'Ask one thing')
  const tray = questionTray(page)
  await tray.getByRole('radio', { name: 'Other' }).check()
  const answer =
    'Write them to a quarantine table with the validation error beside each row, carry on with the rest, and give me a summary at the end'
  await tray.getByRole('textbox', { name: 'Other answer' }).fill(answer)
  await tray.getByRole('button', { name: 'Submit' }).click()
  const card = conversation(page).locator('.question-card')
  await expect(card).toContainText(answer)
  const question = await box(card.locator('dt'))
  const given = await box(card.locator('dd'))
  expect(overlap(question, given)).toBe(false)
  // The question keeps a readable width: not one word a line.
  expect(question.width).toBeGreaterThan(250)
  expect(question.height).toBeLessThan(60)
})

test('3. the permission says the verb in words and shows the command as code, without backticks', async ({
  app: page,
}) => {
  await sendMessage(page, 'Remove the build and rebuild')
  const tray = permissionTray(page)
  // `rm -rf build dist && npm run build` is two commands: each is listed as code, the verb in words.
  await expect(tray.locator('li code', { hasText: 'rm -rf build dist' })).toBeVisible()
  await expect(tray.locator('li code', { hasText: 'npm run build' })).toBeVisible()
  await expect(tray.getByText('Run 2 commands:', { exact: true })).toBeVisible()
  expect(await tray.innerText()).not.toContain('`')
})

test('4. high risk looks high: Allow is outlined in the danger colour, not a filled target; the risk is said once', async ({
  app: page,
}) => {
  await sendMessage(page, 'Remove the build and rebuild')
  const tray = permissionTray(page)
  // The level in the header, the reason once, at the risky part of the list.
  await expect(tray.locator('.tray-header .risk')).toHaveText('High risk')
  await expect(tray.getByText('High risk: deletes files')).toHaveCount(1)
  await expect(tray.locator('li.is-flagged code')).toHaveText('rm -rf build dist')
  const allow = tray.getByRole('button', { name: 'Allow' })
  await expect(allow).toHaveClass(/button-danger-outline/)
  const colours = await backgrounds(allow, '--bg-raised')
  expect(colours.button).toBe(colours.variable)
})

test('4. a diff has coloured, numbered lines and counts, no patch headers; a new file is content; no change says so', async ({
  app: page,
  folders,
}) => {
  writeFileSync(
    join(folders.workspace, 'config.txt'),
    'name = parley\nport = 8080\nhost = localhost\ndebug = true\nlog = info\n',
  )
  writeFileSync(join(folders.workspace, 'same.txt'), 'unchanged\n')
  const tray = permissionTray(page)

  await sendMessage(page, 'Edit the config')
  await expect(tray.getByText('+2')).toBeVisible()
  await expect(tray.getByText('−3')).toBeVisible()
  await tray.getByRole('button', { name: 'Details' }).click()
  const detail = tray.getByLabel('Full details')
  const removed = detail.locator('tr', { hasText: 'port = 8080' })
  const added = detail.locator('tr', { hasText: 'port = 9090' })
  await expect(removed).toContainText('2')
  await expect(added).toContainText('2')
  const [del, add] = await Promise.all([
    backgrounds(removed, '--del-bg'),
    backgrounds(added, '--add-bg'),
  ])
  expect(del.button).toBe(del.variable)
  expect(add.button).toBe(add.variable)
  // Within the changed line, only what changed is marked, as Zed and GitHub show it.
  await expect(removed.locator('mark')).toHaveText(['8080'])
  await expect(added.locator('mark')).toHaveText(['9090'])
  await shootAll(page, 'diff-changed-words')
  const text = await detail.innerText()
  expect(text).not.toMatch(/={5,}|^---|^\+\+\+|@@/m)
  await tray.getByRole('button', { name: 'Deny' }).click()
  await expect(conversation(page)).toContainText('Updated.')

  await sendMessage(page, 'Write notes for the release')
  await expect(tray.getByText('New file, 12 lines')).toBeVisible()
  await tray.getByRole('button', { name: 'Details' }).click()
  await expect(tray.getByLabel('Full details')).toContainText('## 2.4.0')
  expect(await tray.getByLabel('Full details').innerText()).not.toMatch(/^\+/m)
  await tray.getByRole('button', { name: 'Deny' }).click()
  await expect(conversation(page)).toContainText('Written.')

  await sendMessage(page, 'Rewrite same file')
  await expect(tray.getByText('No changes', { exact: true })).toBeVisible()
})

test('5. the composer has focus on load and after New session; typing and Enter never make an empty session', async ({
  app: page,
  folders,
}) => {
  const composer = page.getByRole('textbox', { name: 'Message' })
  await expect(composer).toBeFocused()
  await page.keyboard.type('Hello one')
  await page.keyboard.press('Enter')
  await expect(conversation(page)).toContainText('Anything else?')

  await page.getByRole('button', { name: 'New session' }).click()
  await expect(composer).toBeFocused()
  await page.keyboard.type('Hello two')
  await page.keyboard.press('Enter')
  await expect(sessionLinks(page).filter({ hasText: 'Hello two' })).toHaveAttribute(
    'aria-current',
    'page',
  )
  // Pressed again on a session that is still empty, New session keeps that one.
  await page.getByRole('button', { name: 'New session' }).click()
  await page.getByRole('button', { name: 'New session' }).click()
  await expect(composer).toBeFocused()
  await expect(sessionLinks(page)).toHaveCount(3)

  // Only sessions that were sent to are saved.
  expect(readdirSync(join(folders.dataDir, 'sessions'))).toHaveLength(2)
  await page.reload()
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeFocused()
})

test('7. at 900 px, Settings opens over the chat: the chat keeps its width and Send stays inside it', async ({
  app: page,
}) => {
  await page.setViewportSize({ width: 900, height: 700 })
  const chat = page.getByRole('main')
  const before = await box(chat)
  await page.getByRole('button', { name: 'Settings' }).click()
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeFocused()
  const after = await box(chat)
  expect(after.width).toBe(before.width)
  expect(after.width).toBeGreaterThan(560)
  const send = await box(page.getByRole('button', { name: 'Send' }))
  expect(send.x + send.width).toBeLessThanOrEqual(after.x + after.width)
  expect(send.x + send.width).toBeLessThanOrEqual(900)

  // The session list folds away on request, and the chat takes the room.
  await page.keyboard.press('Escape')
  await page.getByRole('button', { name: 'Session list' }).click()
  await expect(page.getByRole('navigation', { name: 'Sessions' })).toBeHidden()
  expect((await box(chat)).width).toBeGreaterThan(880)
})

test.describe('8. a failed turn', () => {
  test.use({
    scenario: '',
    serverEnv: { OPENAI_BASE_URL: 'http://127.0.0.1:9/v1', OPENAI_API_KEY: 'test-key' },
  })

  test('is an alert card in plain words with Retry; Retry runs the turn again and says so while it retries', async ({
    app: page,
  }) => {
    await sendMessage(page, 'Hello?')
    const card = page.getByRole('alert')
    await expect(card).toBeVisible({ timeout: 60_000 })
    await expect(card).not.toContainText('AI_')
    await expect(card).toContainText(/Can't reach|retried/i)
    await card.getByRole('button', { name: 'Retry' }).click()
    // The server is still down: the retried turn says it is trying again instead of a silent wait.
    await expect(page.getByText(/Retrying 2\/\d/)).toBeVisible({ timeout: 30_000 })
    await page.getByRole('button', { name: 'Stop' }).click()
  })
})

test('9. Stop from the tray marks the call "Stopped", not "Failed", and sits in the header, apart from the answers', async ({
  app: page,
}) => {
  await sendMessage(page, 'Remove the build and rebuild')
  const tray = permissionTray(page)
  await waitUntilArmed(tray)
  // Stop is in the header, not in the row of answers.
  const stop = tray.locator('.tray-header').getByRole('button', { name: 'Stop' })
  await expect(tray.locator('footer').getByRole('button', { name: 'Stop' })).toHaveCount(0)
  await stop.focus()
  await page.keyboard.press('Enter')
  const card = conversation(page).getByRole('button', { name: /run_command call/ })
  await expect(card).toHaveAccessibleName('run_command call, Stopped')
  await expect(conversation(page)).not.toContainText('Failed')

  await sendMessage(page, 'Ask three questions')
  const question = questionTray(page)
  await expect(question.locator('.tray-header').getByRole('button', { name: 'Stop' })).toBeVisible()
  await expect(question.locator('footer').getByRole('button', { name: 'Stop' })).toHaveCount(0)
})

test('type-ahead: keys that arrive as the tray appears do nothing; once armed, Escape still never answers', async ({
  app: page,
}) => {
  // Keys dispatched in the very moment the tray is put on screen, before anyone could read it.
  await page.evaluate(() => {
    // e2e code is type-checked without DOM typings.
    type El = {
      getAttribute(name: string): string | null
      dispatchEvent(event: unknown): boolean
    }
    type Win = {
      document: { querySelector(s: string): El | null; body: unknown }
      MutationObserver: new (cb: () => void) => {
        observe(target: unknown, options: object): void
        disconnect(): void
      }
      KeyboardEvent: new (type: string, init: object) => unknown
      typedAheadWhileArmed?: string | null
    }
    const w = globalThis as unknown as Win
    const observer = new w.MutationObserver(() => {
      const tray = w.document.querySelector('[aria-label="Permission request"]')
      if (!tray) return
      observer.disconnect()
      w.typedAheadWhileArmed = tray.getAttribute('data-armed')
      for (const key of ['Enter', '1', 'Escape', ' ', '2', 'Enter']) {
        tray.dispatchEvent(new w.KeyboardEvent('keydown', { key, bubbles: true }))
      }
    })
    observer.observe(w.document.body, { childList: true, subtree: true })
  })
  // And a person still typing ("all good") while the agent works.
  const composer = page.getByRole('textbox', { name: 'Message' })
  await composer.fill('Remove the build and rebuild')
  await composer.press('Enter')
  const tray = permissionTray(page)
  await page.keyboard.type('all good', { delay: 40 })
  await page.keyboard.press('Enter')

  await expect(tray).toBeVisible()
  expect(
    await page.evaluate(
      () => (globalThis as { typedAheadWhileArmed?: string }).typedAheadWhileArmed,
    ),
  ).toBe('false')
  await waitUntilArmed(tray)
  const card = conversation(page).getByRole('button', { name: /run_command call/ })
  await expect(card).toHaveAccessibleName('run_command call, Awaiting permission')
  await expect(tray).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(tray).toBeVisible()
  await expect(card).toHaveAccessibleName('run_command call, Awaiting permission')
  await page.keyboard.press('2')
  await page.keyboard.press('Enter')
  await expect(tray).toBeHidden()
  await expect(card).toHaveAccessibleName('run_command call, Denied')
})

test('numbers move to Allow or Deny and Enter acts on the focused one', async ({ app: page }) => {
  await sendMessage(page, 'Run the checks')
  const tray = permissionTray(page)
  await waitUntilArmed(tray)
  await page.keyboard.press('2')
  await expect(tray.getByRole('button', { name: 'Deny' })).toBeFocused()
  await page.keyboard.press('1')
  await expect(tray.getByRole('button', { name: 'Allow' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(tray).toBeHidden()
  await expect(conversation(page)).toContainText('Checks finished.')
})

test('Deny can carry a note to the agent', async ({ app: page }) => {
  await sendMessage(page, 'Remove the build and rebuild')
  const tray = permissionTray(page)
  await tray.getByRole('button', { name: 'No, and tell the agent what to do instead' }).click()
  const note = tray.getByRole('textbox', { name: 'What should the agent do instead?' })
  await expect(note).toBeFocused()
  await note.fill('Only remove dist.')
  await tray.getByRole('button', { name: 'Deny' }).click()
  await expect(tray).toBeHidden()
})

test('keyboard: Ctrl+, opens Settings and Escape returns focus; arrow keys move between sessions; Ctrl+N starts one', async ({
  app: page,
}) => {
  await sendMessage(page, 'Hello one')
  await expect(conversation(page)).toContainText('Anything else?')
  await page.getByRole('button', { name: 'New session' }).click()
  await sendMessage(page, 'Hello two')
  await expect(conversation(page)).toContainText('Anything else?')

  const composer = page.getByRole('textbox', { name: 'Message' })
  await composer.focus()
  await page.keyboard.press('Control+,')
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeHidden()
  await expect(composer).toBeFocused()

  // One tab stop for the list; arrows move inside it.
  const links = sessionLinks(page)
  await links.first().focus()
  await expect(links.first()).toHaveAttribute('tabindex', '0')
  await expect(links.nth(1)).toHaveAttribute('tabindex', '-1')
  await page.keyboard.press('ArrowDown')
  await expect(links.nth(1)).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(links.nth(1)).toHaveAttribute('aria-current', 'page')

  // Rename from the keyboard, Escape gives focus back to the session.
  await links.nth(1).focus()
  await page.keyboard.press('F2')
  await expect(page.getByRole('textbox', { name: 'Session title' })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(links.nth(1)).toBeFocused()

  await composer.focus()
  await page.keyboard.press('Control+n')
  await expect(composer).toBeFocused()
  await expect(links).toHaveCount(3)
})

test('the sidebar keeps waiting sessions in their place, saying what waits, and finds sessions by name', async ({
  app: page,
}) => {
  await sendMessage(page, 'Ask three questions')
  await expect(questionTray(page)).toBeVisible()
  await page.getByRole('button', { name: 'New session' }).click()
  await sendMessage(page, 'Hello later')
  await expect(conversation(page)).toContainText('Anything else?')
  const links = sessionLinks(page)
  await expect(links.first()).toContainText('Hello later')
  await expect(links.first()).toContainText('just now')
  await expect(links.nth(1)).toContainText('Ask three questions')
  await expect(links.nth(1)).toContainText('Needs input')
  await expect(links.nth(1)).toContainText('Question')

  await page.getByRole('searchbox', { name: 'Search sessions' }).fill('later')
  await expect(links).toHaveCount(1)
  await expect(links.first()).toContainText('Hello later')
  const row = page.getByRole('navigation', { name: 'Sessions' }).getByRole('listitem')
  await expect(row.getByRole('button', { name: 'Delete “Hello later”' })).toBeAttached()
  await expect(row.getByRole('button', { name: 'Rename “Hello later”' })).toBeAttached()
})

test('cycling the mode onto Bypass with the keyboard takes an explicit confirmation', async ({
  app: page,
}) => {
  const mode = page.getByRole('combobox', { name: 'Mode', exact: true })
  await mode.focus()
  await page.keyboard.press('End')
  const confirm = page.getByRole('alertdialog', { name: 'Switch to Bypass?' })
  await expect(confirm).toBeVisible()
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(confirm).toBeHidden()
  await expect(mode).toBeFocused()
  await expect(mode).toHaveValue('ask')
  await page.keyboard.press('ArrowDown')
  await expect(mode).toHaveValue('execute')
  await page.keyboard.press('ArrowDown')
  await expect(confirm).toBeVisible()
  await confirm.getByRole('button', { name: 'Switch to Bypass' }).click()
  await expect(mode).toHaveValue('bypass')
})

test('offline, Send says why it cannot send', async ({ app: page, server }) => {
  await page.getByRole('textbox', { name: 'Message' }).fill('Are you there?')
  await server.stop()
  const send = page.getByRole('button', { name: 'Send' })
  await expect(send).toBeDisabled()
  await expect(send).toHaveAccessibleDescription(/Offline/)
})

for (const width of [900, 1280]) {
  test(`13. at ${width} px the command Remember names is never broken across two lines`, async ({
    app: page,
  }) => {
    await page.setViewportSize({ width, height: 800 })
    await sendMessage(page, 'Two at once')
    const tray = permissionTray(page)
    await waitUntilArmed(tray)
    const chips = tray.locator('.remember code')
    await expect(chips.first()).toBeVisible()
    for (const chip of await chips.all()) {
      // One box per chip, one line high.
      const boxes = await chip.evaluate((el) => {
        const rects = (
          el as unknown as { getClientRects(): ArrayLike<{ height: number }> }
        ).getClientRects()
        return Array.from(rects).map((r) => r.height)
      })
      expect(boxes).toHaveLength(1)
      expect(boxes[0]).toBeLessThan(26)
    }
  })
}
