import type { Page } from '@playwright/test'
import { expect, sendMessage, test } from './fixtures'
import { fakeAgentCommand } from './parley-server'
import { shootAll } from './screens'

/**
 * An ACP agent's session config options (the scripted fake agent announcing Codex's: mode,
 * collaboration mode, reasoning effort, model; e2e/agents/config-options.json): one picker each in
 * the composer bar, a change sent to the agent, and the agent asking with a form only once the
 * person has put it in plan mode from the picker.
 */

test.use({ serverOptions: { acp: fakeAgentCommand('config-options.json') }, fakeDelayMs: '0' })

const conversation = (page: Page) => page.getByRole('log', { name: 'Conversation' })
const composer = (page: Page) => page.locator('form.composer')

test('plan mode set from the picker makes the agent ask with a form, answered in the tray; the choice is still shown after a reload', async ({
  app: page,
}) => {
  await sendMessage(page, 'hello')
  await expect(conversation(page)).toContainText('Hello. Pick a collaboration mode below.')

  const bar = composer(page)
  const collaboration = bar.getByRole('combobox', { name: 'Collaboration mode' })
  await expect(collaboration).toHaveValue('default')
  await expect(bar.getByRole('combobox', { name: 'Model' })).toHaveValue('gpt-fast')
  await expect(bar.getByRole('combobox', { name: 'Reasoning effort' })).toHaveValue('medium')
  // The agent's "Mode" option is the one Agent mode picker, not a second one.
  await expect(bar.getByRole('button', { name: 'Agent mode: Agent' })).toBeVisible()
  await expect(bar.getByRole('combobox', { name: 'Mode', exact: true })).toHaveCount(0)
  await shootAll(page, 'agent-config-pickers')

  // Without plan mode the agent just answers.
  await sendMessage(page, 'pick a database')
  await expect(conversation(page)).toContainText('I would use Postgres, without asking.')

  await collaboration.selectOption({ label: 'Collaboration mode: Plan' })
  await expect(collaboration).toHaveValue('plan')

  await sendMessage(page, 'pick a database')
  const tray = page.getByRole('region', { name: 'Agent question' })
  await expect(tray.getByText('Codex asks')).toBeVisible()
  await tray.getByRole('radio', { name: 'SQLite' }).check()
  await tray.getByRole('button', { name: 'Submit' }).click()
  await expect(tray).toBeHidden()
  await expect(conversation(page)).toContainText('"db":"sqlite"')

  await page.reload()
  await expect(composer(page).getByRole('combobox', { name: 'Collaboration mode' })).toHaveValue(
    'plan',
  )
})
