import { writeFile, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { expect, sendMessage, test } from './fixtures'
import { readEndedSessionLog } from './acceptance-log'

test.use({ scenario: 'acceptance-permissions.json' })

const conversation = (page: Page) => page.getByRole('log', { name: 'Conversation' })
const permissionTray = (page: Page) => page.getByRole('region', { name: 'Permission request' })

async function startSessionInMode(page: Page, mode: string) {
  // A session exists once the first message is sent; the mode picker then applies to it.
  await sendMessage(page, 'say mode')
  await expect(conversation(page)).toContainText('Mode is ask.')
  const picker = page.getByRole('combobox', { name: 'Mode', exact: true })
  await picker.selectOption({ label: mode })
  await expect(picker).toHaveValue(mode.toLowerCase())
}

test('ask (the default): a write asks; Allow runs it; the log holds permission_request then permission_decision', async ({
  app: page,
  folders,
}) => {
  await sendMessage(page, 'write it')
  const tray = permissionTray(page)
  await expect(tray).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeHidden()
  await expect(
    page.getByRole('navigation', { name: 'Sessions' }).getByRole('link', { name: /write it/ }),
  ).toContainText('Needs input')
  await expect(tray.getByRole('checkbox', { name: 'Remember for this turn' })).not.toBeChecked()
  const details = tray.getByRole('button', { name: 'Details', exact: true })
  await details.click()
  await expect(details).toHaveAttribute('aria-expanded', 'true')
  await expect(tray).toContainText('hello')
  await tray.getByRole('button', { name: 'Allow' }).click()
  await expect(tray).toBeHidden()
  await expect(conversation(page)).toContainText('Wrote: {')
  expect(await readFile(join(folders.workspace, 'notes.txt'), 'utf8')).toBe('hello')
  const log = await readEndedSessionLog(folders.dataDir)
  const types = log.map((r) => r.type)
  expect(types.indexOf('permission_request')).toBeGreaterThan(types.indexOf('tool_call'))
  expect(types.indexOf('permission_decision')).toBeGreaterThan(types.indexOf('permission_request'))
  expect(types.indexOf('tool_result')).toBeGreaterThan(types.indexOf('permission_decision'))
  expect(log.find((r) => r.type === 'permission_decision')).toMatchObject({ decision: 'allow' })
})

test('ask: Deny gives the model an error result and the command does not run', async ({
  app: page,
  folders,
}) => {
  await sendMessage(page, 'run it')
  const tray = permissionTray(page)
  await expect(tray).toContainText('echo ran-it')
  await tray.getByRole('button', { name: 'Deny' }).click()
  await expect(tray).toBeHidden()
  await expect(conversation(page)).toContainText('Ran: {"error"')
  const log = await readEndedSessionLog(folders.dataDir)
  expect(log.find((r) => r.type === 'permission_decision')).toMatchObject({ decision: 'deny' })
  expect(log.find((r) => r.type === 'tool_result')).toMatchObject({ isError: true })
  expect(log.at(-1)).toMatchObject({ type: 'turn_end', reason: 'completed' })
})

test('remember for this turn: the same command runs again without asking, and the next turn asks again', async ({
  app: page,
}) => {
  await sendMessage(page, 'same twice')
  const tray = permissionTray(page)
  await expect(tray).toBeVisible()
  await tray.getByRole('checkbox', { name: 'Remember for this turn' }).check()
  await tray.getByRole('button', { name: 'Allow' }).click()
  await expect(conversation(page)).toContainText('Twice: {"exitCode":0')
  await expect(tray).toBeHidden()
  await sendMessage(page, 'same twice')
  await expect(tray).toBeVisible()
  await tray.getByRole('button', { name: 'Allow' }).click()
  await expect(tray).toBeVisible()
  await tray.getByRole('button', { name: 'Allow' }).click()
  await expect(conversation(page)).toContainText('Again twice: {"exitCode":0')
})

test('remember for this turn covers the same file path', async ({ app: page, folders }) => {
  await sendMessage(page, 'two writes')
  const tray = permissionTray(page)
  await tray.getByRole('checkbox', { name: 'Remember for this turn' }).check()
  await tray.getByRole('button', { name: 'Allow' }).click()
  await expect(conversation(page)).toContainText('Writes: {')
  expect(await readFile(join(folders.workspace, 'w.txt'), 'utf8')).toBe('two')
})

test('explore refuses mutating tools with a message the model can act on, and never asks', async ({
  app: page,
  folders,
}) => {
  await startSessionInMode(page, 'Explore')
  await sendMessage(page, 'write it')
  await expect(conversation(page)).toContainText('Wrote: {"error"')
  await expect(conversation(page)).toContainText('in explore')
  await sendMessage(page, 'run it')
  await expect(conversation(page)).toContainText('Ran: {"error"')
  await writeFile(join(folders.workspace, 'seed.txt'), 'a seed\n')
  await sendMessage(page, 'read it')
  await expect(conversation(page)).toContainText('Read: {"path":"seed.txt"')
  await expect(permissionTray(page)).toBeHidden()
  const log = await readEndedSessionLog(folders.dataDir)
  expect(log.filter((r) => r.type === 'permission_request')).toHaveLength(0)
})

test('execute: file edits run without asking; commands ask', async ({ app: page, folders }) => {
  await writeFile(join(folders.workspace, 'seed.txt'), 'a seed\n')
  await startSessionInMode(page, 'Execute')
  await sendMessage(page, 'write it')
  await expect(conversation(page)).toContainText('Wrote: {"path"')
  await expect(conversation(page)).toContainText('in execute')
  await sendMessage(page, 'edit it')
  await expect(conversation(page)).toContainText('Edited: {')
  expect(await readFile(join(folders.workspace, 'seed.txt'), 'utf8')).toBe('a grown\n')
  await sendMessage(page, 'run it')
  const tray = permissionTray(page)
  await expect(tray).toBeVisible()
  await tray.getByRole('button', { name: 'Allow' }).click()
  await expect(conversation(page)).toContainText('Ran: {"exitCode":0')
  const log = await readEndedSessionLog(folders.dataDir)
  expect(log.filter((r) => r.type === 'permission_request')).toHaveLength(1)
})

test('bypass never asks', async ({ app: page, folders }) => {
  await startSessionInMode(page, 'Bypass')
  await sendMessage(page, 'write it')
  await expect(conversation(page)).toContainText('Wrote: {"path"')
  await expect(conversation(page)).toContainText('in bypass')
  await sendMessage(page, 'run it')
  await expect(conversation(page)).toContainText('Ran: {"exitCode":0')
  await expect(permissionTray(page)).toBeHidden()
  const log = await readEndedSessionLog(folders.dataDir)
  expect(log.filter((r) => r.type === 'permission_request')).toHaveLength(0)
})

for (const mode of ['Explore', 'Bypass']) {
  test(`AskUserQuestion is offered and asks in ${mode.toLowerCase()} mode too (it never needs permission)`, async ({
    app: page,
  }) => {
    await startSessionInMode(page, mode)
    await sendMessage(page, 'ask in mode')
    await expect(conversation(page)).toContainText(
      `Tools AskUserQuestion,Task,edit_file,list_files,read_file,run_command,search_files,write_file in ${mode.toLowerCase()}.`,
    )
    const tray = page.getByRole('region', { name: 'Agent question' })
    await tray.getByRole('radio', { name: 'Proceed' }).check()
    await tray.getByRole('button', { name: 'Submit' }).click()
    await expect(conversation(page)).toContainText(
      `Asked in ${mode.toLowerCase()}: {"answers":[{"question":"Proceed?","answer":"Proceed"}]}`,
    )
    await expect(permissionTray(page)).toBeHidden()
  })
}
