import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { render } from 'ink-testing-library'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { App } from './app'
import { editInEditor } from './external-editor'
import { createFakeBridge } from './testing/fake-bridge'
import { KEYS, plainFrame, press, waitForFrame } from './testing/ink-driver'
import { startApp, unmountApps } from './testing/start-app'

const CTRL_R = '\u0012'
const CTRL_G = '\u0007'
const cleanups: Array<() => void> = []
afterEach(() => {
  unmountApps()
  for (const cleanup of cleanups.splice(0)) cleanup()
})

async function ready() {
  const started = startApp(createFakeBridge(), { size: { columns: 80, rows: 24 } })
  await waitForFrame(started.app, 'Message')
  return started
}

describe('the composer habits of terminal agents', () => {
  test('↑ brings back a / command that was run, between the messages it came between', async () => {
    const fake = createFakeBridge({
      events: [{ type: 'user_message', at: 1, turnId: 't0', text: 'hello there' }],
    })
    const { app } = startApp(fake, { sessionId: 's1' })
    await waitForFrame(app, 'Message')
    await press(app, '/mode execute', '│ › /mode execute')
    await press(app, KEYS.enter, 'execute ·')
    await press(app, KEYS.up, '│ › /mode execute')
    await press(app, KEYS.up, '│ › hello there')
    await press(app, KEYS.down, '│ › /mode execute')
  })

  test('Ctrl+R finds a sent text by letters in order; Enter puts it in the box, Esc leaves the draft', async () => {
    const { app } = await ready()
    await press(app, '/mode execute', '› /mode execute')
    await press(app, KEYS.enter, 'execute ·')
    await press(app, '/help', '› /help')
    await press(app, KEYS.enter, 'Commands:')
    await press(app, 'draft', '› draft')
    await press(app, CTRL_R, 'search:')
    let frame = await press(app, 'mdx', '› /mode execute')
    expect(frame).toContain('1 of 1')
    await press(app, KEYS.escape, '› draft')
    await press(app, CTRL_R + 'hlp', '› /help')
    frame = await press(app, KEYS.enter, (f) => !f.includes('search:'))
    expect(frame).toContain('› /help')
  })

  test('Ctrl+G opens the draft in $EDITOR with the terminal handed over, and what it saved is the draft', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'fake-editor-'))
    cleanups.push(() => rmSync(folder, { recursive: true, force: true }))
    const script = join(folder, 'editor.sh')
    writeFileSync(script, '#!/bin/sh\nprintf "\\nand a second line\\n" >> "$1"\n')
    chmodSync(script, 0o755)
    const edited = vi.fn((draft: string) => editInEditor(draft, { EDITOR: script }))
    const fake = createFakeBridge()
    const app = render(
      <App
        bridge={fake.bridge}
        onExit={() => {}}
        size={{ columns: 80, rows: 24 }}
        hyperlinks={false}
        editDraft={edited}
      />,
    )
    cleanups.push(() => app.unmount())
    await waitForFrame(app, 'Message')
    await press(app, 'first line', '› first line')
    await press(app, CTRL_G, 'and a second line')
    expect(edited).toHaveBeenCalledWith('first line')
    expect(plainFrame(app)).toMatch(/› first line\s*│\n│\s+and a second line/)
  })
})
