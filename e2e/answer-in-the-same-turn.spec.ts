import { expect, sendMessage, test } from './fixtures'

test('a permission, then three questions answered in the tray, continue the same turn and survive a reload', async ({
  app: page,
}) => {
  await sendMessage(page, 'Please set up the project')

  const permission = page.getByRole('region', { name: 'Permission request' })
  await expect(permission).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeHidden()
  await expect(permission).toContainText('echo checking workspace')
  await permission.getByRole('button', { name: 'Details' }).click()
  await expect(permission.getByRole('button', { name: 'Details' })).toHaveAttribute(
    'aria-expanded',
    'true',
  )
  await permission.getByRole('button', { name: 'Allow' }).click()

  const tray = page.getByRole('region', { name: 'Agent question' })
  await expect(tray).toBeVisible()
  await expect(tray.getByText('1 / 3')).toBeVisible()
  const database = tray.getByRole('radiogroup', { name: 'Which database should the project use?' })
  await database.getByRole('radio', { name: 'SQLite' }).check()
  // Picking does not advance.
  await expect(tray.getByText('1 / 3')).toBeVisible()
  await tray.getByRole('button', { name: 'Next' }).click()

  await expect(tray.getByText('2 / 3')).toBeVisible()
  const language = tray.getByRole('radiogroup', { name: 'Which language for the backend?' })
  await language.getByRole('radio', { name: 'Other' }).check()
  await tray.getByRole('textbox', { name: 'Other answer' }).fill('Elixir')
  await tray.getByRole('button', { name: 'Previous' }).click()
  await expect(tray.getByRole('radio', { name: 'SQLite' })).toBeChecked()
  await tray.getByRole('button', { name: 'Next' }).click()
  await expect(tray.getByRole('textbox', { name: 'Other answer' })).toHaveValue('Elixir')
  await tray.getByRole('button', { name: 'Next' }).click()

  // The third question is left unanswered.
  await expect(tray.getByText('3 / 3')).toBeVisible()
  await tray.getByRole('button', { name: 'Next' }).click()

  await expect(tray.getByText('Not answered')).toBeVisible()
  await expect(tray.getByText('Elixir')).toBeVisible()
  await tray.getByRole('button', { name: 'Submit' }).click()

  await expect(tray).toBeHidden()
  const composer = page.getByRole('textbox', { name: 'Message' })
  await expect(composer).toBeVisible()
  await expect(composer).toBeFocused()

  const log = page.getByRole('log', { name: 'Conversation' })
  const quote =
    'You chose {"answers":[{"question":"Which database should the project use?","answer":"SQLite"},{"question":"Which language for the backend?","answer":"Elixir"},{"question":"Should I add continuous integration?","answer":null}]}'
  await expect(log.getByText(quote)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Stop' })).toBeHidden()

  const answered = log.locator('.question-card')
  await expect(answered).toContainText('SQLite')
  const before = await log.innerText()

  await page.reload()
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible()
  await expect(log.getByText(quote)).toBeVisible()
  await expect(page.getByRole('region', { name: 'Agent question' })).toBeHidden()
  expect(await log.innerText()).toBe(before)
})
