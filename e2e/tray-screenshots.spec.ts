import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { expect, sendMessage, test, waitUntilArmed } from './fixtures'
import { fakeAgentCommand, startParleyServer } from './parley-server'
import { ARTIFACTS, shoot, shootAll, shootTall } from './screens'

/**
 * Every state of the chat UI in both themes at 1280 and 900 px, each checked with axe-core (no
 * serious or critical violation), saved under e2e-artifacts/ for a person to look at.
 */

/** Whether an element's content is taller than its box (it scrolls inside). */
function scrollsInside(locator: Locator): Promise<boolean> {
  // e2e code is type-checked without DOM typings; the element is an HTMLElement in the page.
  type Box = { scrollHeight: number; clientHeight: number }
  return locator.evaluate((el) => {
    const box = el as unknown as Box
    return box.scrollHeight > box.clientHeight
  })
}

/** Whether an element's content is wider than its box (something spills sideways). */
function overflowsSideways(locator: Locator): Promise<boolean> {
  type Box = { scrollWidth: number; clientWidth: number }
  return locator.evaluate((el) => {
    const box = el as unknown as Box
    return box.scrollWidth > box.clientWidth
  })
}

// Each state is four screenshots and four axe runs: on a loaded machine a journey of several
// states takes longer than one ordinary journey's limit (each wait keeps its own timeout).
test.slow()

const permissionTray = (page: Page) => page.getByRole('region', { name: 'Permission request' })
const questionTray = (page: Page) => page.getByRole('region', { name: 'Agent question' })
const conversation = (page: Page) => page.getByRole('log', { name: 'Conversation' })

test.describe('the tray in the first journey', () => {
  test.use({ scenario: 'tray-screens.json' })

  test('stays compact, grows upward to a cap and scrolls inside, in both themes', async ({
    app: page,
  }) => {
    await sendMessage(page, 'Clean up the generated files')
    const permission = permissionTray(page)
    await expect(permission).toBeVisible()
    await shootAll(page, 'permission-arming')
    await waitUntilArmed(permission)

    // Compact by default: the command's head and tail, not all of it.
    const compact = await permission.boundingBox()
    expect(compact?.height).toBeGreaterThanOrEqual(150)
    // Header, the parts (a box that scrolls), where it runs ("Runs in the sandbox · …"), what
    // Remember covers and for how long (the "Remember for" choice), the actions: well under the cap.
    expect(compact?.height).toBeLessThanOrEqual(385)
    await shootAll(page, 'permission-compact')

    // The full command, with the bidi override made visible, in a capped inner scroll area.
    await permission.getByRole('button', { name: 'Details' }).click()
    const detail = permission.getByLabel('Full details')
    await expect(detail).toContainText('⟨U+202E⟩')
    await expect(detail).toContainText('workspace-39')
    const expanded = await permission.boundingBox()
    expect(expanded?.height).toBeLessThanOrEqual(800 / 2 + 1)
    expect(expanded?.height).toBeGreaterThan(compact?.height ?? 0)
    expect(await scrollsInside(detail)).toBe(true)
    // It grows upward: its bottom edge stays where the composer's was.
    expect(Math.round((expanded?.y ?? 0) + (expanded?.height ?? 0))).toBe(
      Math.round((compact?.y ?? 0) + (compact?.height ?? 0)),
    )
    await shootAll(page, 'permission-details')

    await permission.getByRole('button', { name: 'Allow' }).click()
    const question = questionTray(page)
    await expect(question).toBeVisible()
    await question.getByRole('radio', { name: 'Ignore them' }).check()
    await shootAll(page, 'question')

    // A short window: the question tray leaves 140 px of the window and scrolls inside (the
    // tray now fits its content, so the window is short enough for this question not to fit).
    await page.setViewportSize({ width: 900, height: 320 })
    const capped = await question.boundingBox()
    expect(capped?.height).toBeLessThanOrEqual(320 - 140 + 1)
    expect(await scrollsInside(question.locator('.tray-body'))).toBe(true)
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeHidden()
    await shoot(page, `${ARTIFACTS}/question-short-window.png`)
    await page.setViewportSize({ width: 1280, height: 800 })

    // Submit belongs to the review step alone: two questions, two Nexts, then Submit.
    await question.getByRole('button', { name: 'Next', exact: true }).click()
    await expect(question.getByText('2 / 2')).toBeVisible()
    await expect(question.getByRole('button', { name: 'Submit' })).toHaveCount(0)
    await question.getByRole('button', { name: 'Next', exact: true }).click()
    await expect(question.getByText('Review your answers')).toBeVisible()
    await shootAll(page, 'question-review')
    await question.getByRole('button', { name: 'Submit' }).click()
    await expect(conversation(page)).toContainText('Thanks:')
    await shootAll(page, 'answered-history')
  })
})

test.describe('every state', () => {
  test.use({ scenario: 'ui-states.json' })

  test('the first screen, a reply, the sidebar, search, rename, delete and settings', async ({
    app: page,
  }) => {
    await shootAll(page, 'first-screen')
    await sendMessage(page, 'Hello there')
    await expect(conversation(page)).toContainText('Anything else?')
    await page.getByRole('button', { name: 'New session' }).click()
    await sendMessage(page, 'Ask one thing please')
    await expect(questionTray(page)).toBeVisible()
    await page.getByRole('link', { name: /Hello there/ }).click()
    await expect(page.getByRole('link', { name: /Ask one thing/ })).toContainText('Needs input')
    await shootAll(page, 'sidebar-waiting')

    await page.getByRole('searchbox', { name: 'Search sessions' }).fill('hello')
    await shootAll(page, 'sidebar-search')
    await page.getByRole('searchbox', { name: 'Search sessions' }).fill('')

    const row = page.getByRole('listitem').filter({ hasText: 'Hello there' })
    await row.getByRole('button', { name: /Rename/ }).click()
    await shootAll(page, 'sidebar-rename')
    await page.keyboard.press('Escape')
    await row.getByRole('button', { name: /Delete/ }).click()
    await shootAll(page, 'sidebar-delete')
    await page.keyboard.press('Escape')

    await page.getByRole('button', { name: 'Settings' }).click()
    await shootAll(page, 'settings')
    await page.getByRole('combobox', { name: 'Provider' }).selectOption('Anthropic')
    await page.getByRole('button', { name: 'Test connection' }).click()
    await expect(page.locator('.settings-test-result')).not.toBeEmpty()
    await shootAll(page, 'settings-anthropic', { height: 1000 })
    await page.keyboard.press('Escape')

    await page.getByRole('button', { name: 'Session list' }).click()
    await shootAll(page, 'sidebar-collapsed')
    await page.getByRole('button', { name: 'Session list' }).click()

    await page.getByRole('combobox', { name: 'Mode', exact: true }).focus()
    await page.keyboard.press('End')
    await shootAll(page, 'bypass-confirm')
    await page.keyboard.press('Escape')
  })

  test('high risk, a compound command, a long command, a note for the agent and the queue', async ({
    app: page,
  }) => {
    await sendMessage(page, 'Remove the build and rebuild')
    const tray = permissionTray(page)
    await waitUntilArmed(tray)
    await shootAll(page, 'permission-high-risk')
    await tray.getByRole('button', { name: 'No, and tell the agent what to do instead' }).click()
    await page.keyboard.type('Only remove dist, keep build.')
    await shootAll(page, 'permission-deny-note')
    await page.keyboard.press('Enter')
    await expect(tray).toBeHidden()
    await expect(conversation(page)).toContainText('Done:')

    await sendMessage(page, 'Run the checks')
    await waitUntilArmed(tray)
    await shootAll(page, 'permission-multiline')
    await tray.getByRole('button', { name: 'Deny' }).click()
    await expect(conversation(page)).toContainText('Checks finished.')

    await sendMessage(page, 'Long echo please')
    await waitUntilArmed(tray)
    await shootAll(page, 'permission-long-command')
    await tray.getByRole('button', { name: 'Deny' }).click()
    await expect(conversation(page)).toContainText('Printed.')

    await sendMessage(page, 'Two at once')
    await waitUntilArmed(tray)
    await tray.getByRole('button', { name: '1 more waiting' }).click()
    await shootAll(page, 'permission-queue')
    await tray.getByRole('button', { name: 'Stop' }).click()
    await expect(conversation(page)).toContainText('Stopped')
    await shootAll(page, 'stopped-from-tray')
  })

  test('file permissions: a new file, an edit with a diff, and a write that changes nothing', async ({
    app: page,
    folders,
  }) => {
    writeFileSync(
      join(folders.workspace, 'config.txt'),
      'name = parley\nport = 8080\nhost = localhost\ndebug = true\nlog = info\n',
    )
    writeFileSync(join(folders.workspace, 'same.txt'), 'unchanged\n')
    const tray = permissionTray(page)

    await sendMessage(page, 'Write notes for the release')
    await waitUntilArmed(tray)
    await shootAll(page, 'permission-new-file')
    await tray.getByRole('button', { name: 'Details' }).click()
    await shootAll(page, 'permission-new-file-details')
    await tray.getByRole('button', { name: 'Allow' }).click()
    await expect(conversation(page)).toContainText('Written.')

    await sendMessage(page, 'Edit the config')
    await waitUntilArmed(tray)
    await shootAll(page, 'permission-edit')
    await tray.getByRole('button', { name: 'Details' }).click()
    await shootAll(page, 'permission-edit-details')
    await tray.getByRole('button', { name: 'Allow' }).click()
    await expect(conversation(page)).toContainText('Updated.')

    await sendMessage(page, 'Rewrite same file')
    await waitUntilArmed(tray)
    await tray.getByRole('button', { name: 'Details' }).click()
    await shootAll(page, 'permission-no-changes')
    await tray.getByRole('button', { name: 'Deny' }).click()
  })

  test('questions: progress, Other, the review with unanswered questions, one question, a long answer', async ({
    app: page,
  }) => {
    const tray = questionTray(page)
    await sendMessage(page, 'Ask three questions')
    await waitUntilArmed(tray)
    await tray.getByRole('radio', { name: 'SQLite' }).check()
    await shootAll(page, 'question-first')
    await tray.getByRole('button', { name: 'Next', exact: true }).click()
    await tray.getByRole('radio', { name: 'Other' }).check()
    await shootAll(page, 'question-other-empty')
    await tray
      .getByRole('textbox', { name: 'Other answer' })
      .fill(
        'Our own bare-metal servers in the Frankfurt data centre, behind the existing load balancer',
      )
    await shootAll(page, 'question-other-long')
    await tray.getByRole('button', { name: 'Next', exact: true }).click()
    await tray.getByRole('button', { name: 'Next', exact: true }).click()
    await shootAll(page, 'question-review-unanswered')
    await tray.getByRole('button', { name: 'Submit' }).click()
    await expect(conversation(page)).toContainText('Thanks:')

    await sendMessage(page, 'Ask one thing')
    await waitUntilArmed(tray)
    await shootAll(page, 'question-single')
    await tray.getByRole('radio', { name: 'Other' }).check()
    await tray
      .getByRole('textbox', { name: 'Other answer' })
      .fill(
        'Write them to a quarantine table with the validation error beside each row, carry on with the rest, and give me a summary at the end so I can decide what to do with them',
      )
    await tray.getByRole('button', { name: 'Submit' }).click()
    await expect(conversation(page)).toContainText('Noted:')
    await shootAll(page, 'answered-long')

    await sendMessage(page, 'Pick the targets')
    await waitUntilArmed(tray)
    const platforms = tray.getByRole('group', {
      name: 'Which platforms should the release build for?',
    })
    await platforms.getByRole('checkbox', { name: 'Linux' }).check()
    await platforms.getByRole('checkbox', { name: 'macOS' }).check()
    await platforms.getByRole('checkbox', { name: 'Other' }).check()
    await shootAll(page, 'question-multi-select')
    await tray.getByRole('textbox', { name: 'Other answer' }).fill('FreeBSD')
    await tray.getByRole('button', { name: 'Next', exact: true }).click()
    await tray.getByRole('button', { name: 'Next', exact: true }).click()
    await shootAll(page, 'question-multi-select-review')
    await tray.getByRole('button', { name: 'Submit' }).click()
    await expect(conversation(page)).toContainText('Building for:')
  })
})

test.describe('an ACP agent asks', () => {
  test.use({ serverOptions: { acp: fakeAgentCommand('journeys.json') }, fakeDelayMs: '0' })

  test('permission with its own options and a diff; forms fresh, with errors, blocked and orphaned', async ({
    app: page,
  }) => {
    const permission = permissionTray(page)
    await sendMessage(page, 'Clean the build folder')
    await waitUntilArmed(permission)
    await shootAll(page, 'agent-permission')
    await permission.getByRole('button', { name: 'Yes, run it' }).click()

    await sendMessage(page, 'Edit the readme')
    await waitUntilArmed(permission)
    await shootAll(page, 'agent-permission-diff')
    await permission.getByRole('button', { name: 'Details' }).click()
    await shootAll(page, 'agent-permission-diff-details')
    await permission.getByRole('button', { name: 'No, keep the build' }).click()

    // Every field type: a form stays compact (at most half the window, issue 38 item 12), then
    // scrolls inside, never sideways.
    const form = questionTray(page)
    await sendMessage(page, 'Set up the release')
    await waitUntilArmed(form)
    const capped = await form.boundingBox()
    expect(capped?.height).toBeGreaterThan(800 / 4)
    expect(capped?.height).toBeLessThanOrEqual(800 / 2 + 1)
    const body = form.locator('.tray-body')
    expect(await scrollsInside(body)).toBe(true)
    expect(await overflowsSideways(body)).toBe(false)
    await shootAll(page, 'form-fresh')
    await shootTall(page, 'form-fresh')
    await form.getByRole('textbox', { name: 'Project name' }).fill('ab')
    await form.getByRole('textbox', { name: 'Contact email' }).fill('dev at example')
    await form.getByRole('button', { name: 'Submit' }).click()
    await expect(form.getByRole('textbox', { name: 'Project name' })).toBeFocused()
    await shootAll(page, 'form-errors')
    await shootTall(page, 'form-errors')
    await form.getByRole('button', { name: 'Cancel' }).click()

    await sendMessage(page, 'Sign in please')
    await waitUntilArmed(form)
    await shootAll(page, 'form-blocked')
    await form.getByRole('button', { name: 'Decline' }).click()

    await sendMessage(page, 'Ask then exit')
    await expect(form.getByText('Fake Agent is no longer waiting')).toBeVisible()
    await form.getByRole('textbox', { name: 'Project name' }).fill('parley')
    await shootAll(page, 'form-orphaned')
  })
})

test.describe('a failed turn', () => {
  // No scenario: an OpenAI-compatible provider on a port where nothing listens.
  test.use({
    scenario: '',
    serverEnv: { OPENAI_BASE_URL: 'http://127.0.0.1:9/v1', OPENAI_API_KEY: 'test-key' },
  })

  test('is an error card with Retry', async ({ app: page }) => {
    await sendMessage(page, 'Hello?')
    await expect(page.getByRole('alert')).toBeVisible({ timeout: 60_000 })
    await shootAll(page, 'error-card')
  })
})

test.describe('after a restart and while offline', () => {
  test.use({ scenario: 'ui-states.json' })

  test('a recovered tray says why it is back; offline, Send says why it cannot send', async ({
    app: page,
    folders,
    server,
  }) => {
    await sendMessage(page, 'Remove the build and rebuild')
    await expect(permissionTray(page)).toBeVisible()
    await server.kill()
    const restarted = await startParleyServer('ui-states.json', folders)
    try {
      await page.goto(restarted.url)
      await expect(permissionTray(page).getByText(/waiting since/)).toBeVisible()
      await shootAll(page, 'permission-recovered')
      await permissionTray(page).getByRole('button', { name: 'Dismiss' }).click()
      await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible()
      await page.getByRole('textbox', { name: 'Message' }).fill('Are you still there?')
    } finally {
      await restarted.stop()
    }
    await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled()
    await shootAll(page, 'offline')
  })
})
