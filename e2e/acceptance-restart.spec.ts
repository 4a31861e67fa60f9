import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { startParleyServer } from './parley-server'
import { expect, sendMessage, test } from './fixtures'
import { readEndedSessionLog, readOnlySessionLog } from './acceptance-log'

const SCENARIO = 'acceptance-restart.json'
test.use({ scenario: SCENARIO })

const conversation = (page: Page) => page.getByRole('log', { name: 'Conversation' })

/** Answers the first question and starts an Other answer to the second, without submitting. */
async function answerHalf(page: Page): Promise<Locator> {
  await sendMessage(page, 'ask and wait')
  const tray = page.getByRole('region', { name: 'Agent question' })
  await expect(tray.getByText('1 / 2')).toBeVisible()
  await tray
    .getByRole('radiogroup', { name: 'Keep going?' })
    .getByRole('radio', { name: 'Go on' })
    .check()
  await tray.getByRole('button', { name: 'Next' }).click()
  await tray.getByRole('radio', { name: 'Other' }).check()
  await tray.getByRole('textbox', { name: 'Other answer' }).fill('Steady')
  return tray
}

/** The tray is back at the second question with both answers so far. */
async function expectHalfAnswered(tray: Locator): Promise<void> {
  await expect(tray.getByText('2 / 2')).toBeVisible()
  await expect(tray.getByRole('textbox', { name: 'Other answer' })).toHaveValue('Steady')
  await tray.getByRole('button', { name: 'Previous' }).click()
  await expect(tray.getByRole('radio', { name: 'Go on' })).toBeChecked()
  await tray.getByRole('button', { name: 'Next' }).click()
  await expect(tray.getByText('2 / 2')).toBeVisible()
}

test('quit (SIGTERM) while a question waits half answered: a reload and a restart bring it back with its answers so far, and answering it completes the same turn', async ({
  app: page,
  server,
  folders,
}) => {
  const tray = await answerHalf(page)
  // A reload re-reads the FIFO and the saved draft: same question, same picks.
  await page.reload()
  await expectHalfAnswered(tray)
  await server.stop()

  const restarted = await startParleyServer(SCENARIO, folders)
  try {
    await page.goto(restarted.url)
    await expect(tray).toBeVisible()
    await expect(tray.getByText(/waiting since/)).toBeVisible()
    await expect(
      page
        .getByRole('navigation', { name: 'Sessions' })
        .getByRole('link', { name: /ask and wait/ }),
    ).toContainText('Needs input')
    await expectHalfAnswered(tray)
    await tray.getByRole('button', { name: 'Next' }).click()
    await tray.getByRole('button', { name: 'Submit' }).click()
    const expected = {
      answers: [
        { question: 'Keep going?', answer: 'Go on' },
        { question: 'How fast?', answer: 'Steady' },
      ],
    }
    await expect(conversation(page)).toContainText(`Resumed with ${JSON.stringify(expected)}`)
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible()

    const log = await readEndedSessionLog(folders.dataDir)
    expect(log.filter((r) => r.type === 'user_message')).toHaveLength(1)
    expect(log.filter((r) => r.type === 'tool_result')).toEqual([
      expect.objectContaining({ tool: 'AskUserQuestion', output: expected }),
    ])
    expect(log.filter((r) => r.type === 'turn_end')).toEqual([
      expect.objectContaining({ reason: 'completed' }),
    ])
    expect(new Set(log.filter((r) => 'turnId' in r).map((r) => r.turnId)).size).toBe(1)
  } finally {
    await restarted.stop()
  }
})

test('kill (SIGKILL) while a permission waits: after a restart Allow runs the same command and the turn completes', async ({
  app: page,
  server,
  folders,
}) => {
  await sendMessage(page, 'run and wait')
  const tray = page.getByRole('region', { name: 'Permission request' })
  await expect(tray).toContainText('echo survived')
  await server.kill()

  const restarted = await startParleyServer(SCENARIO, folders)
  try {
    await page.goto(restarted.url)
    await expect(tray).toBeVisible()
    await expect(tray.getByText(/waiting since/)).toBeVisible()
    await expect(tray).toContainText('echo survived')
    await tray.getByRole('button', { name: 'Allow' }).click()
    await expect(conversation(page)).toContainText('Resumed with {"exitCode":0')
    expect(await readFile(join(folders.workspace, 'proof.txt'), 'utf8')).toBe('survived\n')
    const log = await readEndedSessionLog(folders.dataDir)
    expect(log.filter((r) => r.type === 'tool_result')).toHaveLength(1)
    expect(log.filter((r) => r.type === 'turn_end')).toEqual([
      expect.objectContaining({ reason: 'completed' }),
    ])
  } finally {
    await restarted.stop()
  }
})

test('kill (SIGKILL) while a question waits half answered: after a restart it is back with its answers so far, and Dismiss ends the turn with a "not answered" result; a new message works', async ({
  app: page,
  server,
  folders,
}) => {
  const tray = await answerHalf(page)
  // The draft, Other text included, is on disk (beside the log), so a crash cannot lose it.
  await expect
    .poll(() => {
      const dir = join(folders.dataDir, 'drafts')
      // Drafts are written atomically (a temporary file renamed into place): only the drafts
      // themselves are read, and one renamed away between the listing and the read is skipped.
      const drafts = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json')) : []
      return drafts.flatMap((f) => {
        try {
          return [readFileSync(join(dir, f), 'utf8')]
        } catch {
          return []
        }
      })
    })
    .toEqual([expect.stringMatching(/^(?=.*"index":1)(?=.*"Steady").*$/s)])
  await server.kill()
  const restarted = await startParleyServer(SCENARIO, folders)
  try {
    await page.goto(restarted.url)
    await expect(tray).toBeVisible()
    await expect(tray.getByText(/waiting since/)).toBeVisible()
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeHidden()
    await expectHalfAnswered(tray)
    await tray.getByRole('button', { name: 'Dismiss' }).click()
    await expect(tray).toBeHidden()
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible()
    await expect
      .poll(async () =>
        (await readOnlySessionLog(folders.dataDir)).filter((r) => r.type === 'tool_result'),
      )
      .toEqual([expect.objectContaining({ tool: 'AskUserQuestion', isError: true })])
    const log = await readEndedSessionLog(folders.dataDir)
    expect(JSON.stringify(log.find((r) => r.type === 'tool_result'))).toMatch(/restart/i)
    expect(log.at(-1)).toMatchObject({ type: 'turn_end' })
    await sendMessage(page, 'hello again')
    await expect(conversation(page)).toContainText('Hello.')
  } finally {
    await restarted.stop()
  }
})
