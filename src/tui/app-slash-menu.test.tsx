import { afterEach, describe, expect, test } from 'vitest'
import { createFakeBridge } from './testing/fake-bridge'
import { KEYS, press, waitForFrame } from './testing/ink-driver'
import { startApp, unmountApps } from './testing/start-app'
import { SLASH_COMMANDS } from './slash-commands'

afterEach(unmountApps)

async function ready(size: { columns: number; rows: number }) {
  const started = startApp(createFakeBridge(), { size })
  await waitForFrame(started.app, 'Message')
  return started
}

describe('the slash menu in the terminal client', () => {
  test('at 120×40 typing / lists every command', async () => {
    const { app } = await ready({ columns: 120, rows: 40 })
    const frame = await press(app, '/', '/quit')
    for (const command of SLASH_COMMANDS) expect(frame).toContain(command.usage)
    expect(frame).not.toMatch(/[↑↓] \d+ more/)
  })

  test('in a short terminal the menu says how many are below and scrolls with ↓ to the last one', async () => {
    const { app } = await ready({ columns: 80, rows: 16 })
    let frame = await press(app, '/', /↓ \d+ more/.test.bind(/↓ \d+ more/))
    expect(frame).toContain('❯ /help')
    expect(frame).not.toContain('/quit')
    for (let i = 1; i < SLASH_COMMANDS.length; i += 1) app.stdin.write(KEYS.down)
    frame = await waitForFrame(app, '❯ /quit')
    expect(frame).toMatch(/↑ \d+ more/)
    expect(frame).not.toMatch(/↓ \d+ more/)
    // The message box still holds the lone slash: ↓ moved in the menu, not through the history.
    expect(frame).toContain('› /')
  })

  test('Enter on a partly typed command runs the highlighted one', async () => {
    const { app } = await ready({ columns: 80, rows: 24 })
    await press(app, '/he', '❯ /help')
    await press(app, KEYS.enter, '/sessions — pick a session to open')
  })
})
