import { resolve } from 'node:path'
import type { Page } from '@playwright/test'
import { expect, sendMessage, test, waitUntilArmed } from './fixtures'
import { shootAll } from './screens'
import { WORKSPACE_ECHO_SERVER } from './workspace-echo-server'

/**
 * Named ACP agents and MCP servers through the web host: an agent added in Settings, chosen in the
 * New-session menu, talked to and switched to another of its modes; a workspace's `.mcp.json`
 * approved from the banner, then ready with its tools in Settings and restarted. Screenshots of
 * each state in both themes at 1280 and 900 px, checked with axe.
 */

const FAKE_AGENT = resolve('src/main/runtime/acp/testing/fake-acp-agent.ts')
const AGENT_SCRIPT = resolve('e2e/scenarios/acp-agent.json')

const settingsPanel = (page: Page) => page.getByRole('complementary', { name: 'Settings' })

test.describe('a named ACP agent', () => {
  test('is added in Settings, chosen for a new session, answers, and switches its mode', async ({
    app: page,
  }) => {
    await page.getByRole('button', { name: 'Settings' }).click()
    const settings = settingsPanel(page)
    await settings.getByRole('tab', { name: 'Agents' }).click()
    await expect(settings.getByRole('list', { name: 'Agents' })).toContainText('Claude Code')

    await settings.getByRole('button', { name: 'Add agent' }).click()
    const editor = settings.getByRole('form', { name: 'New agent' })
    await editor.getByRole('button', { name: 'Save agent' }).click()
    // Each problem is said at its field.
    await expect(editor.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(
      'Give the agent a name.',
    )
    await editor.getByRole('textbox', { name: 'Name' }).fill('Scripted agent')
    // Run by the Node that runs these tests (it runs the TypeScript file as it is).
    await editor
      .getByRole('textbox', { name: 'Command line' })
      .fill(`${process.execPath} --no-warnings ${FAKE_AGENT} ${AGENT_SCRIPT}`)
    await editor.getByRole('textbox', { name: 'Environment variables' }).fill('SCRIPT_MODE=e2e')
    await expect(editor).toContainText('with 3 arguments:')
    await shootAll(page, 'settings-agent-editor')
    await editor.getByRole('button', { name: 'Save agent' }).click()
    await expect(settings.getByRole('status')).toHaveText('Added Scripted agent.')
    await expect(settings.getByRole('button', { name: 'Edit Scripted agent' })).toBeFocused()
    await shootAll(page, 'settings-agents')
    await page.keyboard.press('Escape')

    // The New-session menu, by keyboard: open, move to the agent, choose it.
    const chooser = page.getByRole('button', { name: 'Choose the agent' })
    await chooser.focus()
    await page.keyboard.press('ArrowDown')
    const menu = page.getByRole('menu', { name: 'New session with' })
    await expect(menu.getByRole('menuitemradio', { name: 'Parley’s own agent' })).toBeFocused()
    await shootAll(page, 'agent-menu')
    await menu.getByRole('menuitemradio', { name: 'Scripted agent' }).focus()
    await page.keyboard.press('Enter')
    await expect(menu).toBeHidden()

    const intro = page.locator('.session-intro')
    await expect(intro).toContainText('Scripted agent')
    await expect(page.locator('.chat-header')).toContainText('Scripted agent')
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeFocused()
    await sendMessage(page, 'Hello there')
    const conversation = page.getByRole('log', { name: 'Conversation' })
    await expect(conversation).toContainText('Hello from the scripted agent.')

    // The agent's own modes, with their descriptions, in the mode picker.
    const modeButton = page.getByRole('button', { name: 'Agent mode: Ask' })
    await modeButton.click()
    const modes = page.getByRole('menu', { name: 'Scripted agent modes' })
    await expect(modes.getByRole('menuitemradio', { name: 'Plan' })).toHaveAccessibleDescription(
      'Plans only: reads files, changes nothing',
    )
    await shootAll(page, 'agent-modes')
    await modes.getByRole('menuitemradio', { name: 'Plan' }).click()
    await expect(page.getByRole('button', { name: 'Agent mode: Plan' })).toBeVisible()
    await expect(page.getByRole('combobox', { name: 'File access through Parley' })).toBeVisible()
    const row = page.getByRole('navigation', { name: 'Sessions' }).getByRole('link').first()
    // Once the agent has said its own name (initialize's agentInfo), the session carries it.
    await expect(row).toContainText('Agent: Scripted Agent')

    // Ctrl+N keeps the choice: the new session talks to the same agent.
    await page.keyboard.press('Control+n')
    await expect(intro).toContainText(/Scripted agent/i)
    await expect(page.getByRole('link')).toHaveCount(2)
  })
})

test.describe('the --acp agent', () => {
  test.use({
    serverArgs: [
      '--acp',
      `${process.execPath} --no-warnings ${FAKE_AGENT} ${resolve('e2e/scenarios/acp-agent-sign-in.json')}`,
    ],
  })

  test('is where new sessions start, and a sign-in it needs is said plainly with its methods', async ({
    app: page,
  }) => {
    await expect(page.locator('.session-intro')).toContainText('Agentfake-acp-agent')
    await sendMessage(page, 'Hello')
    // First the sign-in tray; put off, the turn ends with the methods said plainly.
    const signIn = page.getByRole('region', { name: 'Agent question' })
    await expect(signIn.getByRole('button', { name: 'Log in with a browser' })).toBeVisible()
    await expect(signIn).toContainText('Set SCRIPTED_API_KEY in fake-acp-agent')
    await waitUntilArmed(signIn)
    await signIn.getByRole('button', { name: 'Not now' }).click()
    const card = page.getByRole('alert')
    await expect(card).toContainText('needs you to sign in before it can start a session')
    await expect(card).toContainText('Log in with a browser (login). Opens a sign-in page.')
    await expect(card).toContainText('Use SCRIPTED_API_KEY (api-key) — set SCRIPTED_API_KEY')
    await expect(card.getByRole('button', { name: 'Retry' })).toHaveCount(0)
    await shootAll(page, 'agent-sign-in')
    await card.getByRole('button', { name: 'Open Settings' }).click()
    await expect(settingsPanel(page).getByRole('tab', { name: 'Agents' })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    await expect(settingsPanel(page)).toContainText('fake-acp-agentfrom --acp')
  })
})

test.describe("a workspace's MCP servers", () => {
  test.use({
    workspaceFiles: {
      '.mcp.json': JSON.stringify({
        mcpServers: { everything: { command: 'node', args: ['echo-server.js', 'stdio'] } },
      }),
      'echo-server.js': WORKSPACE_ECHO_SERVER,
    },
  })

  test('start only once approved from the banner; Settings shows them ready with their tools, and restarts them', async ({
    app: page,
  }) => {
    const banner = page.getByRole('region', {
      name: 'This workspace’s .mcp.json wants to start a program',
    })
    await expect(banner).toContainText('everything')
    await expect(banner).toContainText('echo-server.js stdio')
    await shootAll(page, 'mcp-approval-banner')

    await page.getByRole('button', { name: 'Settings' }).click()
    const settings = settingsPanel(page)
    await settings.getByRole('tab', { name: 'MCP servers' }).click()
    await expect(settings.getByRole('list', { name: 'MCP servers' })).toContainText(
      'Waiting for your approval',
    )
    await page.keyboard.press('Escape')

    await banner.getByRole('button', { name: 'Allow and start' }).click()
    await expect(banner).toBeHidden()

    await page.keyboard.press('Control+,')
    const server = settings.getByRole('list', { name: 'MCP servers' }).getByRole('listitem').first()
    await expect(server).toContainText('this workspace')
    await expect(server).toContainText(/Ready · \d+ tools?/)
    await expect(server.getByRole('list', { name: 'Tools of everything' })).toContainText('echo')
    await shootAll(page, 'settings-mcp')

    await server.getByRole('button', { name: 'Restart everything' }).click()
    await expect(server.getByRole('status')).toHaveText('everything restarted and is ready.')
    await expect(server).toContainText(/Ready · \d+ tools?/)
  })
})
