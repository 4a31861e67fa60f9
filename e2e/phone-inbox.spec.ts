// The phone and the inbox, third pass (issue 38 items 3, 4, 6 and 7): a phone at 390 px with real
// routes, a touch tray, the desktop inbox side by side, and a sidebar that keeps its order.
import { devices, type Browser, type Locator, type Page } from '@playwright/test'
import { expect, sendMessage, test, waitUntilArmed } from './fixtures'
import { ARTIFACTS, shoot, shootAll } from './screens'

test.use({ scenario: 'phone-inbox.json', serverArgs: ['--remote'], fakeDelayMs: '0' })

/** What `parley serve --remote` prints before its pairing link. */
const PAIRING_PREFIX =
  'Answer from your phone (open on the phone, link works once, for 10 minutes): '

const onLoopback = (link: string) =>
  link.replace(/^https:\/\/[^/]+:(\d+)\//, 'https://127.0.0.1:$1/')

const PHONE_WIDTH = 390

/** A 390 px touch phone, paired, whose page must run without an error in its console. */
async function openPhone(browser: Browser, link: string) {
  const context = await browser.newContext({
    ...devices['Pixel 7'],
    viewport: { width: PHONE_WIDTH, height: 844 },
    ignoreHTTPSErrors: true,
  })
  const phone = await context.newPage()
  const problems: string[] = []
  phone.on('pageerror', (error) => problems.push(error.message))
  phone.on('console', (message) => {
    // The service worker's script is refused over the test's self-signed certificate; Chromium
    // words that either as an SSL error or, at times, as an unknown one.
    const certificate = /(SSL certificate|unknown) error occurred when fetching the script/.test(
      message.text(),
    )
    if (message.type() === 'error' && !certificate) problems.push(message.text())
  })
  await phone.goto(onLoopback(link))
  return { phone, problems }
}

/** Both themes of the phone as it stands, each checked with axe. */
async function shootPhone(page: Page, name: string) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    await shoot(page, `${ARTIFACTS}/${name}-${colorScheme}-390.png`, `${name}, ${colorScheme}`)
  }
  await page.emulateMedia({ colorScheme: 'light' })
}

const inbox = (page: Page) => page.getByRole('list', { name: 'Waiting for you' })
const questionTray = (page: Page) => page.getByRole('region', { name: 'Agent question' })
const permissionTray = (page: Page) => page.getByRole('region', { name: 'Permission request' })

/** Every visible box inside the viewport's width: nothing clipped at the right edge. */
async function expectWithinWidth(scope: Locator, width: number) {
  const right = await scope.evaluate((el) => el.getBoundingClientRect().right)
  expect(right).toBeLessThanOrEqual(width)
}

test('the phone at 390 px: a request has its own URL, Back returns to the list, Submit says it was sent, the header fits', async ({
  app: desktop,
  server,
  browser,
}) => {
  const link = await server.lineAfter(PAIRING_PREFIX)
  await sendMessage(desktop, 'migrate the database')
  await expect(questionTray(desktop)).toBeVisible()

  const { phone, problems } = await openPhone(browser, link)
  await expect(inbox(phone)).toBeVisible()
  // The header is one line, its buttons whole and inside the screen.
  const header = phone.locator('.inbox-header')
  const toChat = header.getByRole('button', { name: 'Back to chat' })
  await expectWithinWidth(toChat, PHONE_WIDTH)
  const [headerBox, titleBox, chatBox] = await Promise.all([
    header.boundingBox(),
    phone.getByRole('heading', { name: 'Waiting for you' }).boundingBox(),
    toChat.boundingBox(),
  ])
  expect(headerBox?.height).toBeLessThan(64)
  expect(Math.abs((titleBox?.y ?? 0) - (chatBox?.y ?? 100))).toBeLessThan(24)
  expect(await toChat.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
  const listUrl = phone.url()
  await shootPhone(phone, 'phone-inbox-list')

  // Tapping a request gives it a URL and a history entry.
  const line = inbox(phone).getByRole('listitem', { name: /^migrate the database: question/ })
  await line.getByRole('button', { name: /migrate the database/ }).tap()
  await expect(questionTray(phone)).toBeVisible()
  await expect(phone).toHaveURL(/[?&]request=[\w-]+/)
  await expect(inbox(phone)).toBeHidden()
  await waitUntilArmed(questionTray(phone))
  await shootPhone(phone, 'phone-inbox-request')

  // The phone's Back returns to the list, inside the app.
  await phone.goBack()
  await expect(inbox(phone)).toBeVisible()
  await expect(questionTray(phone)).toBeHidden()
  expect(phone.url()).toBe(listUrl)

  // …and Forward opens the request again.
  await phone.goForward()
  await expect(questionTray(phone)).toBeVisible()
  const tray = questionTray(phone)
  await waitUntilArmed(tray)
  await tray.getByRole('radio', { name: 'Keep it' }).tap()
  await tray.getByRole('button', { name: 'Next', exact: true }).tap()
  await tray.getByRole('radio', { name: 'Vitest' }).tap()
  await tray.getByRole('button', { name: 'Next', exact: true }).tap()
  await tray.getByRole('button', { name: 'Submit', exact: true }).tap()

  // Answered: the list again, saying so, and the URL is the list's.
  await expect(
    phone.getByRole('status').filter({ hasText: 'Sent — the agent carries on' }),
  ).toBeVisible()
  await expect(inbox(phone)).toBeVisible()
  expect(phone.url()).toBe(listUrl)
  const permission = inbox(phone).getByRole('listitem', {
    name: /^migrate the database: permission/,
  })
  await expect(permission).toBeVisible()
  await shootPhone(phone, 'phone-inbox-sent')

  // A reload at a request's URL opens that request again (a paired phone's refusals tolerated).
  await permission.getByRole('button', { name: /migrate the database/ }).tap()
  await expect(permissionTray(phone)).toBeVisible()
  await phone.reload()
  await expect(permissionTray(phone)).toBeVisible()
  await waitUntilArmed(permissionTray(phone))
  await permissionTray(phone).getByRole('button', { name: 'Allow', exact: true }).tap()
  await expect(phone.getByText('Nothing is waiting for you.')).toBeVisible()
  await expect(
    desktop.getByRole('log', { name: 'Conversation' }).getByText(/Finished: .*phone-ok/),
  ).toBeVisible()
  expect(problems).toEqual([])
  await phone.context().close()
})

test('the phone tray on touch: no key badges, the whole inbox row is the target, one primary action, Stop apart, Allow on one line', async ({
  app: desktop,
  server,
  browser,
}) => {
  const link = await server.lineAfter(PAIRING_PREFIX)
  await sendMessage(desktop, 'migrate the database')
  await expect(questionTray(desktop)).toBeVisible()
  const { phone, problems } = await openPhone(browser, link)

  // The row is one button, the whole width of the line: no ghost "Open session" beside it.
  const line = inbox(phone).getByRole('listitem', { name: /^migrate the database: question/ })
  await expect(line.getByRole('button')).toHaveCount(1)
  const [lineBox, buttonBox] = await Promise.all([
    line.boundingBox(),
    line.getByRole('button').boundingBox(),
  ])
  expect(buttonBox?.width).toBeGreaterThan((lineBox?.width ?? 0) - 2)
  await line.getByRole('button').tap()

  const tray = questionTray(phone)
  await waitUntilArmed(tray)
  await expect(tray.locator('.key-hint:visible')).toHaveCount(0)
  await tray.getByRole('radio', { name: 'Keep it' }).tap()
  const next = tray.getByRole('button', { name: 'Next', exact: true })
  const stop = tray.getByRole('button', { name: 'Stop', exact: true })
  const [nextBox, stopBox] = await Promise.all([next.boundingBox(), stop.boundingBox()])
  // Stop is not in the answer row: it sits in the tray's header, above it.
  expect((stopBox?.y ?? 0) + (stopBox?.height ?? 0)).toBeLessThanOrEqual(nextBox?.y ?? 0)
  await expect(tray.locator('.button-primary:visible, .button-danger:visible')).toHaveCount(1)
  await next.tap()
  await tray.getByRole('radio', { name: 'Vitest' }).tap()
  await next.tap()
  await tray.getByRole('button', { name: 'Submit', exact: true }).tap()

  const permission = inbox(phone).getByRole('listitem', {
    name: /^migrate the database: permission/,
  })
  await permission.getByRole('button').tap()
  const prompt = permissionTray(phone)
  await waitUntilArmed(prompt)
  await expect(prompt.locator('.key-hint:visible')).toHaveCount(0)
  const allow = prompt.getByRole('button', { name: 'Allow', exact: true })
  const deny = prompt.getByRole('button', { name: 'Deny', exact: true })
  const [allowBox, denyBox, promptStop] = await Promise.all([
    allow.boundingBox(),
    deny.boundingBox(),
    prompt.getByRole('button', { name: 'Stop', exact: true }).boundingBox(),
  ])
  // Allow and Deny share one row, Allow on one line; Stop apart, in the header above them.
  expect(Math.abs((allowBox?.y ?? 0) - (denyBox?.y ?? 100))).toBeLessThan(2)
  expect(allowBox?.height ?? 100).toBeLessThan(56)
  expect(await allow.evaluate((el) => getComputedStyle(el).whiteSpace)).toBe('nowrap')
  expect((promptStop?.y ?? 0) + (promptStop?.height ?? 0)).toBeLessThanOrEqual(allowBox?.y ?? 0)
  await expect(prompt.locator('.button-primary:visible, .button-danger:visible')).toHaveCount(1)
  await shootPhone(phone, 'phone-permission-touch')
  await allow.tap()
  await expect(phone.getByText('Nothing is waiting for you.')).toBeVisible()
  expect(problems).toEqual([])
  await phone.context().close()
})

/** Two sessions waiting: "migrate" (a question, then a command) and "tidy" (one question). */
async function twoSessionsWaiting(page: Page) {
  await sendMessage(page, 'migrate the database')
  await expect(questionTray(page)).toBeVisible()
  await page.getByRole('button', { name: 'New session' }).click()
  await sendMessage(page, 'tidy the cache')
  await expect(questionTray(page)).toBeVisible()
}

test('the desktop inbox: markdown drawn, grouped by session, list and request side by side, selection kept, j and k move', async ({
  app: page,
}) => {
  await twoSessionsWaiting(page)
  await page.keyboard.press('Control+i')
  await expect(inbox(page).getByRole('listitem')).toHaveCount(2)
  // What is asked reads as markdown: code, not backticks.
  await expect(inbox(page).locator('code', { hasText: 'app.db' })).toBeVisible()
  await expect(inbox(page).locator('code', { hasText: 'npm test' })).toBeVisible()
  await expect(inbox(page)).not.toContainText('`')
  // Grouped by session: each session's title heads its group.
  await expect(inbox(page).locator('.inbox-group-title')).toHaveText([
    'migrate the database',
    'tidy the cache',
  ])
  await shootAll(page, 'inbox-grouped')

  // j opens the first, side by side with the list at 1280 px; the header stays in view.
  await page.keyboard.press('j')
  const tray = questionTray(page)
  await expect(tray).toBeVisible()
  await expect(page).toHaveURL(/[?&]request=/)
  const [listBox, trayBox] = await Promise.all([inbox(page).boundingBox(), tray.boundingBox()])
  expect(trayBox?.x ?? 0).toBeGreaterThanOrEqual((listBox?.x ?? 0) + (listBox?.width ?? 0))
  await expect(inbox(page)).toBeInViewport()
  await expect(page.getByRole('heading', { name: 'Waiting for you' })).toBeInViewport()
  const first = inbox(page).getByRole('listitem', { name: /^migrate the database/ })
  await expect(first.getByRole('button')).toHaveAttribute('aria-current', 'true')
  await expect(tray).toContainText('app.db')
  await shootAll(page, 'inbox-side-by-side')

  // k at the top stays; j moves to the next and the selection follows.
  await page.keyboard.press('k')
  await expect(first.getByRole('button')).toHaveAttribute('aria-current', 'true')
  await page.keyboard.press('j')
  const second = inbox(page).getByRole('listitem', { name: /^tidy the cache/ })
  await expect(second.getByRole('button')).toHaveAttribute('aria-current', 'true')
  await expect(first.getByRole('button')).not.toHaveAttribute('aria-current', 'true')
  await expect(tray).toContainText('before deleting the cache')

  // Answered beside the list, the next request takes its place, still selected.
  await waitUntilArmed(tray)
  await tray.getByRole('radio', { name: 'Skip' }).click()
  await tray.getByRole('button', { name: 'Submit', exact: true }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'Sent — the agent carries on' }),
  ).toBeVisible()
  await expect(inbox(page).getByRole('listitem')).toHaveCount(1)
  await expect(first.getByRole('button')).toHaveAttribute('aria-current', 'true')
  await expect(questionTray(page)).toContainText('app.db')

  // At 900 px they stack: the request in the list's place, with the way back to it.
  await page.setViewportSize({ width: 900, height: 800 })
  await expect(inbox(page)).toBeHidden()
  await expect(questionTray(page)).toBeVisible()
  await page.getByRole('button', { name: 'Back to the list' }).click()
  await expect(inbox(page)).toBeVisible()
  await expect(questionTray(page)).toBeHidden()
  await page.setViewportSize({ width: 1280, height: 800 })
})

test('the sidebar keeps its recency order, counts requests only, marks waiting with a dot, and a waiting row is no taller at 900 px', async ({
  app: page,
}) => {
  await sendMessage(page, 'migrate the database')
  await expect(questionTray(page)).toBeVisible()
  await page.getByRole('button', { name: 'New session' }).click()
  await sendMessage(page, 'say hello')
  await expect(page.getByRole('log', { name: 'Conversation' })).toContainText('Nothing to ask.')
  await page.setViewportSize({ width: 900, height: 800 })

  const sidebar = page.getByRole('navigation', { name: 'Sessions' })
  const links = sidebar.getByRole('link')
  // The newest (the one on screen) stays first; the waiting one keeps its place below it.
  await expect(links.nth(0)).toContainText('say hello')
  await expect(links.nth(1)).toContainText('migrate the database')
  await expect(links.nth(1)).toContainText('Needs input')
  await expect(links.nth(1).locator('.session-dot')).toBeVisible()
  await expect(links.nth(0).locator('.session-dot')).toHaveCount(0)
  // One count, of requests, everywhere.
  await expect(sidebar.getByRole('button', { name: 'Waiting (1)' })).toBeVisible()
  await expect(sidebar).not.toContainText(/sessions? needs? your input/)
  const [calm, waiting] = await Promise.all([
    links.nth(0).boundingBox(),
    links.nth(1).boundingBox(),
  ])
  expect(waiting?.height ?? 100).toBeLessThanOrEqual((calm?.height ?? 0) + 1)
  await page.setViewportSize({ width: 1280, height: 800 })
  await shootAll(page, 'sidebar-waiting-dot')
})
