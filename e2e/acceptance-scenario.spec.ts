import type { Page } from '@playwright/test'
import { expect, sendMessage, test } from './fixtures'

test.use({ scenario: 'acceptance-scenario.json' })

const conversation = (page: Page) => page.getByRole('log', { name: 'Conversation' })

test('interactive root offers every tool, AskUserQuestion and Task included', async ({
  app: page,
}) => {
  await sendMessage(page, 'tools please')
  await expect(conversation(page)).toContainText(
    'ROOT tools=AskUserQuestion,Task,edit_file,list_files,read_file,run_command,search_files,write_file mode=ask',
  )
})

test('a Task child is matched against its prompt and has neither AskUserQuestion nor Task', async ({
  app: page,
}) => {
  await sendMessage(page, 'delegate this')
  await expect(conversation(page)).toContainText(
    'Child said {"result":"CHILD tools=edit_file,list_files,read_file,run_command,search_files,write_file"}',
  )
})

test('a Task child calling AskUserQuestion gets an error result, never a tray', async ({
  app: page,
}) => {
  await sendMessage(page, 'child ask')
  await expect(conversation(page)).toContainText('Child said {"result":"CHILD got {')
  await expect(page.getByRole('region', { name: 'Agent question' })).toBeHidden()
})

test('turns are not reused until all are used; a turn without when matches anything', async ({
  app: page,
}) => {
  await sendMessage(page, 'rotate')
  await expect(conversation(page)).toContainText('rotation one')
  await sendMessage(page, 'rotate')
  await expect(conversation(page)).toContainText('rotation two')
  await sendMessage(page, 'rotate')
  await expect(conversation(page)).toContainText('catch-all')
})

test("a child agent's command in ask mode asks the person through the tray", async ({
  app: page,
}) => {
  await sendMessage(page, 'child run')
  const tray = page.getByRole('region', { name: 'Permission request' })
  await expect(tray).toContainText('echo from-child')
  await tray.getByRole('button', { name: 'Allow' }).click()
  await expect(conversation(page)).toContainText('Child said {"result":"CHILD ran {')
  await expect(conversation(page)).toContainText('from-child')
})
