import { expect, sendMessage, test } from './fixtures'

test('a question can be answered with the keyboard alone: number keys pick, Enter advances and submits', async ({
  app: page,
}) => {
  await sendMessage(page, 'Ask me about shipping')
  const tray = page.getByRole('region', { name: 'Agent question' })
  await expect(tray).toBeVisible()
  // Focus moved into the tray.
  await expect(tray.getByRole('radio', { name: 'Ship' })).toBeFocused()

  await page.keyboard.press('2')
  await expect(tray.getByRole('radio', { name: 'Wait' })).toBeChecked()
  await expect(tray.getByText('1 / 1')).toBeVisible()

  await page.keyboard.press('3')
  await expect(tray.getByRole('textbox', { name: 'Other answer' })).toBeFocused()
  await page.keyboard.type('After the demo')
  await page.keyboard.press('Enter')

  await expect(tray.getByText('After the demo')).toBeVisible()
  await expect(tray.getByRole('button', { name: 'Submit' })).toBeFocused()
  await page.keyboard.press('Enter')

  await expect(tray).toBeHidden()
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeFocused()
  await expect(page.getByRole('log', { name: 'Conversation' })).toContainText(
    '"answer":"After the demo"',
  )
})
