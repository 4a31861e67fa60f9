import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { expect, sendMessage, test, waitUntilArmed } from './fixtures'
import { fakeAgentCommand } from './parley-server'
import { ARTIFACTS, shoot, shootAll } from './screens'

const require = createRequire(import.meta.url)

/** Issue 25: the desktop UI's second pass, each finding as a person (or a keyboard) meets it. */
test.use({ scenario: 'ui-states.json' })
// Each test shoots its states in both themes at two widths with axe: slow on a busy machine.
test.describe.configure({ timeout: 300_000 })

const permissionTray = (page: Page) => page.getByRole('region', { name: 'Permission request' })
const questionTray = (page: Page) => page.getByRole('region', { name: 'Agent question' })
const conversation = (page: Page) => page.getByRole('log', { name: 'Conversation' })
const messageBox = (page: Page) => page.getByRole('textbox', { name: 'Message' })

type Box = { x: number; y: number; width: number; height: number }
const box = async (locator: Locator): Promise<Box> => {
  const found = await locator.boundingBox()
  if (!found) throw new Error('not laid out')
  return found
}

test('1. Enter while the agent works queues the message: shown, editable, cancellable, sent when the turn ends', async ({
  app: page,
}) => {
  await sendMessage(page, 'Ask one thing')
  const tray = questionTray(page)
  await waitUntilArmed(tray)
  // Back to the composer while the question waits: the turn is still running.
  await page.keyboard.press('Escape')
  await messageBox(page).fill('Also check the docs')
  await messageBox(page).press('Enter')
  await messageBox(page).fill('And the changelog')
  await messageBox(page).press('Enter')
  const queued = page.getByRole('region', { name: 'Queued messages' })
  await expect(queued.getByRole('listitem')).toHaveCount(2)
  await expect(messageBox(page)).toHaveValue('')
  // The runtime's developer words never reach the screen.
  await expect(page.getByText(/already running/)).toHaveCount(0)
  await expect(page.getByRole('alert')).toHaveCount(0)
  await shootAll(page, 'queued-messages')

  await queued.getByRole('button', { name: 'Edit queued message: Also check the docs' }).click()
  await queued.getByRole('textbox', { name: 'Queued message' }).fill('Also check the README')
  await queued.getByRole('textbox', { name: 'Queued message' }).press('Enter')
  await queued.getByRole('button', { name: 'Cancel queued message: And the changelog' }).click()
  await expect(queued.getByRole('listitem')).toHaveCount(1)

  await page.getByRole('button', { name: 'Answer' }).click()
  await tray.getByRole('radio', { name: 'Skip them' }).check()
  await tray.getByRole('button', { name: 'Submit' }).click()
  await expect(conversation(page)).toContainText('Noted:')
  // The turn ended: the queued message went as the next message, and got its own reply.
  await expect(conversation(page)).toContainText('Also check the README')
  await expect(conversation(page)).toContainText('Anything else?')
  await expect(queued).toBeHidden()
  await expect(conversation(page)).not.toContainText('And the changelog')
})

test('2. an edit prompt shows its diff without a click, and at 900 px the footer never cuts the Remember row', async ({
  app: page,
  folders,
}) => {
  writeFileSync(
    join(folders.workspace, 'config.txt'),
    'name = parley\nport = 8080\nhost = localhost\ndebug = true\nlog = info\n',
  )
  await sendMessage(page, 'Edit the config')
  const tray = permissionTray(page)
  const changes = tray.getByRole('group', { name: 'Changes' })
  await expect(changes.locator('tr', { hasText: 'port = 9090' })).toBeVisible()
  await expect(changes.locator('tr', { hasText: 'port = 8080' })).toBeVisible()
  await shootAll(page, 'permission-edit-diff')

  await page.setViewportSize({ width: 900, height: 800 })
  await tray.getByRole('button', { name: 'Details' }).click()
  await expect(tray.getByLabel('Full details')).toBeVisible()
  const remember = tray.locator('.remember')
  const footer = tray.locator('.tray-actions')
  const [row, foot] = [await box(remember), await box(footer)]
  expect(row.y + row.height).toBeLessThanOrEqual(foot.y + 1)
  await expect(remember).toBeInViewport({ ratio: 1 })
  await shoot(page, `${ARTIFACTS}/permission-edit-details-light-900.png`)
})

test('3. number keys: focus follows the picked option', async ({ app: page }) => {
  await sendMessage(page, 'Ask three questions')
  const tray = questionTray(page)
  await waitUntilArmed(tray)
  await page.keyboard.press('2')
  const picked = tray.getByRole('radio', { name: 'SQLite' })
  await expect(picked).toBeChecked()
  await expect(picked).toBeFocused()
  await page.keyboard.press('Enter')
  await page.keyboard.press('3')
  await expect(tray.getByRole('radio', { name: 'A single VM' })).toBeFocused()
  await page.keyboard.press('1')
  await expect(tray.getByRole('radio', { name: 'Fly.io' })).toBeFocused()
  await expect(tray.getByRole('radio', { name: 'Fly.io' })).toBeChecked()
})

test('4. permission footer: real buttons on one row at 900 px, one Remember checkbox, Allow before Deny; high risk remembers only what the runtime allows', async ({
  app: page,
}) => {
  await page.setViewportSize({ width: 900, height: 800 })
  await sendMessage(page, 'Run the checks')
  const tray = permissionTray(page)
  await waitUntilArmed(tray)
  const allow = tray.getByRole('button', { name: 'Allow' })
  const deny = tray.getByRole('button', { name: 'Deny' })
  const details = tray.getByRole('button', { name: 'Details' })
  const note = tray.getByRole('button', { name: 'No, and tell the agent what to do instead' })
  const boxes = await Promise.all([details, note, allow, deny].map(box))
  // One row: every button's vertical middle on the same line.
  const middles = boxes.map((b) => Math.round(b.y + b.height / 2))
  expect(Math.max(...middles) - Math.min(...middles)).toBeLessThanOrEqual(2)
  // Allow (key 1) before Deny (key 2).
  expect(boxes[2]?.x ?? 0).toBeLessThan(boxes[3]?.x ?? 0)
  // Details and the note are drawn as buttons: a border, like Deny's.
  for (const button of [details, note]) {
    const border = await button.evaluate((el) => {
      type Style = { borderTopWidth: string; borderTopStyle: string }
      const g = globalThis as unknown as { getComputedStyle(e: unknown): Style }
      const style = g.getComputedStyle(el)
      return `${style.borderTopWidth} ${style.borderTopStyle}`
    })
    expect(border).toBe('1px solid')
  }
  // A long risk reason wraps inside the tray instead of running out of it.
  const trayBox = await box(tray)
  const reasons = await tray.locator('.part-risk').all()
  expect(reasons.length).toBeGreaterThan(0)
  for (const reason of reasons) {
    const b = await box(reason)
    expect(b.x + b.width).toBeLessThanOrEqual(trayBox.x + trayBox.width)
  }
  const checkboxes = tray.getByRole('checkbox')
  if ((await checkboxes.count()) > 0) {
    await expect(checkboxes).toHaveCount(1)
    await expect(checkboxes).toHaveAccessibleName(/^(Remember for this turn|Don't ask again)/)
  }
  await shootAll(page, 'permission-footer')
  await deny.click()
  await expect(conversation(page)).toContainText('Checks finished.')

  // `rm -rf build dist && npm run build`: the runtime lets the build be remembered, never the rm.
  await sendMessage(page, 'Remove the build and rebuild')
  await waitUntilArmed(tray)
  await expect(tray.getByRole('checkbox')).toHaveAccessibleName(
    "Remember for this turn: don't ask again for npm run build, whatever it runs then, in the sandbox, with any files in the workspace",
  )
  await shootAll(page, 'permission-high-risk-remember')
  await tray.getByRole('button', { name: 'Deny' }).click()
})

test('5. the permission countdown shows only in the last minute of its time limit, and counts down there', async ({
  app: page,
}) => {
  // The page's clock, moved on by hand; the runtime's 300 s limit itself is untouched.
  await page.clock.install()
  await page.reload()
  await sendMessage(page, 'Run the checks')
  const tray = permissionTray(page)
  await waitUntilArmed(tray)
  const countdown = tray.getByText(/^Denies automatically in \d+:\d\d$/)
  await expect(tray.getByRole('button', { name: 'Allow' })).toBeVisible()
  await expect(countdown).toHaveCount(0)

  const secondsLeft = async () => {
    const match = /(\d+):(\d\d)$/.exec(await countdown.innerText())
    return Number(match?.[1]) * 60 + Number(match?.[2])
  }
  // 4:10 after it was shown, 50 s are left (a little less: the test took time to get here).
  await page.clock.fastForward('04:10')
  await expect(countdown).toBeVisible()
  const first = await secondsLeft()
  expect(first).toBeGreaterThan(0)
  expect(first).toBeLessThanOrEqual(50)
  await shootAll(page, 'permission-countdown')
  await page.clock.fastForward('00:30')
  await expect.poll(secondsLeft).toBeLessThanOrEqual(first - 30)
  await tray.getByRole('button', { name: 'Deny' }).click()
  await expect(conversation(page)).toContainText('Checks finished.')
})

test('6. no repeated boxes: one quiet line in the transcript, one counter, the sidebar does not flag the session on screen', async ({
  app: page,
}) => {
  await sendMessage(page, 'Ask three questions')
  const tray = questionTray(page)
  await waitUntilArmed(tray)
  await expect(conversation(page).getByText(/3 questions below/)).toBeVisible()
  await expect(conversation(page).locator('.question-card')).toHaveCount(0)
  await expect(tray.getByText('1 / 3', { exact: true })).toBeVisible()
  await expect(tray.getByRole('group', { name: 'Questions' })).toHaveCount(0)
  const link = page.getByRole('navigation', { name: 'Sessions' }).getByRole('link').first()
  // Still "Needs input" for a screen reader, but nothing on screen repeats the tray.
  await expect(link).toContainText('Needs input')
  await expect(link.locator('.needs-input')).toHaveCount(0)
  await expect(link.getByText(/waiting/)).toHaveCount(0)
  await expect(page.getByText(/needs your input/)).toHaveCount(0)
  await shootAll(page, 'question-one-line')
})

test('7. the review cannot be skipped, Edit is a button, the tray fits its content, and Escape returns to the composer keeping the draft', async ({
  app: page,
}) => {
  await messageBox(page).fill('')
  await sendMessage(page, 'Ask three questions')
  const tray = questionTray(page)
  await waitUntilArmed(tray)
  // A short question leaves no blank band under it.
  const body = tray.locator('.tray-body')
  const gap = await body.evaluate((el) => {
    type El = { clientHeight: number; scrollHeight: number; lastElementChild: unknown }
    type Rect = { bottom: number }
    const e = el as unknown as El & { getBoundingClientRect(): Rect }
    const last = e.lastElementChild as { getBoundingClientRect(): Rect } | null
    return last ? e.getBoundingClientRect().bottom - last.getBoundingClientRect().bottom : 0
  })
  expect(gap).toBeLessThanOrEqual(16)

  for (const step of ['1 / 3', '2 / 3', '3 / 3']) {
    await expect(tray.getByText(step, { exact: true })).toBeVisible()
    await expect(tray.getByRole('button', { name: 'Submit' })).toHaveCount(0)
    await tray.getByRole('button', { name: 'Next', exact: true }).click()
  }
  await expect(tray.getByText('Review your answers')).toBeVisible()
  const edit = tray.getByRole('button', { name: 'Edit answer 2' })
  expect(await edit.evaluate((el) => (el as unknown as { className: string }).className)).toMatch(
    /button-secondary/,
  )
  await edit.click()
  await tray.getByRole('radio', { name: 'Kubernetes' }).check()

  // Escape: back to the composer, its draft kept; the question still waits, one click away.
  await page.keyboard.press('Escape')
  await expect(tray).toBeHidden()
  await expect(messageBox(page)).toBeFocused()
  await messageBox(page).fill('a draft for later')
  await expect(page.getByText('The agent is waiting on a question.')).toBeVisible()
  await shootAll(page, 'question-closed-to-composer')
  await page.getByRole('button', { name: 'Answer' }).click()
  await expect(tray.getByRole('radio', { name: 'Kubernetes' })).toBeChecked()
  await tray.getByRole('button', { name: 'Next', exact: true }).click()
  await tray.getByRole('button', { name: 'Next', exact: true }).click()
  await tray.getByRole('button', { name: 'Submit' }).click()
  await expect(conversation(page)).toContainText('Thanks:')
  await expect(messageBox(page)).toHaveValue('a draft for later')
})

test('9. the "You answered" card wraps a long Other answer from the left, with no orphan line on the right', async ({
  app: page,
}) => {
  await sendMessage(page, 'Ask one thing')
  const tray = questionTray(page)
  await tray.getByRole('radio', { name: 'Other' }).check()
  const answer =
    'Write them to a quarantine table with the validation error beside each row, carry on with the rest, and give me a summary at the end so I can decide'
  await tray.getByRole('textbox', { name: 'Other answer' }).fill(answer)
  await tray.getByRole('button', { name: 'Submit' }).click()
  const card = conversation(page).locator('.question-card')
  await expect(card).toContainText(answer)
  const [question, given] = [await box(card.locator('dt')), await box(card.locator('dd'))]
  // The answer starts where the question starts: left-aligned under it, not pushed right.
  expect(Math.abs(given.x - question.x)).toBeLessThanOrEqual(1)
  await shootAll(page, 'answered-long-other')
})

test('10. controls and words: styled pickers, a narrower sidebar at 900 px', async ({
  app: page,
}) => {
  const mode = page.locator('form.composer').getByRole('combobox', { name: 'Mode', exact: true })
  const look = await mode.evaluate((el) => {
    type Style = { appearance: string; borderTopLeftRadius: string }
    const g = globalThis as unknown as { getComputedStyle(e: unknown): Style }
    const style = g.getComputedStyle(el)
    return { appearance: style.appearance, radius: style.borderTopLeftRadius }
  })
  expect(look).toEqual({ appearance: 'none', radius: '999px' })
  await page.setViewportSize({ width: 900, height: 800 })
  const sidebar = await box(page.getByRole('navigation', { name: 'Sessions' }))
  expect(sidebar.width).toBeLessThanOrEqual(221)
  await shootAll(page, 'first-screen-pickers')
})

test('11. the message box has its own focus ring; opening Settings puts focus on its heading, with no ring on a heading (issue 38, item 16)', async ({
  app: page,
}) => {
  const outline = (locator: Locator) =>
    locator.evaluate((el) => {
      type Style = { outlineStyle: string; outlineWidth: string }
      const g = globalThis as unknown as { getComputedStyle(e: unknown): Style }
      const style = g.getComputedStyle(el)
      return `${style.outlineWidth} ${style.outlineStyle}`
    })
  const composer = page.locator('form.composer')
  await expect(messageBox(page)).toBeFocused()
  expect(await outline(composer)).toBe('2px solid')
  await composer.getByRole('combobox', { name: 'Mode', exact: true }).focus()
  expect(await outline(composer)).not.toBe('2px solid')

  await page.getByRole('button', { name: 'Settings' }).click()
  const heading = page.getByRole('heading', { name: 'Settings' })
  await expect(heading).toBeFocused()
  expect(await outline(heading)).not.toMatch(/solid/)
  await shootAll(page, 'settings-opened-focus')
})

test('10. the first screen says the scenario answers, has no nested parentheses, and an example prompt fills the message box', async ({
  app: page,
}) => {
  const log = conversation(page)
  await expect(log.getByRole('note')).toContainText(
    'Scripted replies. The scenario ui-states.json answers, not an AI model.',
  )
  const intro = log.locator('.session-intro')
  await expect(intro).toContainText('Modelnone: the scenario ui-states.json answers')
  expect(await intro.innerText()).not.toMatch(/\([^)]*\(/)
  // A scenario's one fake model leaves nothing to pick.
  await expect(page.getByRole('combobox', { name: 'Model' })).toHaveCount(0)
  await shootAll(page, 'first-screen-examples')

  const examples = log.getByRole('list', { name: 'Try one of these' })
  await examples.getByRole('button', { name: 'Run the tests and tell me what fails' }).click()
  await expect(messageBox(page)).toHaveValue('Run the tests and tell me what fails')
  await expect(messageBox(page)).toBeFocused()
})

test('10. Settings → MCP servers keeps --mcp-config on one line', async ({ app: page }) => {
  await page.setViewportSize({ width: 900, height: 800 })
  await page.getByRole('button', { name: 'Settings' }).click()
  const settings = page.getByRole('complementary', { name: 'Settings' })
  await settings.getByRole('tab', { name: 'MCP servers' }).click()
  const flag = settings.locator('code', { hasText: '--mcp-config' })
  await expect(flag).toBeVisible()
  const lines = await flag.evaluate(
    (el) => (el as unknown as { getClientRects(): { length: number } }).getClientRects().length,
  )
  expect(lines).toBe(1)
  await shootAll(page, 'settings-mcp-empty')
})

test('10. Settings → MCP servers → Add server: each mistake at its field, then saved to mcp.json and started', async ({
  app: page,
  folders,
}) => {
  const everything = require.resolve('@modelcontextprotocol/server-everything/dist/index.js')
  await page.getByRole('button', { name: 'Settings' }).click()
  const settings = page.getByRole('complementary', { name: 'Settings' })
  await settings.getByRole('tab', { name: 'MCP servers' }).click()
  await settings.getByRole('button', { name: 'Add server' }).click()
  const form = settings.getByRole('form', { name: 'Add an MCP server' })
  const name = form.getByRole('textbox', { name: 'Name' })
  await expect(name).toBeFocused()
  await name.fill('every thing')
  await form.getByRole('button', { name: 'Add' }).click()
  await expect(name).toHaveAttribute('aria-invalid', 'true')
  await expect(name).toHaveAccessibleDescription(
    'A name is letters, digits, “-”, “_” or “.”, without spaces.',
  )
  await expect(form.getByRole('textbox', { name: 'Command' })).toHaveAttribute(
    'aria-invalid',
    'true',
  )
  await shootAll(page, 'settings-mcp-add-errors')

  await name.fill('everything')
  await form.getByRole('textbox', { name: 'Command' }).fill(process.execPath)
  await form.getByRole('textbox', { name: 'Arguments' }).fill(`${everything}\nstdio`)
  await form.getByRole('button', { name: 'Add' }).click()
  await expect(settings.getByRole('status').first()).toHaveText(
    'everything was added to your mcp.json and is starting.',
  )
  const server = settings.getByRole('list', { name: 'MCP servers' }).getByRole('listitem').first()
  await expect(server).toContainText('everything')
  await expect(server).toContainText(/Ready · \d+ tools/)
  expect(JSON.parse(readFileSync(join(folders.dataDir, 'mcp.json'), 'utf8'))).toEqual({
    mcpServers: { everything: { command: process.execPath, args: [everything, 'stdio'] } },
  })
  await shootAll(page, 'settings-mcp-added')

  // The same name again is refused, in words, and nothing is written.
  await settings.getByRole('button', { name: 'Add server' }).click()
  await form.getByRole('textbox', { name: 'Name' }).fill('everything')
  await form.getByRole('textbox', { name: 'Command' }).fill('other')
  await form.getByRole('button', { name: 'Add' }).click()
  await expect(settings.getByText(/A server named “everything” is already in/)).toBeVisible()
})

test.describe('10. with a real provider', () => {
  // Nothing listens on port 9: no turn is sent, only the pickers are looked at.
  const provider = { OPENAI_BASE_URL: 'http://127.0.0.1:9/v1', OPENAI_API_KEY: 'test-key' }
  test.use({ scenario: '', serverEnv: provider })

  test('the model picker names the model in use, never "Default model"', async ({ app: page }) => {
    const model = page.getByRole('combobox', { name: 'Model' })
    await expect(model).toHaveValue('gpt-4.1')
    await expect(model.getByRole('option', { name: /Default/ })).toHaveCount(0)
    await expect(page.locator('.session-intro')).toContainText('Modelgpt-4.1 · 127.0.0.1:9')
    await expect(conversation(page).getByRole('note')).toHaveCount(0)
    await shootAll(page, 'first-screen-provider')
  })

  test.describe('and PARLEY_MODEL', () => {
    test.use({ serverEnv: { ...provider, PARLEY_MODEL: 'my-local-model' } })

    test('the model picker names the overriding model and cannot change it', async ({
      app: page,
    }) => {
      const model = page.getByRole('combobox', { name: 'Model' })
      await expect(model).toHaveValue('my-local-model')
      await expect(model).toBeDisabled()
    })
  })
})

test.describe('10. an ACP session', () => {
  test.use({ serverOptions: { acp: fakeAgentCommand('journeys.json') }, fakeDelayMs: '0' })

  test('says what happens to files in plain words', async ({ app: page }) => {
    const access = page.getByRole('combobox', { name: 'File access through Parley' })
    await expect(access.locator('option:checked')).toHaveText('Asks you before changing files')
    await expect(page.locator('.session-intro')).toContainText(
      'FilesAsks you before changing files, when the agent reads or writes them through Parley',
    )
    await expect(page.getByText(/Files: /)).toHaveCount(0)
    await shootAll(page, 'first-screen-acp')
  })
})
