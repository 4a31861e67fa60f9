import { devices, type Browser, type Locator, type Page } from '@playwright/test'
import { expect, sendMessage, test, waitUntilArmed } from './fixtures'
import { readEndedSessionLog } from './acceptance-log'

test.use({ scenario: 'remote-phone.json', serverArgs: ['--remote'] })

/** What `parley serve --remote` prints before its pairing link. */
const PAIRING_PREFIX =
  'Answer from your phone (open on the phone, link works once, for 10 minutes): '

/** The printed link with its host replaced by 127.0.0.1: tests never reach a LAN address. */
const onLoopback = (link: string) =>
  link.replace(/^https:\/\/[^/]+:(\d+)\//, 'https://127.0.0.1:$1/')

/** A Pixel-class phone (412 px wide, touch) that trusts the listener's self-signed certificate. */
async function openPhone(browser: Browser, link: string): Promise<Page> {
  const context = await browser.newContext({ ...devices['Pixel 7'], ignoreHTTPSErrors: true })
  const phone = await context.newPage()
  const problems: string[] = []
  phone.on('pageerror', (error) => problems.push(error.message))
  await phone.goto(onLoopback(link))
  expect(problems).toEqual([])
  return phone
}

const inbox = (page: Page) => page.getByRole('list', { name: 'Waiting for you' })

/** Every button and choice in view is at least 44 px tall: a thumb can hit it. */
async function expectTouchTargets(scope: Locator) {
  const targets = scope.locator('button:visible, [role="radio"]:visible, label:visible')
  const heights = await targets.evaluateAll((elements) =>
    elements.map((e) => [e.textContent?.trim().slice(0, 30), e.getBoundingClientRect().height]),
  )
  expect(heights.length).toBeGreaterThan(0)
  expect(heights.filter(([, height]) => Number(height) < 44)).toEqual([])
}

test('a phone pairs with the printed link and answers three questions and a permission while the desktop sees the same turn go on', async ({
  app: desktop,
  server,
  browser,
  folders,
}) => {
  const link = await server.lineAfter(PAIRING_PREFIX)
  expect(link).toMatch(/^https:\/\/[^/]+:\d+\/pair#code=[\w-]+$/)
  await sendMessage(desktop, 'migrate the database')
  await expect(desktop.getByRole('region', { name: 'Agent question' })).toBeVisible()

  const phone = await openPhone(browser, link)
  // The phone opens on the inbox, without the session list.
  await expect(inbox(phone)).toBeVisible()
  await expect(phone.getByRole('navigation', { name: 'Sessions' })).toBeHidden()
  const question = inbox(phone).getByRole('listitem', { name: /^migrate the database: question/ })
  await question.getByRole('button', { name: /migrate the database/ }).tap()

  const tray = phone.getByRole('region', { name: 'Agent question' })
  await expect(tray).toBeVisible()
  await expect(inbox(phone)).toBeHidden()
  const box = await tray.boundingBox()
  expect(box?.width).toBeGreaterThan(380)
  await waitUntilArmed(tray)
  await expectTouchTargets(phone.locator('.inbox-tray'))
  await tray.getByRole('radio', { name: 'SQLite' }).tap()
  await tray.getByRole('button', { name: 'Next', exact: true }).tap()
  await tray.getByRole('radio', { name: 'Vitest' }).tap()
  await tray.getByRole('button', { name: 'Next', exact: true }).tap()
  await tray.getByRole('radio', { name: 'Yes' }).tap()
  // Submit belongs to the review after the last question.
  await tray.getByRole('button', { name: 'Next', exact: true }).tap()
  await tray.getByRole('button', { name: 'Submit', exact: true }).tap()

  // Answering comes back to the inbox, where the same turn's next request now waits.
  const permission = inbox(phone).getByRole('listitem', {
    name: /^migrate the database: permission/,
  })
  await expect(permission).toBeVisible()
  await expect(desktop.getByRole('region', { name: 'Permission request' })).toBeVisible()
  await permission.getByRole('button', { name: /migrate the database/ }).tap()
  const prompt = phone.getByRole('region', { name: 'Permission request' })
  await waitUntilArmed(prompt)
  await expectTouchTargets(phone.locator('.inbox-tray'))
  await prompt.getByRole('button', { name: 'Allow', exact: true }).tap()
  await expect(phone.getByText('Nothing is waiting for you.')).toBeVisible()

  await expect(
    desktop.getByRole('log', { name: 'Conversation' }).getByText(/Finished: .*phone-ok/),
  ).toBeVisible()
  const log = await readEndedSessionLog(folders.dataDir)
  expect(log.filter((r) => r.type === 'user_message')).toHaveLength(1)
  expect(new Set(log.flatMap((r) => (typeof r.turnId === 'string' ? [r.turnId] : []))).size).toBe(1)
  const phoneDevice = { id: expect.any(String), name: 'Android · Chrome' }
  expect(log.find((r) => r.type === 'tool_result' && r.tool === 'AskUserQuestion')).toMatchObject({
    output: {
      answers: [
        { question: 'Which database?', answer: 'SQLite' },
        { question: 'Which runner?', answer: 'Vitest' },
        { question: 'Add CI?', answer: 'Yes' },
      ],
    },
    device: phoneDevice,
  })
  expect(log.find((r) => r.type === 'permission_decision')).toMatchObject({
    decision: 'allow',
    device: phoneDevice,
  })
  await phone.context().close()
})

test('the pairing link works once: opened again it shows nothing but a refusal', async ({
  server,
  browser,
}) => {
  const link = await server.lineAfter(PAIRING_PREFIX)
  const first = await openPhone(browser, link)
  await expect(inbox(first).or(first.getByText('Nothing is waiting for you.'))).toBeVisible()
  await first.context().close()

  const second = await openPhone(browser, link)
  await expect(second.getByRole('alert')).toHaveText(/used already or has expired/)
  await expect(second.getByRole('list', { name: 'Waiting for you' })).toHaveCount(0)
  await second.context().close()
})
