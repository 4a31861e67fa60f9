import { afterEach, describe, expect, test, vi } from 'vitest'
import { createFakeBridge } from './testing/fake-bridge'
import { logged } from './testing/fixtures'
import { waitForFrame } from './testing/ink-driver'
import { startApp, unmountApps } from './testing/start-app'
import { hyperlinkText, hyperlinksWanted } from './hyperlinks'

afterEach(() => {
  unmountApps()
  vi.unstubAllEnvs()
})

const TTY = { isTTY: true }

/** An environment with no say about links, in a terminal known to show them (kitty). */
function kitty(env: Record<string, string | undefined> = {}) {
  for (const name of [
    'CI',
    'FORCE_HYPERLINK',
    'FORCE_COLOR',
    'NO_COLOR',
    'TERM_PROGRAM',
    'VTE_VERSION',
  ])
    vi.stubEnv(name, undefined)
  vi.stubEnv('TERM', 'xterm-kitty')
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value)
  return { TERM: 'xterm-kitty', ...env }
}

describe('links in replies', () => {
  test('a terminal that shows hyperlinks gets them; NO_COLOR, a dumb terminal or a pipe do not', () => {
    expect(hyperlinksWanted(TTY, kitty())).toBe(true)
    expect(hyperlinksWanted({ isTTY: false }, kitty())).toBe(false)
    expect(hyperlinksWanted(TTY, kitty({ NO_COLOR: '1' }))).toBe(false)
    expect(hyperlinksWanted(TTY, kitty({ TERM: 'dumb' }))).toBe(false)
    expect(hyperlinksWanted(TTY, kitty({ NO_COLOR: '1', FORCE_HYPERLINK: '1' }))).toBe(true)
    expect(hyperlinksWanted(TTY, kitty({ FORCE_HYPERLINK: '0' }))).toBe(false)
  })

  test('a link in a reply is an OSC 8 hyperlink where the terminal has them, and plain text elsewhere', async () => {
    const reply = 'Read [the docs](https://example.com/docs) first.'
    const frames = await Promise.all(
      [true, false].map(async (hyperlinks) => {
        const fake = createFakeBridge()
        const { app } = startApp(fake, { hyperlinks })
        await waitForFrame(app, 'Message')
        fake.emit(logged({ type: 'assistant_text', at: 1, turnId: 't1', step: 0, text: reply }))
        await waitForFrame(app, 'first.')
        return app.lastFrame() ?? ''
      }),
    )
    const [linked = '', plain = ''] = frames
    expect(linked).toContain(hyperlinkText('the docs', 'https://example.com/docs'))
    expect(linked).toContain(hyperlinkText('https://example.com/docs', 'https://example.com/docs'))
    expect(plain).not.toContain('\u001b]8;')
    expect(plain).toContain('the docs (https://example.com/docs)')
  })

  test('a long URL is printed whole on its own row; while it is redrawn live it is cut to fit', async () => {
    const url = `https://example.com/${'segment/'.repeat(8)}end`
    const fake = createFakeBridge()
    const { app } = startApp(fake, { size: { columns: 40, rows: 20 } })
    await waitForFrame(app, 'Message')
    fake.emit({ type: 'turn_started', sessionId: 's1', turnId: 't1' })
    fake.emit({
      type: 'text_delta',
      sessionId: 's1',
      turnId: 't1',
      step: 0,
      text: `See ${url} now`,
    })
    let frame = await waitForFrame(app, 'See')
    // Live, the row is cut at the screen's edge.
    expect(frame).toMatch(/^ {2}https:\/\/example\.com\/segment\/\S*…$/m)
    expect(frame).not.toContain(url)
    for (const line of frame.split('\n')) expect([...line].length).toBeLessThanOrEqual(40)
    fake.emit(
      logged({ type: 'assistant_text', at: 1, turnId: 't1', step: 0, text: `See ${url} now` }),
    )
    fake.emit(logged({ type: 'turn_end', at: 2, turnId: 't1', reason: 'completed' }))
    frame = await waitForFrame(app, url)
    expect(frame.split('\n')).toContain(`  ${url}`)
  })

  test('the hyperlink carries its target and an id that joins its pieces across rows', () => {
    const a = hyperlinkText('https://example.com/', 'https://example.com/long')
    const b = hyperlinkText('long', 'https://example.com/long')
    // eslint-disable-next-line no-control-regex -- reading the escape sequence is the point
    const id = /^\u001b\]8;id=(\w+);https:\/\/example\.com\/long\u001b\\/.exec(a)?.[1]
    expect(id).toBeDefined()
    expect(b.startsWith(`\u001b]8;id=${id};https://example.com/long\u001b\\long`)).toBe(true)
    expect(b.endsWith('\u001b]8;;\u001b\\')).toBe(true)
  })
})
