import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { expect, sendMessage, test } from './fixtures'
import { startParleyServer } from './parley-server'
import { ARTIFACTS, shoot, shootAll } from './screens'

// No --workspace and no default in Settings: the app must ask for a folder.
test.use({ serverOptions: { noWorkspace: true } })

const header = (page: Page) => page.locator('header.chat-header')
const folderDialog = (page: Page) => page.getByRole('dialog', { name: 'Open folder' })

async function openFolderFromMenu(page: Page, folder: string) {
  await page.getByRole('button', { name: 'Choose the agent' }).click()
  await page.getByRole('menuitem', { name: 'Open folder…' }).click()
  const dialog = folderDialog(page)
  await dialog.getByRole('textbox', { name: 'Folder' }).fill(folder)
  await dialog.getByRole('button', { name: 'Open' }).click()
  await expect(dialog).toBeHidden()
}

test('a session started with no folder and no default asks for one; the folder field completes existing folders', async ({
  app: page,
  folders,
}) => {
  await mkdir(join(folders.workspace, 'alpha-app'))
  await mkdir(join(folders.workspace, 'beta-lib'))
  const dialog = folderDialog(page)
  await expect(dialog).toBeVisible()
  const field = dialog.getByRole('textbox', { name: 'Folder' })
  await expect(field).toBeFocused()
  await field.fill(join(folders.workspace, 'al'))
  const matches = dialog.getByRole('listbox', { name: 'Matching folders' })
  await expect(matches.getByRole('option')).toHaveText([join(folders.workspace, 'alpha-app')])
  // Tab completes to the match and goes into it.
  await field.press('Tab')
  await expect(field).toHaveValue(`${join(folders.workspace, 'alpha-app')}/`)
  await dialog.getByRole('button', { name: 'Open' }).click()
  await expect(dialog).toBeHidden()
  await expect(header(page)).toContainText(join(folders.workspace, 'alpha-app'))
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeFocused()
})

test('a folder that does not exist is refused in the dialog, which stays open', async ({
  app: page,
  folders,
}) => {
  const dialog = folderDialog(page)
  await dialog.getByRole('textbox', { name: 'Folder' }).fill(join(folders.workspace, 'nope'))
  await dialog.getByRole('button', { name: 'Open' }).click()
  await expect(dialog.getByRole('alert')).toContainText('is not a folder')
  await expect(dialog.getByRole('textbox', { name: 'Folder' })).toHaveAttribute(
    'aria-invalid',
    'true',
  )
})

test('Open folder… starts a session in that folder; sessions are grouped by project, and the recent projects are listed after a restart', async ({
  app: page,
  folders,
  server,
}) => {
  const first = join(folders.workspace, 'first-project')
  const second = join(folders.workspace, 'second-project')
  await mkdir(first)
  await mkdir(second)
  // The first screen asks: answer with the first project and talk in it.
  const dialog = folderDialog(page)
  await dialog.getByRole('textbox', { name: 'Folder' }).fill(first)
  await dialog.getByRole('button', { name: 'Open' }).click()
  await sendMessage(page, 'hello in the first project')
  await expect(
    page.getByRole('log', { name: 'Conversation' }).getByText('hello in the first project'),
  ).toBeVisible()

  await openFolderFromMenu(page, second)
  await expect(header(page)).toContainText(second)
  await sendMessage(page, 'hello in the second project')

  const sidebar = page.getByRole('navigation', { name: 'Sessions' })
  const firstGroup = sidebar.getByRole('region', { name: 'Project first-project' })
  const secondGroup = sidebar.getByRole('region', { name: 'Project second-project' })
  await expect(firstGroup.getByRole('link', { name: /hello in the first project/ })).toBeVisible()
  await expect(secondGroup.getByRole('link', { name: /hello in the second project/ })).toBeVisible()
  // A project folds away and opens again.
  const toggle = firstGroup.getByRole('button', { name: /first-project/ }).first()
  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  await expect(firstGroup.getByRole('link')).toHaveCount(0)
  await toggle.click()
  await expect(firstGroup.getByRole('link')).toHaveCount(1)

  // After a restart both projects are still listed, and the dialog offers them as recent.
  await server.stop()
  const restarted = await startParleyServer('journey.json', folders, {}, { noWorkspace: true })
  try {
    await page.goto(restarted.url)
    await expect(sidebar.getByRole('region', { name: 'Project first-project' })).toBeVisible()
    await expect(sidebar.getByRole('region', { name: 'Project second-project' })).toBeVisible()
    await page.getByRole('button', { name: 'Choose the agent' }).click()
    await page.getByRole('menuitem', { name: 'Open folder…' }).click()
    const recent = folderDialog(page).getByRole('list', { name: 'Recent projects' })
    await expect(recent.getByRole('button')).toHaveText([/second-project/, /first-project/])
    await recent.getByRole('button', { name: /first-project/ }).click()
    await expect(folderDialog(page)).toBeHidden()
    await expect(header(page)).toContainText(first)
  } finally {
    await restarted.stop()
  }
})

test('a folder with an AGENTS.md shows the "AGENTS.md" chip in the header', async ({
  app: page,
  folders,
}) => {
  const project = join(folders.workspace, 'with-instructions')
  await mkdir(project)
  await writeFile(join(project, 'AGENTS.md'), 'Answer briefly.')
  const dialog = folderDialog(page)
  await dialog.getByRole('textbox', { name: 'Folder' }).fill(project)
  await dialog.getByRole('button', { name: 'Open' }).click()
  await expect(header(page)).toContainText(project)
  await expect(header(page).locator('.chat-instructions')).toHaveText(
    'Project instructions: AGENTS.md',
  )
})

test('the Open folder dialog and the project groups, in both themes and widths, pass axe', async ({
  app: page,
  folders,
}) => {
  for (const name of ['web-app', 'website', 'tools'])
    await mkdir(join(folders.workspace, name), { recursive: true })
  const dialog = folderDialog(page)
  await dialog.getByRole('textbox', { name: 'Folder' }).fill(join(folders.workspace, 'tools'))
  await dialog.getByRole('button', { name: 'Open' }).click()
  await sendMessage(page, 'tidy the build scripts')
  await openFolderFromMenu(page, join(folders.workspace, 'web-app'))
  await sendMessage(page, 'fix the login form')
  await page.getByRole('button', { name: 'Choose the agent' }).click()
  await page.getByRole('menuitem', { name: 'Open folder…' }).click()
  await folderDialog(page)
    .getByRole('textbox', { name: 'Folder' })
    .fill(join(folders.workspace, 'web'))
  await expect(folderDialog(page).getByRole('option')).toHaveCount(2)
  await shootAll(page, 'open-folder-dialog')
  await page.keyboard.press('Escape')
  await expect(folderDialog(page)).toBeHidden()
  await shootAll(page, 'project-groups')
  // A phone-sized window keeps the session list open as a drawer over the chat.
  await page.setViewportSize({ width: 390, height: 800 })
  await shoot(page, `${ARTIFACTS}/project-groups-390.png`)
})
