import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { expect, sendMessage, test, waitUntilArmed } from './fixtures'
import { fakeAgentCommand, startParleyServer } from './parley-server'
import { shoot, shootAll } from './screens'

/**
 * Sessions that talk to an ACP agent (the scripted fake agent, e2e/agents/journeys.json, started
 * with `--acp`): its permission requests and forms in the tray, answered by the person, and what
 * the agent received, which it says back in the conversation.
 */

const AGENT = fakeAgentCommand('journeys.json')
test.use({ serverOptions: { acp: AGENT }, fakeDelayMs: '0' })

const conversation = (page: Page) => page.getByRole('log', { name: 'Conversation' })
const permissionTray = (page: Page) => page.getByRole('region', { name: 'Permission request' })
const formTray = (page: Page) => page.getByRole('region', { name: 'Agent question' })

/** The message a field shows: invalid, with the message as its accessible description. */
async function expectInvalid(control: Locator, message: string) {
  await expect(control).toHaveAttribute('aria-invalid', 'true')
  await expect(control).toHaveAccessibleDescription(message)
}

test('permission: the agent’s own options by name; allow, reject, and Stop answers cancelled', async ({
  app: page,
}) => {
  const tray = permissionTray(page)
  await sendMessage(page, 'Clean the build folder')
  await expect(tray.getByText('Fake Agent asks')).toBeVisible()
  await expect(tray.getByText('rm -rf build', { exact: true })).toBeVisible()
  // The main action, but risky: outlined in the danger colour, never the biggest filled target.
  await expect(tray.getByRole('button', { name: 'Yes, run it' })).toHaveClass(
    /button-danger-outline/,
  )
  // One main action: allowing for good is never the default.
  await expect(tray.getByRole('button', { name: 'Always allow rm here' })).toHaveClass(
    /button-secondary/,
  )
  await expect(tray.getByText('High risk: deletes files')).toBeVisible()
  await expect(tray.getByRole('button', { name: 'No, keep the build' })).toHaveClass(
    /button-secondary/,
  )
  await tray.getByRole('button', { name: 'Yes, run it' }).click()
  await expect(conversation(page)).toContainText(
    'The agent received {"result":{"outcome":{"outcome":"selected","optionId":"allow"}}}',
  )
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeFocused()

  await sendMessage(page, 'Clean it again')
  await waitUntilArmed(tray)
  // Escape answers nothing: the request keeps waiting until the person picks an option by name.
  await page.keyboard.press('Escape')
  await expect(tray).toBeVisible()
  await expect(tray.getByRole('button', { name: 'No, keep the build' })).toBeEnabled()
  await expect(conversation(page)).not.toContainText('"optionId":"reject"')
  await tray.getByRole('button', { name: 'No, keep the build' }).click()
  await expect(conversation(page)).toContainText(
    'The agent received {"result":{"outcome":{"outcome":"selected","optionId":"reject"}}}',
  )

  await sendMessage(page, 'Clean once more')
  await tray.getByRole('button', { name: 'Stop' }).click()
  await expect(tray).toBeHidden()
  await expect(conversation(page)).toContainText('Stopped')
  await sendMessage(page, 'What did you receive?')
  await expect(conversation(page)).toContainText(
    'Earlier the agent received {"result":{"outcome":{"outcome":"cancelled"}}}',
  )
})

test('a command titled with the model’s description leads with the command; rejected, its row says Rejected though the agent reports it failed', async ({
  app: page,
}) => {
  const tray = permissionTray(page)
  await sendMessage(page, 'Copilot-style command')
  await waitUntilArmed(tray)
  // What runs is up front, as code; the agent's title follows as a caption.
  await expect(tray.getByText('echo copilot > ran.txt', { exact: true })).toHaveJSProperty(
    'tagName',
    'CODE',
  )
  await expect(tray.getByText('Run a command for the test', { exact: true })).toBeVisible()
  // The context the agent reported using, and its cost, in the session header.
  await expect(page.locator('.chat-header')).toContainText('12.3k / 200k tokens (6%) · $0.42')
  await shootAll(page, 'agent-permission-command')
  await tray.getByRole('button', { name: 'Reject' }).click()
  await expect(conversation(page)).toContainText('"optionId":"reject_once"')
  await expect(
    conversation(page).getByRole('button', { name: 'Run a command for the test call, Rejected' }),
  ).toBeVisible()
})

for (const width of [900, 1280]) {
  test(`at ${width} px four options wrap as one list, Stop out of their row in the header`, async ({
    app: page,
  }) => {
    await page.setViewportSize({ width, height: 800 })
    const tray = permissionTray(page)
    await sendMessage(page, 'Qwen-style options')
    await waitUntilArmed(tray)
    const options = tray.getByRole('list', { name: 'Options' }).getByRole('button')
    await expect(options).toHaveCount(4)
    await expect(
      tray.getByRole('list', { name: 'Options' }).getByRole('button', { name: 'Stop' }),
    ).toHaveCount(0)
    const first = await options.nth(0).boundingBox()
    const stop = await tray.getByRole('button', { name: 'Stop' }).boundingBox()
    if (!first || !stop) throw new Error('the tray is not laid out')
    // Stop sits above the answers, in the header: never beside them at the same weight.
    expect(stop.y + stop.height).toBeLessThan(first.y)
    await shoot(page, `test-results/agent-permission-four-${width}.png`)
    await page.emulateMedia({ colorScheme: 'dark' })
    await shoot(page, `test-results/agent-permission-four-${width}-dark.png`)
    await tray.getByRole('button', { name: 'Allow', exact: true }).click()
    await expect(conversation(page)).toContainText('"optionId":"proceed_once"')
  })
}

for (const width of [900, 1280]) {
  test(`at ${width} px Codex's long option names wrap inside the tray and focus never scrolls it sideways`, async ({
    app: page,
  }) => {
    await page.setViewportSize({ width, height: 800 })
    const tray = permissionTray(page)
    await sendMessage(page, 'Codex-style options')
    await waitUntilArmed(tray)
    const box = await tray.boundingBox()
    const options = tray.getByRole('list', { name: 'Options' }).getByRole('button')
    await expect(options).toHaveCount(3)
    for (const option of await options.all()) {
      const b = await option.boundingBox()
      expect(b && box && b.x >= box.x && b.x + b.width <= box.x + box.width + 0.5).toBe(true)
    }
    await page.keyboard.press('3')
    await expect(
      tray.getByRole('button', { name: 'No, and tell Codex what to do differently' }),
    ).toBeFocused()
    const scrolled = await tray.evaluate((el) => {
      let node: Element | null = el
      let sideways = 0
      while (node) {
        sideways += node.scrollLeft
        node = node.parentElement
      }
      return sideways + (document.scrollingElement?.scrollLeft ?? 0)
    })
    expect(scrolled).toBe(0)
    // The main action: filled, or outlined in the danger colour when the call is high risk.
    const high = await tray.evaluate((el) => el.classList.contains('is-high-risk'))
    await expect(tray.getByRole('button', { name: 'Yes, proceed' })).toHaveClass(
      high ? /button-danger-outline/ : /button-primary/,
    )
    await shoot(page, `test-results/agent-permission-long-${width}.png`)
    await tray.getByRole('button', { name: 'Yes, proceed' }).click()
    await expect(conversation(page)).toContainText('"optionId":"approved"')
  })
}

test('a form with every field type: each problem at its field, then answered; declined; cancelled; two identical forms each get their own answer', async ({
  app: page,
}) => {
  const tray = formTray(page)
  await sendMessage(page, 'Set up the release')
  await expect(tray.getByText('Fake Agent asks')).toBeVisible()
  await expect(tray.getByText('Set up the release.')).toBeVisible()

  const project = tray.getByRole('textbox', { name: 'Project name' })
  const email = tray.getByRole('textbox', { name: 'Contact email' })
  const workers = tray.getByRole('spinbutton', { name: 'Workers' })
  const ratio = tray.getByRole('spinbutton', { name: 'Sample ratio' })
  const channel = tray.getByRole('radiogroup', { name: 'Channel' })
  const targets = tray.getByRole('group', { name: 'Targets' })
  await project.fill('ab')
  await email.fill('dev at example')
  await workers.fill('17')
  await ratio.fill('1e')
  await tray.getByRole('button', { name: 'Submit' }).click()
  await expectInvalid(project, 'Too short: at least 3 characters (now 2).')
  await expect(project).toBeFocused()
  await expectInvalid(email, 'Enter an email address, like name@example.com.')
  await expectInvalid(workers, 'Must be at most 16.')
  await expectInvalid(ratio, 'Enter a number, like 42 or 3.5.')
  await expectInvalid(channel, 'Required: choose one.')
  await expectInvalid(targets, 'Required: choose at least one.')
  await expect(tray.getByRole('checkbox', { name: 'Notify the team' })).not.toHaveAttribute(
    'aria-invalid',
  )

  await project.fill('parley')
  await expect(project).not.toHaveAttribute('aria-invalid')
  await email.fill('dev@example.com')
  await workers.fill('8')
  await ratio.fill('0.25')
  await tray.getByRole('checkbox', { name: 'Notify the team' }).check()
  await channel.getByRole('radio', { name: 'Beta' }).check()
  await targets.getByRole('checkbox', { name: 'Linux' }).check()
  await targets.getByRole('checkbox', { name: 'Windows' }).check()
  await tray.getByRole('button', { name: 'Submit' }).click()
  await expect(conversation(page)).toContainText(
    'The agent received {"result":{"action":"accept","content":{"project":"parley","email":"dev@example.com","workers":8,"ratio":0.25,"notify":true,"channel":"beta","targets":["linux","win"]}}}',
  )

  await sendMessage(page, 'Set up the release again')
  await project.fill('half typed')
  await tray.getByRole('button', { name: 'Decline' }).click()
  await expect(conversation(page)).toContainText(
    'The agent received {"result":{"action":"decline"}}',
  )
  await sendMessage(page, 'Set up the release once more')
  await tray.getByRole('button', { name: 'Cancel' }).click()
  await expect(conversation(page)).toContainText(
    'The agent received {"result":{"action":"cancel"}}',
  )

  // Two identical forms at once: one tray, the other waiting; each answer reaches its own request
  // (the agent waits for the second first).
  await sendMessage(page, 'Two previews please')
  await expect(tray.getByRole('button', { name: '1 more waiting' })).toBeVisible()
  await tray.getByRole('spinbutton', { name: 'Port' }).fill('4001')
  await tray.getByRole('button', { name: 'Submit' }).click()
  await expect(tray.getByRole('button', { name: /more waiting/ })).toBeHidden()
  await tray.getByRole('spinbutton', { name: 'Port' }).fill('4002')
  await tray.getByRole('button', { name: 'Submit' }).click()
  await expect(conversation(page)).toContainText(
    'Second request got {"result":{"action":"accept","content":{"port":4002}}}. First request got {"result":{"action":"accept","content":{"port":4001}}}.',
  )
})

test('an agent that dies mid-question leaves its form orphaned, sent on as a message; after a kill a half-filled form comes back orphaned with its draft', async ({
  app: page,
  folders,
  server,
}) => {
  const tray = formTray(page)
  await sendMessage(page, 'Ask then exit')
  await expect(tray.getByText('Fake Agent is no longer waiting')).toBeVisible()
  await expect(page.getByRole('alert')).toContainText(/exited/)
  for (const name of ['Submit', 'Decline', 'Cancel', 'Stop'])
    await expect(tray.getByRole('button', { name, exact: true })).toBeHidden()
  await tray.getByRole('textbox', { name: 'Project name' }).fill('parley')
  await tray.getByRole('button', { name: 'Send as message' }).click()
  await expect(tray).toBeHidden()
  await expect(conversation(page)).toContainText('- Project name: parley')
  await expect(conversation(page)).toContainText('Thanks, your message reached the agent.')

  await sendMessage(page, 'Half a form')
  await tray.getByRole('textbox', { name: 'Project name' }).fill('kept')
  await tray.getByRole('radio', { name: 'beta' }).check()
  // The draft is on disk (beside the log) before the crash.
  await expect
    .poll(() => {
      const dir = join(folders.dataDir, 'drafts')
      return existsSync(dir) ? readdirSync(dir).map((f) => readFileSync(join(dir, f), 'utf8')) : []
    })
    .toEqual([expect.stringMatching(/"text":"kept".*"index":1/)])
  await server.kill()
  const restarted = await startParleyServer('journey.json', folders, {}, { acp: AGENT })
  try {
    await page.goto(restarted.url)
    await expect(tray.getByText('Fake Agent is no longer waiting')).toBeVisible()
    await expect(tray.getByText(/waiting since/)).toBeVisible()
    await expect(tray.getByRole('textbox', { name: 'Project name' })).toHaveValue('kept')
    await expect(tray.getByRole('radio', { name: 'beta' })).toBeChecked()
    await tray.getByRole('button', { name: 'Dismiss' }).click()
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible()
  } finally {
    await restarted.stop()
  }
})
