import { expect, sendMessage, test } from './fixtures'

test('stopping while a question waits gives the composer back with its draft', async ({
  app: page,
  context,
  server,
}) => {
  await page.getByRole('button', { name: 'New session' }).click()
  const composer = page.getByRole('textbox', { name: 'Message' })
  await composer.fill('a half-written thought')

  // A second window on the same session starts the turn, so this one keeps its unsent draft.
  const other = await context.newPage()
  await other.goto(server.url)
  await sendMessage(other, 'Ask me something')

  const tray = page.getByRole('region', { name: 'Agent question' })
  await expect(tray).toBeVisible()
  await expect(composer).toBeHidden()
  await tray.getByRole('button', { name: 'Stop' }).click()

  await expect(tray).toBeHidden()
  await expect(composer).toHaveValue('a half-written thought')
  await expect(composer).toBeFocused()
  await expect(page.getByRole('log', { name: 'Conversation' })).toContainText('Stopped.')
})

test('a question in a background session marks it "Needs input" in the sidebar', async ({
  app: page,
  context,
  server,
}) => {
  const sidebar = page.getByRole('navigation', { name: 'Sessions' })
  await sendMessage(page, 'Hello background')
  await expect(sidebar.getByRole('link', { name: /Hello background/ })).toBeVisible()
  await page.getByRole('button', { name: 'New session' }).click()
  await sendMessage(page, 'Hello foreground')
  await expect(sidebar.getByRole('link', { name: /Hello foreground/ })).toHaveAttribute(
    'aria-current',
    'page',
  )

  // Elsewhere, the background session's agent asks something.
  const other = await context.newPage()
  await other.goto(server.url)
  await other.getByRole('link', { name: /Hello background/ }).click()
  await sendMessage(other, 'Ask me before shipping')
  await expect(other.getByRole('region', { name: 'Agent question' })).toBeVisible()

  const background = sidebar.getByRole('link', { name: /Hello background/ })
  await expect(background).toContainText('Needs input')
  await expect(sidebar.getByRole('link', { name: /Hello foreground/ })).not.toContainText(
    'Needs input',
  )
  await expect(page.getByRole('region', { name: 'Agent question' })).toBeHidden()

  // Opening it brings the tray; answering clears the marker.
  await background.click()
  const tray = page.getByRole('region', { name: 'Agent question' })
  await expect(tray).toBeVisible()
  await tray.getByRole('radio', { name: 'Ship' }).check()
  await tray.getByRole('button', { name: 'Submit' }).click()
  await expect(tray).toBeHidden()
  await expect(background).not.toContainText('Needs input')
})
