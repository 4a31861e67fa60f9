// A `parley serve` link from an earlier start (its token is no longer the server's) says so,
// instead of "Offline, reconnecting…" over an empty session list that looks like lost data.
import { expect, test } from './fixtures'
import { shootAll } from './screens'

test('a link from an earlier start says so and where the current link is, with no empty list', async ({
  page,
  server,
}) => {
  const stale = server.url.replace(/token=[^&]+/, 'token=from-yesterday')
  expect(stale).not.toBe(server.url)
  await page.goto(stale)
  const notice = page.getByRole('alert').filter({ hasText: 'This link is from an earlier start' })
  await expect(notice).toBeVisible()
  await expect(notice).toContainText('Parley listening on')
  await expect(page.getByText('No sessions yet.')).toHaveCount(0)
  await expect(page.getByText('Offline, reconnecting…')).toHaveCount(0)
  await expect(page.getByRole('status').filter({ hasText: 'Not connected' })).toBeVisible()
  await expect(page.getByText('What should we work on?')).toHaveCount(0)
  await shootAll(page, 'stale-link')
})
