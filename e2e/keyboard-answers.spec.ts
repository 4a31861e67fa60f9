import { expect, sendMessage, test, waitUntilArmed } from './fixtures'

test('a question can be answered with the keyboard alone: number keys pick, Enter advances and submits', async ({
  app: page,
}) => {
  await sendMessage(page, 'Ask me about shipping')
  const tray = page.getByRole('region', { name: 'Agent question' })
  await expect(tray).toBeVisible()
  // Focus moved into the tray; its keys act once it is armed (type-ahead never answers it).
  await expect(tray.getByRole('radio', { name: 'Ship' })).toBeFocused()
  await waitUntilArmed(tray)

  await page.keyboard.press('2')
  await expect(tray.getByRole('radio', { name: 'Wait' })).toBeChecked()
  await expect(tray.getByText('1 / 1')).toBeVisible()

  await page.keyboard.press('3')
  await expect(tray.getByRole('textbox', { name: 'Other answer' })).toBeFocused()
  await page.keyboard.type('After the demo')
  await page.keyboard.press('Enter')

  // One question: Enter moves to Submit (there is nothing to review).
  await expect(tray.getByRole('textbox', { name: 'Other answer' })).toHaveValue('After the demo')
  await expect(tray.getByRole('button', { name: 'Submit' })).toBeFocused()
  await page.keyboard.press('Enter')

  await expect(tray).toBeHidden()
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeFocused()
  await expect(page.getByRole('log', { name: 'Conversation' })).toContainText(
    '"answer":"After the demo"',
  )
})
