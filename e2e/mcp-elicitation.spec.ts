import { rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { readEndedSessionLog, type LogRecord } from './acceptance-log'
import { expect, sendMessage, test } from './fixtures'

/**
 * A real MCP server the project did not write, `@modelcontextprotocol/server-everything`, given
 * with `--mcp-config`: Parley's (scripted) agent calls its elicitation tool, the server's form
 * lands in the same tray named as the server, and the server receives exactly what was chosen —
 * it says so in its tool result ("Raw result: …"), which the agent reads back.
 */

const require = createRequire(import.meta.url)
const TOOL = 'mcp__everything__trigger-elicitation-request'
const CONFIG = join(tmpdir(), `parley-e2e-mcp-${process.pid}.json`)

test.beforeAll(() => {
  const everything = require.resolve('@modelcontextprotocol/server-everything/dist/index.js')
  const server = { command: process.execPath, args: [everything, 'stdio'] }
  writeFileSync(CONFIG, JSON.stringify({ mcpServers: { everything: server } }))
})
test.afterAll(() => rmSync(CONFIG, { force: true }))
test.use({
  scenario: 'mcp-elicitation.json',
  fakeDelayMs: '0',
  serverOptions: { mcpConfig: CONFIG },
})

const conversation = (page: Page) => page.getByRole('log', { name: 'Conversation' })

/** What the server says it received ("Raw result: {…}" in its text), per call, from the log. */
function rawResults(log: LogRecord[]): unknown[] {
  return log
    .filter((r) => r.type === 'tool_result' && r.tool === TOOL)
    .map((r) => {
      const { content } = r.output as { content: Array<{ type: string; text?: string }> }
      const text = content.map((c) => c.text ?? '').join('\n')
      return JSON.parse(text.slice(text.indexOf('Raw result: ') + 'Raw result: '.length))
    })
}

test('its elicitation form is shown in the tray, named as the server, and the server receives the answer, a decline and a cancel', async ({
  app: page,
  folders,
}) => {
  const permission = page.getByRole('region', { name: 'Permission request' })
  const tray = page.getByRole('region', { name: 'Agent question' })

  await sendMessage(page, 'Ask me for my details')
  // Every MCP tool call asks first in ask mode.
  await permission.getByRole('button', { name: 'Allow' }).click()
  await expect(tray.getByText('MCP server everything asks')).toBeVisible()
  await expect(tray.getByText('Please provide inputs for the following fields:')).toBeVisible()
  await tray.getByRole('button', { name: 'Submit' }).click()
  await expect(tray.getByRole('textbox', { name: 'String', exact: true })).toHaveAttribute(
    'aria-invalid',
    'true',
  )
  await tray.getByRole('textbox', { name: 'String', exact: true }).fill('Ada Lovelace')
  await tray.getByRole('checkbox', { name: 'Boolean' }).check()
  await tray.getByRole('textbox', { name: 'String with email format' }).fill('ada@example.com')
  await tray.getByRole('spinbutton', { name: 'Integer' }).fill('7')
  await tray.getByRole('checkbox', { name: 'Piano' }).check()
  await tray
    .getByRole('radiogroup', { name: 'Titled Single Select Enum' })
    .getByRole('radio', { name: 'Wonder Woman' })
    .check()
  await tray.getByRole('button', { name: 'Submit' }).click()
  await expect(conversation(page)).toContainText('- Name: Ada Lovelace')
  await expect(conversation(page)).toContainText('- Favorite Integer: 7')

  await sendMessage(page, 'Ask me again')
  await permission.getByRole('button', { name: 'Allow' }).click()
  await tray.getByRole('button', { name: 'Decline' }).click()
  await expect(conversation(page)).toContainText(
    'User declined to provide the requested information',
  )

  await sendMessage(page, 'And once more')
  await permission.getByRole('button', { name: 'Allow' }).click()
  await tray.getByRole('button', { name: 'Cancel' }).click()
  await expect(conversation(page)).toContainText('User cancelled the elicitation dialog')

  expect(rawResults(await readEndedSessionLog(folders.dataDir))).toEqual([
    {
      action: 'accept',
      content: {
        name: 'Ada Lovelace',
        check: true,
        firstLine: 'It was a dark and stormy night.',
        email: 'ada@example.com',
        integer: 7,
        number: 3.14,
        untitledSingleSelectEnum: 'Monica',
        untitledMultipleSelectEnum: ['Guitar', 'Piano'],
        titledSingleSelectEnum: 'hero-3',
        titledMultipleSelectEnum: ['fish-1'],
        legacyTitledEnum: 'pet-1',
      },
    },
    { action: 'decline' },
    { action: 'cancel' },
  ])
})
