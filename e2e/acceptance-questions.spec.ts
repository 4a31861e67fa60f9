import type { Page } from '@playwright/test'
import { expect, sendMessage, test, waitUntilArmed } from './fixtures'
import { readEndedSessionLog, readOnlySessionLog } from './acceptance-log'

test.use({ scenario: 'acceptance-questions.json' })

const conversation = (page: Page) => page.getByRole('log', { name: 'Conversation' })
const questionTray = (page: Page) => page.getByRole('region', { name: 'Agent question' })

test('Submit on the review after the last question sends the pinned answers JSON, persisted once as the tool result', async ({
  app: page,
  folders,
}) => {
  await sendMessage(page, 'three questions please')
  const tray = questionTray(page)
  await expect(tray).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeHidden()
  await expect(tray.getByText('1 / 3', { exact: true })).toBeVisible()
  // The question is read in one place while it waits: the tray.
  await expect(page.getByText('Pick a color?', { exact: true })).toHaveCount(1)
  await tray
    .getByRole('radiogroup', { name: 'Pick a color?', exact: true })
    .getByRole('radio', { name: 'Blue', exact: true })
    .check()
  await tray.getByRole('button', { name: 'Next', exact: true }).click()
  await expect(tray.getByText('2 / 3', { exact: true })).toBeVisible()
  await tray
    .getByRole('radiogroup', { name: 'Pick a size?' })
    .getByRole('radio', { name: 'Large' })
    .click()
  await tray.getByRole('button', { name: 'Next' }).click()
  await expect(tray.getByText('3 / 3', { exact: true })).toBeVisible()
  await tray.getByLabel('Square').check()
  // Submit belongs to the review: the last question offers Next to it.
  await expect(tray.getByRole('button', { name: 'Submit', exact: true })).toHaveCount(0)
  await tray.getByRole('button', { name: 'Next', exact: true }).click()
  await tray.getByRole('button', { name: 'Submit', exact: true }).click()
  await expect(tray).toBeHidden()

  const expected = {
    answers: [
      { question: 'Pick a color?', answer: 'Blue' },
      { question: 'Pick a size?', answer: 'Large' },
      { question: 'Pick a shape?', answer: 'Square' },
    ],
  }
  await expect(conversation(page).getByText(`Answers: ${JSON.stringify(expected)}`)).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible()

  const log = await readEndedSessionLog(folders.dataDir)
  const header = log[0]
  expect(header).toMatchObject({
    type: 'session',
    v: expect.anything(),
    id: expect.any(String),
    createdAt: expect.anything(),
    title: expect.any(String),
    workspace: folders.workspace,
    backend: expect.any(String),
  })
  expect(log.filter((r) => r.type === 'user_message')).toHaveLength(1)
  expect(log.filter((r) => r.type === 'user_question_request')).toHaveLength(1)
  const results = log.filter((r) => r.type === 'tool_result')
  expect(results).toHaveLength(1)
  expect(results[0]).toMatchObject({ tool: 'AskUserQuestion', output: expected })
  const calls = log.filter((r) => r.type === 'tool_call')
  expect(calls).toHaveLength(1)
  // The answer is written exactly once, in the tool result and nowhere else.
  // (The scenario itself echoes it back in the next step's text.)
  const answerRecords = log.filter(
    (r) => r.type !== 'assistant_text' && JSON.stringify(r).includes('"answer"'),
  )
  expect(answerRecords).toEqual([results[0]])
  expect(log.filter((r) => r.type === 'assistant_text').map((r) => r.text)).toEqual([
    'I need three answers.',
    `Answers: ${JSON.stringify(expected)}`,
  ])
  expect(log.at(-1)).toMatchObject({ type: 'turn_end', reason: 'completed' })
})

test('Other text and a skipped question, via the review, give the text and null', async ({
  app: page,
  folders,
}) => {
  await sendMessage(page, 'three questions again')
  const tray = questionTray(page)
  await expect(tray.getByText('1 / 3')).toBeVisible()
  await tray.getByRole('radio', { name: 'Other' }).check()
  const other = tray.getByRole('textbox', { name: 'Other answer' })
  await expect(other).toBeVisible()
  await other.fill('Chartreuse')
  await tray.getByRole('button', { name: 'Next' }).click()
  // Skip the second question.
  await expect(tray.getByText('2 / 3')).toBeVisible()
  await tray.getByRole('button', { name: 'Next' }).click()
  await expect(tray.getByText('3 / 3')).toBeVisible()
  await tray.getByRole('radio', { name: 'Circle' }).check()
  await tray.getByRole('button', { name: 'Next' }).click()
  await expect(tray.getByText('Chartreuse')).toBeVisible()
  await tray.getByRole('button', { name: 'Submit' }).click()
  await expect(tray).toBeHidden()
  const expected = {
    answers: [
      { question: 'Pick a color?', answer: 'Chartreuse' },
      { question: 'Pick a size?', answer: null },
      { question: 'Pick a shape?', answer: 'Circle' },
    ],
  }
  await expect(conversation(page).getByText(`Answers: ${JSON.stringify(expected)}`)).toBeVisible()
  const log = await readEndedSessionLog(folders.dataDir)
  expect(log.filter((r) => r.type === 'tool_result').map((r) => r.output)).toEqual([expected])
  const withText = log.filter(
    (r) => r.type !== 'assistant_text' && JSON.stringify(r).includes('Chartreuse'),
  )
  expect(withText.map((r) => r.type)).toEqual(['tool_result'])
})

test('a single question: pick and Submit at once (Enter goes straight to Submit, there is no review)', async ({
  app: page,
}) => {
  await sendMessage(page, 'one question only')
  const tray = questionTray(page)
  await expect(tray.getByText('1 / 1')).toBeVisible()
  // One question: answered and submitted in place, no Previous / Next.
  await expect(tray.getByRole('button', { name: 'Next' })).toHaveCount(0)
  await expect(tray.getByRole('button', { name: 'Previous' })).toHaveCount(0)
  await waitUntilArmed(tray)
  await page.keyboard.press('2')
  await expect(tray.getByRole('radio', { name: 'No' })).toBeChecked()
  await page.keyboard.press('Enter')
  await expect(tray.getByRole('button', { name: 'Submit' })).toBeFocused()
  await tray.getByRole('button', { name: 'Submit' }).click()
  await expect(tray).toBeHidden()
  await expect(conversation(page)).toContainText(
    'Answers: {"answers":[{"question":"Ship it?","answer":"No"}]}',
  )
})

test('keyboard alone: focus moves into the tray, number keys pick (the one after the options is Other), Enter advances, Enter on the review submits', async ({
  app: page,
}) => {
  await sendMessage(page, 'three questions by keyboard')
  const tray = questionTray(page)
  await expect(tray.getByText('1 / 3')).toBeVisible()
  await expect(tray.getByRole('radio', { name: 'Red' })).toBeFocused()
  // Keys act once the tray is armed: type-ahead never answers a question (issue 9).
  await waitUntilArmed(tray)
  await page.keyboard.press('1')
  await expect(tray.getByRole('radio', { name: 'Red' })).toBeChecked()
  await expect(tray.getByText('1 / 3')).toBeVisible()
  await page.keyboard.press('Enter')
  await expect(tray.getByText('2 / 3')).toBeVisible()
  await page.keyboard.press('3')
  await expect(tray.getByRole('radio', { name: 'Large' })).toBeChecked()
  await page.keyboard.press('Enter')
  await expect(tray.getByText('3 / 3')).toBeVisible()
  // Two options: 3 is Other, and its text box takes the typing.
  await page.keyboard.press('3')
  const other = tray.getByRole('textbox', { name: 'Other answer' })
  await expect(other).toBeFocused()
  await page.keyboard.type('Hexagon')
  await page.keyboard.press('Enter')
  await expect(tray.getByRole('button', { name: 'Submit' })).toBeFocused()
  await expect(tray.getByText('Hexagon')).toBeVisible()
  await page.keyboard.press('Enter')
  await expect(tray).toBeHidden()
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeFocused()
  await expect(conversation(page)).toContainText(
    '"answer":"Red"},{"question":"Pick a size?","answer":"Large"},{"question":"Pick a shape?","answer":"Hexagon"}',
  )
})

test('parallel requests queue behind one tray: three questions ("2 more waiting", "1 more waiting", then none, each settling its own call), then a permission and a question', async ({
  app: page,
  folders,
}) => {
  await sendMessage(page, 'queue three at once')
  const tray = questionTray(page)
  await expect(tray.getByText('2 more waiting')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Agent question' })).toHaveCount(1)
  await tray.getByRole('radio', { name: 'B1' }).check()
  await tray.getByRole('button', { name: 'Submit' }).click()
  await expect(tray.getByText('1 more waiting')).toBeVisible()
  await tray.getByRole('radio', { name: 'A2' }).check()
  await tray.getByRole('button', { name: 'Submit' }).click()
  await expect(tray.getByRole('radio', { name: 'B3' })).toBeVisible()
  await expect(tray.getByText(/more waiting/)).toBeHidden()
  await tray.getByRole('radio', { name: 'B3' }).check()
  await tray.getByRole('button', { name: 'Submit' }).click()
  await expect(tray).toBeHidden()
  await expect(conversation(page)).toContainText(
    'Queue done: {"answers":[{"question":"Third?","answer":"B3"}]}',
  )
  const log = await readEndedSessionLog(folders.dataDir)
  const calls = log.filter((r) => r.type === 'tool_call')
  const results = log.filter((r) => r.type === 'tool_result')
  expect(results).toHaveLength(3)
  const byCall = new Map(results.map((r) => [r.toolCallId, r.output]))
  expect(calls.map((c) => byCall.get(c.toolCallId))).toEqual([
    { answers: [{ question: 'First?', answer: 'B1' }] },
    { answers: [{ question: 'Second?', answer: 'A2' }] },
    { answers: [{ question: 'Third?', answer: 'B3' }] },
  ])

  // A permission and a question from one step: never two input surfaces at once.
  await sendMessage(page, 'two things at once')
  const permission = page.getByRole('region', { name: 'Permission request' })
  await expect(permission).toBeVisible()
  await expect(permission.getByText('1 more waiting')).toBeVisible()
  await expect(tray).toBeHidden()
  await permission.getByRole('button', { name: 'Allow' }).click()
  await expect(tray).toBeVisible()
  await expect(permission).toBeHidden()
  await expect(tray.getByText(/more waiting/)).toBeHidden()
  await expect(tray.getByText('1 / 1')).toBeVisible()
  await tray.getByRole('radio', { name: 'Dark' }).check()
  await tray.getByRole('button', { name: 'Submit' }).click()
  await expect(conversation(page)).toContainText('"answer":"Dark"')
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible()
})

test('invalid AskUserQuestion input (no questions, four, one option, four options, duplicate labels, an "Other" option, none at all) gives an error result the model sees, and no tray', async ({
  app: page,
  folders,
}) => {
  for (const kind of ['zero', 'four', 'single', 'many', 'dupes', 'other', 'missing']) {
    await test.step(kind, async () => {
      await sendMessage(page, `bad ${kind}`)
      await expect(conversation(page)).toContainText(`Result ${kind}: {`)
      await expect(questionTray(page)).toBeHidden()
      const log = await readEndedSessionLog(folders.dataDir)
      const turnId = log.at(-1)?.turnId
      const results = log.filter((r) => r.type === 'tool_result' && r.turnId === turnId)
      expect(results).toHaveLength(1)
      expect(results[0]).toMatchObject({ tool: 'AskUserQuestion', isError: true })
      expect(log.filter((r) => r.type === 'user_question_request')).toHaveLength(0)
      expect(log.at(-1)).toMatchObject({ type: 'turn_end', reason: 'completed' })
    })
  }
})

test('stop while a question waits: synthetic error result, turn_end stopped, the composer back with its unsent draft', async ({
  app: page,
  context,
  server,
  folders,
}) => {
  await page.getByRole('button', { name: 'New session' }).click()
  const composer = page.getByRole('textbox', { name: 'Message' })
  await composer.fill('a half-written thought')
  // A second window on the same session starts the turn, so this one keeps its unsent draft.
  const other = await context.newPage()
  await other.goto(server.url)
  await sendMessage(other, 'one question to stop')
  const tray = questionTray(page)
  await expect(tray).toBeVisible()
  await expect(composer).toBeHidden()
  await tray.getByRole('button', { name: 'Stop' }).click()
  await expect(tray).toBeHidden()
  await expect(composer).toHaveValue('a half-written thought')
  await expect(composer).toBeFocused()
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible()
  await expect(conversation(page)).toContainText('Stopped.')
  await expect
    .poll(async () => (await readOnlySessionLog(folders.dataDir)).at(-1))
    .toMatchObject({ type: 'turn_end', reason: 'stopped' })
  const log = await readEndedSessionLog(folders.dataDir)
  const results = log.filter((r) => r.type === 'tool_result')
  expect(results).toHaveLength(1)
  expect(results[0]).toMatchObject({ tool: 'AskUserQuestion', isError: true })
})

test('a question in a background session marks it "Needs input" in the sidebar; opening it, and a reload, bring the tray back; answering clears the marker', async ({
  app: page,
  context,
  server,
}) => {
  const sidebar = page.getByRole('navigation', { name: 'Sessions' })
  await sendMessage(page, 'Hello background')
  const background = sidebar.getByRole('link', { name: /Hello background/ })
  await expect(background).toBeVisible()
  await page.getByRole('button', { name: 'New session' }).click()
  await sendMessage(page, 'Hello foreground')
  const foreground = sidebar.getByRole('link', { name: /Hello foreground/ })
  await expect(foreground).toHaveAttribute('aria-current', 'page')

  // Elsewhere, the background session's agent asks something.
  const other = await context.newPage()
  await other.goto(server.url)
  await other.getByRole('link', { name: /Hello background/ }).click()
  await sendMessage(other, 'one question after reload')
  await expect(questionTray(other)).toBeVisible()

  await expect(background).toContainText('Needs input')
  await expect(foreground).not.toContainText('Needs input')
  await expect(questionTray(page)).toBeHidden()

  // Opening it brings the tray, and so does a reload.
  await background.click()
  await expect(questionTray(page)).toBeVisible()
  await page.reload()
  const tray = questionTray(page)
  await expect(tray).toBeVisible()
  await expect(page.getByText('Needs input')).toBeVisible()
  await tray.getByRole('radio', { name: 'Yes' }).check()
  await tray.getByRole('button', { name: 'Submit' }).click()
  await expect(tray).toBeHidden()
  await expect(conversation(page)).toContainText(
    'Answers: {"answers":[{"question":"Ship it?","answer":"Yes"}]}',
  )
  await expect(page.getByText('Needs input')).toBeHidden()
})
