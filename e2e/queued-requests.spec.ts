import { expect, sendMessage, test } from './fixtures'

test('two parallel requests queue behind one tray: "1 more waiting", then the next', async ({
  app: page,
}) => {
  await sendMessage(page, 'Do two things at once')

  const permission = page.getByRole('region', { name: 'Permission request' })
  const question = page.getByRole('region', { name: 'Agent question' })
  await expect(permission).toBeVisible()
  await expect(permission.getByText('1 more waiting')).toBeVisible()
  // Never two input surfaces at once.
  await expect(question).toBeHidden()

  await permission.getByRole('button', { name: 'Allow' }).click()
  await expect(question).toBeVisible()
  await expect(permission).toBeHidden()
  await expect(question.getByText(/more waiting/)).toBeHidden()
  await expect(question.getByText('1 / 1')).toBeVisible()

  await question.getByRole('radio', { name: 'Dark' }).check()
  // One question: answered and submitted in place, no Previous / Next.
  await expect(question.getByRole('button', { name: 'Next' })).toHaveCount(0)
  await question.getByRole('button', { name: 'Submit' }).click()
  await expect(page.getByRole('log', { name: 'Conversation' })).toContainText('"answer":"Dark"')
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible()
})
