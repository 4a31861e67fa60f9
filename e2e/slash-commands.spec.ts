import type { Page } from '@playwright/test'
import { expect, sendMessage, test } from './fixtures'
import { fakeAgentCommand } from './parley-server'
import { shootAll } from './screens'

/**
 * The message box's `/` menu: the ACP agent's own commands from its `available_commands_update`
 * (with descriptions and input hints), sent as the agent expects, beside Parley's own commands.
 */
test.use({ serverOptions: { acp: fakeAgentCommand('commands.json') }, fakeDelayMs: '0' })

const conversation = (page: Page) => page.getByRole('log', { name: 'Conversation' })
const menu = (page: Page) => page.getByRole('listbox', { name: 'Commands' })

test("the agent's commands show under /, and choosing one sends it to the agent", async ({
  app: page,
}) => {
  await sendMessage(page, 'hello')
  await expect(conversation(page).getByText('Plain message received.')).toBeVisible()
  const box = page.getByRole('textbox', { name: 'Message' })
  await box.fill('/')
  const review = menu(page).getByRole('option', { name: /\/review/ })
  await expect(review).toContainText('Review the uncommitted changes')
  await expect(menu(page).getByRole('option', { name: /\/explain/ })).toContainText(
    'path to the file',
  )
  // Parley's own commands are there too.
  await expect(menu(page).getByRole('option', { name: /\/settings/ })).toBeVisible()
  await shootAll(page, 'slash-menu')
  await box.fill('/rev')
  await expect(menu(page).getByRole('option')).toHaveCount(1)
  await review.click()
  await expect(conversation(page).getByText('Reviewing the uncommitted changes now.')).toBeVisible()
  await expect(box).toHaveValue('')

  // A command that takes input is written into the box first; Enter then sends it with its input.
  await box.fill('/expl')
  await box.press('Enter')
  await expect(box).toHaveValue('/explain ')
  await box.pressSequentially('src/app.ts')
  await box.press('Enter')
  await expect(conversation(page).getByText('Explaining that file.')).toBeVisible()
})

test("Parley's own /settings opens Settings instead of being sent to the agent", async ({
  app: page,
}) => {
  const box = page.getByRole('textbox', { name: 'Message' })
  await box.fill('/settings')
  await box.press('Enter')
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible()
})
