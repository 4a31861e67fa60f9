import { afterEach, describe, expect, test, vi } from 'vitest'
import { render } from 'ink-testing-library'
import { App } from './app'
import { createFakeBridge } from './testing/fake-bridge'
import { added, permission, question } from './testing/fixtures'
import { press, waitForFrame } from './testing/ink-driver'
import type { TerminalEnv } from './attention-signal'

const BEL = '\u0007'
const ESC = '\u001b'
const mounted: Array<{ unmount(): void }> = []
afterEach(() => {
  for (const app of mounted.splice(0)) app.unmount()
})

/** The client with its bell and notifications going to `written`, as a terminal or a pipe. */
async function start(env: TerminalEnv, isTTY = true, fake = createFakeBridge(), first = 'Message') {
  const written: string[] = []
  const out = { isTTY, write: (bytes: string) => written.push(bytes) }
  const app = render(
    <App
      bridge={fake.bridge}
      sessionId={first === 'Message' ? undefined : 's1'}
      onExit={vi.fn()}
      size={{ columns: 80, rows: 24 }}
      hyperlinks={false}
      attention={{ env, out }}
    />,
  )
  mounted.push(app)
  await waitForFrame(app, first)
  return { app, fake, written }
}

describe('a prompt that arrives is signalled (issue 33, the terminal)', () => {
  test('the bell rings in a terminal not known to show notifications', async () => {
    const { app, fake, written } = await start({ TERM: 'xterm-256color' })
    expect(written).toEqual([])
    fake.emit(added(permission()))
    await waitForFrame(app, 'Permission request')
    await vi.waitFor(() => expect(written).toEqual([BEL]))
  })

  test('under iTerm2 the bell and OSC 9 say which session waits and what is asked', async () => {
    const { app, fake, written } = await start({ TERM_PROGRAM: 'iTerm.app' })
    fake.emit(added(question()))
    await waitForFrame(app, 'Question 1 / 2')
    await vi.waitFor(() => expect(written).toHaveLength(1))
    expect(written[0]).toMatch(
      new RegExp(`^${BEL}${ESC}\\]9;.+ needs your input: Which language\\?${BEL}$`),
    )
  })

  test('inside tmux the OSC 9 is wrapped for passthrough', async () => {
    const { app, fake, written } = await start({ TERM_PROGRAM: 'WezTerm', TMUX: '/tmp/t,1,0' })
    fake.emit(added(permission()))
    await waitForFrame(app, 'Permission request')
    await vi.waitFor(() => expect(written).toHaveLength(1))
    expect(written[0]?.startsWith(`${BEL}${ESC}Ptmux;${ESC}${ESC}]9;`)).toBe(true)
    expect(written[0]?.endsWith(`${ESC}\\`)).toBe(true)
  })

  test('nothing is written into a pipe', async () => {
    const { app, fake, written } = await start({ TERM_PROGRAM: 'iTerm.app' }, false)
    fake.emit(added(permission()))
    await waitForFrame(app, 'Permission request')
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(written).toEqual([])
  })

  test('/notify off silences it and is saved as the terminalNotify setting', async () => {
    const { app, fake, written } = await start({ TERM_PROGRAM: 'iTerm.app' })
    await press(app, '/notify off\r', 'now sends nothing')
    expect(fake.callsOf('updateSettings')).toEqual([{ terminalNotify: 'off' }])
    fake.emit(added(permission()))
    await waitForFrame(app, 'Permission request')
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(written).toEqual([])
  })

  test('a request already waiting when the session opens rings nothing; one more after it does', async () => {
    const fake = createFakeBridge({ pending: [permission()] })
    const { app, written } = await start({ TERM: 'xterm' }, true, fake, 'Permission request')
    expect(written).toEqual([])
    fake.emit(added(question({ requestId: 'q9' })))
    await waitForFrame(app, '1 more waiting')
    await vi.waitFor(() => expect(written).toEqual([BEL]))
  })
})
