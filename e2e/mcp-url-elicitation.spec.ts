import { rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { expect, sendMessage, test } from './fixtures'

/**
 * URL-mode elicitation from an MCP server (the scripted server, its own process): the tray shows
 * the whole link with its host emphasised and warns about an international host; the page opens
 * only when the person clicks Open, and the tray then waits until the server says it is done.
 */

const root = resolve(import.meta.dirname, '..')
const CONFIG = join(tmpdir(), `parley-e2e-mcp-url-${process.pid}.json`)

test.beforeAll(() => {
  const server = {
    // The scripted server is TypeScript run by Node's type stripping: the pinned Node 24.
    command: join(root, 'node_modules/.bin/node'),
    args: [join(root, 'src/main/runtime/mcp/testing/scripted-server.ts')],
  }
  writeFileSync(CONFIG, JSON.stringify({ mcpServers: { scripted: server } }))
})
test.afterAll(() => rmSync(CONFIG, { force: true }))
test.use({
  scenario: 'mcp-url-elicitation.json',
  fakeDelayMs: '0',
  serverOptions: { mcpConfig: CONFIG },
})

test('a page the server wants opened is shown, opened only on click, and the wait ends when the server says done', async ({
  app: page,
}) => {
  const permission = page.getByRole('region', { name: 'Permission request' })
  const tray = page.getByRole('region', { name: 'Agent question' })
  const opened: string[] = []
  page.context().on('page', (tab) => opened.push(tab.url()))

  await sendMessage(page, 'deploy')
  await permission.getByRole('button', { name: 'Allow' }).click()
  await expect(
    tray.getByText('MCP server scripted wants you to open a page at 127.0.0.1'),
  ).toBeVisible()
  await expect(tray.getByText('Approve the deploy')).toBeVisible()
  const link = tray.getByLabel('Link')
  await expect(link).toContainText(/^http:\/\/127\.0\.0\.1:\d+\/finish\?e=e\d+$/)
  await expect(link.locator('strong')).toHaveText(/^127\.0\.0\.1:\d+$/)
  expect(opened).toEqual([])

  const [tab] = await Promise.all([
    page.context().waitForEvent('page'),
    tray.getByRole('button', { name: 'Open' }).click(),
  ])
  await tab.waitForLoadState()
  expect(tab.url()).toMatch(/\/finish\?e=e\d+$/)
  // The server's completion notification closes the wait; the call then returns.
  await expect(page.getByRole('log', { name: 'Conversation' })).toContainText(
    'then the page was opened',
  )
  await expect(tray).toHaveCount(0)
})

test('an international host imitating the name in the text is flagged, and Decline answers decline', async ({
  app: page,
}) => {
  const permission = page.getByRole('region', { name: 'Permission request' })
  const tray = page.getByRole('region', { name: 'Agent question' })
  await sendMessage(page, 'pay')
  await permission.getByRole('button', { name: 'Allow' }).click()
  const warnings = tray.getByRole('list', { name: 'Warnings' })
  await expect(warnings).toContainText('international letters (xn--pple-43d.com)')
  await expect(warnings).toContainText(
    'The text names apple.com, but the link goes to xn--pple-43d.com',
  )
  await tray.getByRole('button', { name: 'Decline' }).click()
  await expect(page.getByRole('log', { name: 'Conversation' })).toContainText(
    'The server replied: {"content":[{"type":"text","text":"{"action":"decline"}"}]}',
  )
})
