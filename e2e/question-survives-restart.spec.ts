import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { startParleyServer } from './parley-server'
import { expect, sendMessage, test } from './fixtures'

test('a half-answered question comes back after a reload and a restart, and answering it finishes the turn', async ({
  app: page,
  server,
  folders,
}) => {
  await sendMessage(page, 'Set up the project')
  await page
    .getByRole('region', { name: 'Permission request' })
    .getByRole('button', { name: 'Allow' })
    .click()

  const tray = page.getByRole('region', { name: 'Agent question' })
  await tray.getByRole('radio', { name: 'Postgres' }).check()
  await tray.getByRole('button', { name: 'Next' }).click()
  await tray.getByRole('radio', { name: 'Other' }).check()
  await tray.getByRole('textbox', { name: 'Other answer' }).fill('Kotlin')

  // A reload re-reads the FIFO and the saved draft: same question, same picks.
  await page.reload()
  await expect(tray.getByText('2 / 3')).toBeVisible()
  await expect(tray.getByRole('textbox', { name: 'Other answer' })).toHaveValue('Kotlin')
  await tray.getByRole('button', { name: 'Previous' }).click()
  await expect(tray.getByRole('radio', { name: 'Postgres' })).toBeChecked()
  await tray.getByRole('button', { name: 'Next' }).click()
  await expect(tray.getByText('2 / 3')).toBeVisible()

  // The draft is on disk (the runtime keeps it beside the log), so a crash cannot lose it.
  await expect
    .poll(() => {
      const dir = join(folders.dataDir, 'drafts')
      return existsSync(dir) ? readdirSync(dir).map((f) => readFileSync(join(dir, f), 'utf8')) : []
    })
    .toEqual([expect.stringContaining('"index":1')])

  // Kill the server while the question waits (no clean shutdown), then start it on the same data.
  await server.kill()
  const restarted = await startParleyServer('journey.json', folders)
  try {
    await page.goto(restarted.url)
    await expect(tray).toBeVisible()
    await expect(tray.getByText(/waiting since/)).toBeVisible()
    await expect(tray.getByRole('button', { name: 'Dismiss' })).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Sessions' })).toContainText('Needs input')
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeHidden()

    // Back at question 2 with both earlier answers kept.
    await expect(tray.getByText('2 / 3')).toBeVisible()
    await expect(tray.getByRole('textbox', { name: 'Other answer' })).toHaveValue('Kotlin')
    await tray.getByRole('button', { name: 'Previous' }).click()
    await expect(tray.getByRole('radio', { name: 'Postgres' })).toBeChecked()
    await tray.getByRole('button', { name: 'Next' }).click()
    await tray.getByRole('button', { name: 'Next' }).click()
    await expect(tray.getByText('3 / 3')).toBeVisible()
    await tray.getByRole('radio', { name: 'Yes' }).check()
    await tray.getByRole('button', { name: 'Next' }).click()
    await tray.getByRole('button', { name: 'Submit' }).click()

    // The same turn continues with the answers.
    await expect(page.getByRole('log', { name: 'Conversation' })).toContainText(
      '"answer":"Postgres"},{"question":"Which language for the backend?","answer":"Kotlin"},{"question":"Should I add continuous integration?","answer":"Yes"}',
    )
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible()
  } finally {
    await restarted.stop()
  }
})
