// The conformance scenarios that need a person (an elicitation): `parley serve` with the same
// configuration, and real Chromium doing what the person would in the tray: send the message,
// allow the tool call, and submit the form as the tray shows it (its fields prefilled with the
// server's defaults).
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import process from 'node:process'
import { chromium } from '@playwright/test'

const LISTENING = /Parley listening on (\S+)/
const CHROMIUM = '/usr/bin/chromium'

/** Starts `parley serve` and resolves with its URL and process once it prints the listening line. */
function serve(root, args, env) {
  const child = spawn(process.execPath, [join(root, 'out/cli/parley.js'), 'serve', ...args], {
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  return new Promise((resolve, reject) => {
    let output = ''
    child.stdout.on('data', (chunk) => {
      output += chunk
      const found = LISTENING.exec(output)
      if (found) resolve({ url: found[1], child })
    })
    child.once('exit', (code) => reject(new Error(`parley serve exited with ${code}`)))
  })
}

/** Runs one turn through the web UI, answering the permission and the form as a person would. */
export async function answerInTray({ root, args, env }) {
  const { url, child } = await serve(root, ['--port', '0', ...args], env)
  const browser = await chromium.launch({
    ...(existsSync(CHROMIUM) ? { executablePath: CHROMIUM } : {}),
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-sync'],
  })
  try {
    const page = await browser.newPage()
    await page.goto(url)
    const box = page.getByRole('textbox', { name: 'Message' })
    await box.fill('run the conformance scenario')
    await box.press('Enter')
    await page
      .getByRole('region', { name: 'Permission request' })
      .getByRole('button', { name: 'Allow' })
      .click()
    const tray = page.getByRole('region', { name: 'Agent question' })
    await tray.and(page.locator('[data-armed="true"]')).waitFor()
    await tray.getByRole('button', { name: 'Submit' }).click()
    await page.getByRole('log', { name: 'Conversation' }).getByText('Result:').waitFor()
  } finally {
    await browser.close()
    child.kill('SIGTERM')
  }
}
