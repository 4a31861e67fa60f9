import { existsSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { expect, sendMessage, test } from './fixtures'
import { shootAll } from './screens'

test.use({ scenario: 'rewind.json' })

const conversation = (page: Page) => page.getByRole('log', { name: 'Conversation' })

/** Two turns in execute mode: the first writes a.txt, the second edits it and creates c.txt. */
async function twoTurns(page: Page) {
  await sendMessage(page, 'hello')
  await expect(conversation(page)).toContainText('Mode is ask.')
  const picker = page.getByRole('combobox', { name: 'Mode', exact: true })
  await picker.selectOption({ label: 'Execute' })
  await sendMessage(page, 'one: write a')
  await expect(conversation(page)).toContainText('Wrote a.txt.')
  await sendMessage(page, 'two: edit a, make c')
  await expect(conversation(page)).toContainText('Edited a.txt and made c.txt.')
  await expect(page.getByRole('button', { name: 'Stop', exact: true })).toBeHidden()
}

/** The Rewind button of the person's message containing `text`. */
function rewindOf(page: Page, text: string) {
  return conversation(page)
    .locator('.row-user', { hasText: text })
    .getByRole('button', { name: 'Rewind' })
}

test('Rewind → Restore files puts the files back as they were before that message', async ({
  app: page,
  folders,
}) => {
  await twoTurns(page)
  await expect(conversation(page).getByRole('button', { name: 'Rewind' })).toHaveCount(3)
  await rewindOf(page, 'two: edit a').click()
  const dialog = page.getByRole('dialog', { name: 'Rewind to before this message' })
  await expect(dialog).toBeVisible()
  const files = dialog.getByRole('list', { name: 'Files the rewind changes' })
  await expect(files.getByRole('listitem')).toHaveCount(2)
  await expect(files).toContainText('a.txt')
  await expect(files).toContainText('removed (created since)')
  await files.getByText('a.txt').click()
  await expect(dialog.getByRole('table')).toContainText('alpha')
  await shootAll(page, 'rewind-dialog')
  await dialog.getByRole('button', { name: 'Restore files' }).click()
  await expect(dialog).toBeHidden()
  expect(await readFile(join(folders.workspace, 'a.txt'), 'utf8')).toBe('alpha\nsecond line\n')
  expect(existsSync(join(folders.workspace, 'c.txt'))).toBe(false)
  await expect(conversation(page)).toContainText('Files were rewound to before a message')
  await shootAll(page, 'rewind-files-restored')
})

test('Undo on a files rewind puts the files back as they were just before it', async ({
  app: page,
  folders,
}) => {
  await twoTurns(page)
  const edited = await readFile(join(folders.workspace, 'a.txt'), 'utf8')
  await rewindOf(page, 'two: edit a').click()
  const rewind = page.getByRole('dialog', { name: 'Rewind to before this message' })
  await rewind.getByRole('button', { name: 'Restore files' }).click()
  await expect(rewind).toBeHidden()
  expect(existsSync(join(folders.workspace, 'c.txt'))).toBe(false)

  const notice = conversation(page).locator('.row-notice', {
    hasText: 'Files were rewound to before a message',
  })
  await notice.getByRole('button', { name: 'Undo' }).click()
  const undo = page.getByRole('dialog', { name: 'Undo the restore of the files' })
  await expect(undo).toBeVisible()
  await expect(undo.getByRole('button', { name: 'Restore conversation' })).toHaveCount(0)
  const files = undo.getByRole('list', { name: 'Files the rewind changes' })
  await expect(files.getByRole('listitem')).toHaveCount(2)
  await shootAll(page, 'rewind-undo-dialog')
  await undo.getByRole('button', { name: 'Restore files' }).click()
  await expect(undo).toBeHidden()
  expect(await readFile(join(folders.workspace, 'a.txt'), 'utf8')).toBe(edited)
  expect(existsSync(join(folders.workspace, 'c.txt'))).toBe(true)
  await expect(notice.first()).toBeVisible()
})

test('a file changed by hand is shown as a conflict and overwritten only when asked', async ({
  app: page,
  folders,
}) => {
  await twoTurns(page)
  await writeFile(join(folders.workspace, 'a.txt'), 'my own words\n')
  await rewindOf(page, 'two: edit a').click()
  const dialog = page.getByRole('dialog', { name: 'Rewind to before this message' })
  await expect(dialog).toContainText('changed since by hand')
  await dialog.getByRole('button', { name: 'Restore files' }).click()
  await expect(dialog.getByRole('status')).toContainText('Restoring overwrites those changes')
  expect(await readFile(join(folders.workspace, 'a.txt'), 'utf8')).toBe('my own words\n')
  await shootAll(page, 'rewind-conflict')
  await dialog.getByRole('button', { name: 'Overwrite and restore files' }).click()
  await expect(dialog).toBeHidden()
  expect(await readFile(join(folders.workspace, 'a.txt'), 'utf8')).toBe('alpha\nsecond line\n')
})

test('Rewind → Restore conversation opens a new session from before the message, the message ready to edit', async ({
  app: page,
  folders,
}) => {
  await twoTurns(page)
  await rewindOf(page, 'two: edit a').click()
  const dialog = page.getByRole('dialog', { name: 'Rewind to before this message' })
  await dialog.getByRole('button', { name: 'Restore conversation' }).click()
  await expect(dialog).toBeHidden()
  const box = page.getByRole('textbox', { name: 'Message' })
  await expect(box).toHaveValue('two: edit a, make c')
  await expect(conversation(page)).toContainText('Wrote a.txt.')
  await expect(conversation(page)).not.toContainText('Edited a.txt and made c.txt.')
  await expect(
    page.getByRole('navigation', { name: 'Sessions' }).getByRole('link', { name: /\(rewound\)/ }),
  ).toBeVisible()
  // Files untouched: only the conversation was rewound.
  expect(await readFile(join(folders.workspace, 'a.txt'), 'utf8')).toBe('beta\nsecond line\n')
  await shootAll(page, 'rewind-conversation')
  await box.fill('something else')
  await box.press('Enter')
  await expect(conversation(page)).toContainText('Fresh reply: execute.')
})

test('Edit message on a message is the same conversation rewind, in one click', async ({
  app: page,
}) => {
  await twoTurns(page)
  await conversation(page)
    .locator('.row-user', { hasText: 'one: write a' })
    .getByRole('button', { name: 'Edit message' })
    .click()
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('one: write a')
  await expect(conversation(page)).not.toContainText('Wrote a.txt.')
  await expect(conversation(page)).toContainText('Mode is ask.')
})
