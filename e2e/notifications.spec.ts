import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { expect, sendMessage, test } from './fixtures'
import { shootAll } from './screens'

/**
 * "Needs your input" notifications in the browser, with notifications granted: a spy stands in
 * for the page's `Notification` (headless Chromium shows none), recording what each says. Two
 * tabs on one server: the first looks at its own session while the second starts the requests.
 */
test.use({ scenario: 'notifications.json', fakeDelayMs: '0' })

type Seen = { title: string; body: string; tag: string; silent: boolean; closed: boolean }

const SPY = () => {
  const seen: Array<Record<string, unknown>> = []
  class SpyNotification {
    static permission = 'granted'
    static requestPermission = async () => 'granted'
    onclick: (() => void) | null = null
    readonly record: Record<string, unknown>
    constructor(title: string, options: { body?: string; tag?: string; silent?: boolean } = {}) {
      this.record = {
        title,
        body: options.body ?? '',
        tag: options.tag ?? '',
        silent: options.silent ?? false,
        closed: false,
      }
      seen.push(this.record)
      const all = (window as unknown as { parleyNotices: SpyNotification[] }).parleyNotices
      all.push(this)
    }
    close() {
      this.record.closed = true
    }
  }
  Object.assign(window, { Notification: SpyNotification, parleyNotices: [], parleySeen: seen })
}

const seen = (page: Page) =>
  page.evaluate(() => (window as unknown as { parleySeen: Seen[] }).parleySeen)

/** Clicks the `index`th notification the page showed, as the person would in the OS. */
const click = (page: Page, index: number) =>
  page.evaluate((i) => {
    const all = (window as unknown as { parleyNotices: Array<{ onclick: (() => void) | null }> })
      .parleyNotices
    all[i]?.onclick?.()
  }, index)

/** A second tab on the same server, in a new session of its own. */
async function secondTab(first: Page, url: string): Promise<Page> {
  const page = await first.context().newPage()
  await page.goto(url)
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible()
  await page.getByRole('button', { name: 'New session' }).click()
  return page
}

test.beforeEach(async ({ context }) => {
  await context.addInitScript(SPY)
})

test('a request in another session notifies once with its title and what is asked; a click opens its tray', async ({
  app: page,
  server,
}) => {
  await sendMessage(page, 'hello there')
  await expect(page.getByRole('log', { name: 'Conversation' })).toContainText('I am here.')
  const other = await secondTab(page, server.url)
  await sendMessage(other, 'deploy the site')
  // The tab that shows the session, focused, says nothing: its tray is in front of the person.
  await expect(other.getByRole('region', { name: 'Permission request' })).toBeVisible()

  await expect.poll(() => seen(page)).toHaveLength(1)
  const [notice] = await seen(page)
  expect(notice).toMatchObject({ title: 'deploy the site needs your input', silent: false })
  expect(notice?.body).toContain('echo deployed')
  expect(await seen(other)).toEqual([])

  await click(page, 0)
  const tray = page.getByRole('region', { name: 'Permission request' })
  await expect(tray).toBeVisible()
  await expect(tray).toContainText('echo deployed')
  await expect(page.getByRole('heading', { name: 'deploy the site' })).toBeVisible()
  // Still one notification, and the one on screen (the clicked one) is gone.
  expect(await seen(page)).toHaveLength(1)
})

test('three quick requests make one notification', async ({ app: page, server }) => {
  await sendMessage(page, 'hello there')
  await expect(page.getByRole('log', { name: 'Conversation' })).toContainText('I am here.')
  const other = await secondTab(page, server.url)
  await sendMessage(other, 'three at once')
  await expect(other.getByRole('region', { name: 'Permission request' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Waiting (3)' })).toBeVisible()
  await expect.poll(() => seen(page)).toHaveLength(1)
  // A moment later there is still only the one.
  await page.waitForTimeout(1_000)
  const notices = await seen(page)
  expect(notices).toHaveLength(1)
  expect(notices[0]).toMatchObject({ title: '3 requests waiting in 1 session' })
  expect(notices[0]?.body).toMatch(/echo one.*echo two.*echo three/)
  expect(await seen(other)).toEqual([])
})

test.describe('with a short expiry in settings.json', () => {
  test.use({ fakeDelayMs: '0' })
  const withExpiry = test.extend({
    folders: async ({ folders }, provide) => {
      await mkdir(folders.dataDir, { recursive: true })
      await writeFile(
        join(folders.dataDir, 'settings.json'),
        JSON.stringify({ permissionTimeoutSeconds: 4 }),
      )
      await provide(folders)
    },
  })

  withExpiry(
    'a prompt nobody answers is notified again before it expires, and then times out as unanswered',
    async ({ app: page, server }) => {
      await sendMessage(page, 'hello there')
      await expect(page.getByRole('log', { name: 'Conversation' })).toContainText('I am here.')
      const other = await secondTab(page, server.url)
      await sendMessage(other, 'deploy the site')
      await expect(other.getByRole('region', { name: 'Permission request' })).toBeVisible()

      // On arrival, then again halfway through a timeout this short (a minute before, normally).
      await expect.poll(() => seen(page), { timeout: 10_000 }).toHaveLength(2)
      const [arrival, reminder] = await seen(page)
      expect(arrival).toMatchObject({ title: 'deploy the site needs your input' })
      expect(reminder).toMatchObject({ title: 'deploy the site needs your input', silent: false })
      expect(reminder?.body).toMatch(/^Times out in \d seconds?: .*echo deployed/)

      // The agent is told in words it can act on; the transcript never says "denied by you".
      const conversation = other.getByRole('log', { name: 'Conversation' })
      await expect(conversation).toContainText('The person did not answer in time', {
        timeout: 15_000,
      })
      await expect(conversation).toContainText('timed out, nobody answered')
      await expect(conversation).not.toContainText('denied by you')
      await expect(other.getByRole('region', { name: 'Permission request' })).toBeHidden()

      // The inbox says what was missed.
      await page.keyboard.press('Control+i')
      const missed = page.getByRole('list', { name: 'Timed out, nobody answered' })
      await expect(missed.getByRole('listitem')).toHaveCount(1)
      await expect(missed.getByRole('listitem')).toHaveAccessibleName(
        'deploy the site: permission timed out, nobody answered',
      )
      await expect(page.getByText('Nothing is waiting for you.')).toBeVisible()
      await shootAll(page, 'inbox-timed-out')
      // The notification about it is taken away.
      expect((await seen(page)).every((n) => n.closed)).toBe(true)
    },
  )
})

test('Settings → Notifications turns off what is asked and sets the timeout, written to settings.json', async ({
  app: page,
  folders,
}) => {
  await page.getByRole('button', { name: 'Settings' }).click()
  await page.getByRole('tab', { name: 'Notifications' }).click()
  const whatIsAsked = page.getByRole('checkbox', { name: 'Show what is asked' })
  await expect(whatIsAsked).toBeChecked()
  await shootAll(page, 'settings-notifications')
  await whatIsAsked.uncheck()
  await expect(page.getByRole('tabpanel').getByRole('status')).toHaveText(
    'Notifications say only which session waits.',
  )
  const timeout = page.getByRole('spinbutton', { name: /Permission requests time out after/ })
  await expect(timeout).toHaveValue('300')
  await timeout.fill('90')
  await page.getByRole('button', { name: 'Save timeout' }).click()
  await expect(page.getByRole('tabpanel').getByRole('status')).toHaveText(
    'Permission requests now time out after 90 s.',
  )
  const stored = JSON.parse(await readFile(join(folders.dataDir, 'settings.json'), 'utf8')) as {
    notifyShowsWhatIsAsked: boolean
    permissionTimeoutSeconds: number
  }
  expect(stored).toMatchObject({ notifyShowsWhatIsAsked: false, permissionTimeoutSeconds: 90 })
})
