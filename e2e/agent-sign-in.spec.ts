import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { expect, sendMessage, test, waitUntilArmed } from './fixtures'
import { fakeAgentCommand } from './parley-server'
import { shootAll } from './screens'

/**
 * An ACP agent named with `--acp` that answers "authentication required" until it has
 * ANTHROPIC_API_KEY, which Parley has and keeps from agents: the sign-in tray names the
 * agent's own terminal login and offers to give it the key; given, the same turn finishes.
 */

const KEY = 'sk-ant-e2e-given'
test.use({
  serverOptions: { acp: fakeAgentCommand('sign-in.json') },
  serverEnv: { ANTHROPIC_API_KEY: KEY },
  fakeDelayMs: '0',
})

const tray = (page: Page) => page.getByRole('region', { name: 'Agent question' })
const conversation = (page: Page) => page.getByRole('log', { name: 'Conversation' })

test('sign-in tray: the agent’s terminal login, the key Parley keeps, and “Give … my ANTHROPIC_API_KEY” finishing the same turn', async ({
  app: page,
  folders,
}) => {
  await sendMessage(page, 'Hello')
  const signIn = tray(page)
  await expect(signIn.getByText(/needs you to sign in/)).toBeVisible()
  await expect(signIn.getByText('Parley keeps your ANTHROPIC_API_KEY from agents.')).toBeVisible()
  const ways = signIn.getByRole('list', { name: 'Ways to sign in' })
  await expect(ways.getByText('Anthropic Console', { exact: true })).toBeVisible()
  await expect(ways.getByText(/--cli auth login --console$/)).toBeVisible()
  await expect(signIn.getByRole('button', { name: 'Copy command' })).toBeVisible()
  const give = signIn.getByRole('button', { name: /^Give .+ my ANTHROPIC_API_KEY$/ })
  await expect(give).toHaveClass(/button-primary/)
  await expect(signIn.getByRole('button', { name: 'I signed in' })).toBeVisible()
  await expect(signIn.getByRole('button', { name: 'Not now' })).toBeVisible()
  // The message box is taken over while the agent waits.
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeHidden()
  await waitUntilArmed(signIn)
  await shootAll(page, 'tray-agent-sign-in')

  await give.click()
  await expect(signIn).toBeHidden()
  await expect(conversation(page)).toContainText('Signed in: the key reached the agent.')
  // Kept in the secret store (the 0600 file here), in no other file of the data folder.
  const secrets = JSON.parse(readFileSync(join(folders.dataDir, 'secrets.json'), 'utf8')) as Record<
    string,
    string
  >
  const [name, value] = Object.entries(secrets)[0] ?? []
  expect(name).toMatch(/^agentEnv:command-line:/)
  expect(JSON.parse(value ?? '{}')).toEqual({ ANTHROPIC_API_KEY: KEY })
  const others = readdirSync(folders.dataDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name !== 'secrets.json')
    .map((entry) => join(entry.parentPath, entry.name))
  expect(others.some((file) => file.endsWith('.jsonl'))).toBe(true)
  for (const file of others) expect(readFileSync(file, 'utf8'), file).not.toContain(KEY)

  // The next session starts the agent with the key: no sign-in asked.
  await page.getByRole('button', { name: 'New session' }).first().click()
  await sendMessage(page, 'Hello again')
  await expect(conversation(page)).toContainText('Signed in: the key reached the agent.')
  await expect(signIn).toBeHidden()
})

test('sign-in tray: Not now ends the turn with the agent’s sign-in help in the transcript', async ({
  app: page,
}) => {
  await sendMessage(page, 'Hello')
  const signIn = tray(page)
  await waitUntilArmed(signIn)
  await signIn.getByRole('button', { name: 'Not now' }).click()
  await expect(signIn).toBeHidden()
  await expect(conversation(page)).toContainText('needs you to sign in')
  await expect(conversation(page)).toContainText(
    'Parley keeps your ANTHROPIC_API_KEY from agents. Send your message again and choose “Give',
  )
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible()
})
