import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { expect, test } from './fixtures'
import { shootAll } from './screens'

/**
 * An MCP server that needs sign-in at start, outside any turn (the MCP conformance suite's
 * OAuth-protected `auth/metadata-default` server): a notice above the composer with its Sign in,
 * instead of a bare "failed"; signed in through the browser, the notice closes and Settings says
 * Signed in.
 */

const work = mkdtempSync(join(tmpdir(), 'parley-e2e-mcp-sign-in-'))
const config = join(work, 'mcp.json')
let server: ChildProcess | undefined

test.beforeAll(async () => {
  const conformance = resolve('node_modules/@modelcontextprotocol/conformance/dist/index.js')
  const child = spawn(
    resolve('node_modules/.bin/node'),
    [conformance, 'client', '--scenario', 'auth/metadata-default'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  server = child
  const url = await new Promise<string>((found, failed) => {
    let output = ''
    const read = (chunk: Buffer) => {
      output += chunk.toString()
      const match = /Server URL: (\S+)/.exec(output)
      if (match?.[1]) found(match[1])
    }
    child.stdout.on('data', read)
    child.stderr.on('data', read)
    child.once('exit', () => failed(new Error(`the conformance server exited:\n${output}`)))
  })
  writeFileSync(config, JSON.stringify({ mcpServers: { tracker: { type: 'http', url } } }))
})

test.afterAll(() => {
  server?.kill()
  rmSync(work, { recursive: true, force: true })
})

test.use({ serverOptions: { mcpConfig: config } })

test('a server needing sign-in at start shows a notice with Sign in; signed in, the notice closes', async ({
  app: page,
}) => {
  const notices = page.getByRole('list', { name: 'MCP servers to sign in to' })
  await expect(notices).toContainText('MCP server tracker needs you to sign in')
  const signIn = notices.getByRole('button', { name: 'Sign in to tracker' })
  await expect(signIn).toBeVisible()
  await shootAll(page, 'mcp-sign-in-notice')

  // The authorization page opens from the click; the test server approves at once and sends
  // the browser back to Parley's loopback listener.
  const popup = page.waitForEvent('popup')
  await signIn.click()
  await (await popup).waitForLoadState()
  await expect(notices).toBeHidden({ timeout: 15_000 })

  await page.getByRole('button', { name: 'Settings' }).click()
  await page.getByRole('tab', { name: 'MCP servers' }).click()
  const row = page.getByRole('list', { name: 'MCP servers' }).getByRole('listitem').first()
  await expect(row).toContainText('Signed in')
  await expect(row).toContainText('Status: Ready')
})
