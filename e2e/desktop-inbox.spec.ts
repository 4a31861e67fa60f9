import type { Page } from '@playwright/test'
import { expect, sendMessage, test, waitUntilArmed } from './fixtures'
import { fakeAgentCommand } from './parley-server'
import { shootAll } from './screens'

/**
 * The desktop inbox through the web host: requests from two sessions and two askers (the scripted
 * ACP agent, and Parley's own agent on the scripted model), answered in place.
 */
test.use({
  scenario: 'remote-phone.json',
  serverOptions: { acp: fakeAgentCommand('journeys.json') },
  fakeDelayMs: '0',
})

const inbox = (page: Page) => page.getByRole('list', { name: 'Waiting for you' })

test('the inbox lists requests from two sessions and two askers, oldest first, and answers one in place', async ({
  app: page,
}) => {
  test.setTimeout(240_000)
  await sendMessage(page, 'Clean the build folder')
  await expect(page.getByRole('region', { name: 'Permission request' })).toBeVisible()
  await page.getByRole('button', { name: 'Choose the agent' }).click()
  await page
    .getByRole('menu', { name: 'New session with' })
    .getByRole('menuitemradio', { name: 'Parley’s own agent' })
    .click()
  await sendMessage(page, 'migrate the database')
  await expect(page.getByRole('region', { name: 'Agent question' })).toBeVisible()
  await expect(page).toHaveTitle(/^\(2\) /)

  await page.keyboard.press('Control+i')
  await expect(inbox(page).getByRole('listitem')).toHaveCount(2)
  const lines = await inbox(page)
    .getByRole('listitem')
    .evaluateAll((items) => items.map((item) => item.getAttribute('aria-label')))
  expect(lines).toEqual([
    expect.stringMatching(/^Clean the build folder: permission from Fake Agent, waiting since/),
    expect.stringMatching(/^migrate the database: question from The agent, waiting since/),
  ])
  // Both themes at both widths, each checked with axe.
  await shootAll(page, 'inbox')

  const agentLine = inbox(page).getByRole('listitem', { name: /^Clean the build folder/ })
  await agentLine.getByRole('button', { name: /Clean the build folder/ }).click()
  const tray = page.getByRole('region', { name: 'Permission request' })
  await waitUntilArmed(tray)
  await expect(tray.getByText('Fake Agent asks')).toBeVisible()
  await tray.getByRole('button', { name: 'Yes, run it' }).click()

  await expect(inbox(page).getByRole('listitem')).toHaveCount(1)
  await expect(tray).toBeHidden()
  await expect(page).toHaveTitle(/^\(1\) /)
  await expect(page.getByRole('button', { name: 'Waiting (1)' })).toBeVisible()
  // Side by side, the request that was next takes the answered one's place.
  await expect(page.getByRole('region', { name: 'Agent question' })).toBeVisible()

  // The session the answer went to carried on with it.
  await page.getByRole('button', { name: 'Open session' }).click()
  await page.getByRole('link', { name: /Clean the build folder/ }).click()
  await expect(page.getByRole('log', { name: 'Conversation' })).toContainText(
    'The agent received {"result":{"outcome":{"outcome":"selected","optionId":"allow"}}}',
  )
})
