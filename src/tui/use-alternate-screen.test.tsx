import { render, Text } from 'ink'
import { PassThrough } from 'node:stream'
import { useLayoutEffect, useState } from 'react'
import { afterEach, describe, expect, test } from 'vitest'
import {
  ENTER_ALTERNATE_SCREEN,
  LEAVE_ALTERNATE_SCREEN,
  useAlternateScreen,
  type AlternateScreen,
} from './use-alternate-screen'
import { waitForFrame } from './testing/ink-driver'

/** A terminal (or a pipe) that keeps everything written to it. */
class FakeStdout extends PassThrough {
  written = ''
  readonly columns = 40
  readonly rows = 10
  constructor(readonly isTTY: boolean) {
    super()
    this.on('data', (chunk: Buffer) => (this.written += chunk.toString()))
  }
}

/** The app's pattern: enter before the view renders, leave once it is gone. */
function Harness({ expose }: { expose: (controls: Controls) => void }) {
  const screen = useAlternateScreen()
  const [open, setOpen] = useState(false)
  const { leave } = screen
  useLayoutEffect(() => {
    if (!open) void leave()
  }, [open, leave])
  expose({
    screen,
    open: () => {
      screen.enter()
      setOpen(true)
    },
    close: () => setOpen(false),
  })
  return <Text>{open ? 'THE OUTPUT VIEW' : 'THE MESSAGE BOX'}</Text>
}

interface Controls {
  screen: AlternateScreen
  open(): void
  close(): void
}

const unmounts: Array<() => void> = []
afterEach(() => {
  for (const unmount of unmounts.splice(0)) unmount()
})

function start(isTTY: boolean) {
  const stdout = new FakeStdout(isTTY)
  let controls: Controls | null = null
  const app = render(<Harness expose={(c) => (controls = c)} />, {
    stdout: stdout as unknown as NodeJS.WriteStream,
    stdin: new PassThrough() as unknown as NodeJS.ReadStream,
    interactive: true,
    patchConsole: false,
    exitOnCtrlC: false,
  })
  unmounts.push(() => app.unmount())
  const handle = { lastFrame: () => stdout.written, stdin: { write: () => undefined } }
  const get = (): Controls => {
    if (!controls) throw new Error('the harness did not render')
    return controls
  }
  return { stdout, handle, get }
}

describe('the alternate screen for a view that fills the terminal', () => {
  test('the view is drawn only after switching to the alternate screen, and the message box again after switching back', async () => {
    const { stdout, handle, get } = start(true)
    await waitForFrame(handle, 'THE MESSAGE BOX')
    get().open()
    await waitForFrame(handle, 'THE OUTPUT VIEW')
    const entered = stdout.written.indexOf(ENTER_ALTERNATE_SCREEN)
    expect(entered).toBeGreaterThan(-1)
    expect(stdout.written.indexOf('THE OUTPUT VIEW')).toBeGreaterThan(entered)
    expect(get().screen.active).toBe(true)

    const before = stdout.written.length
    get().close()
    await waitForFrame(handle, () => stdout.written.slice(before).includes('THE MESSAGE BOX'))
    const after = stdout.written.slice(before)
    const left = after.indexOf(LEAVE_ALTERNATE_SCREEN)
    expect(left).toBeGreaterThan(-1)
    // Drawn again on the normal screen, where the transcript is.
    expect(after.lastIndexOf('THE MESSAGE BOX')).toBeGreaterThan(left)
    await waitForFrame(handle, () => !get().screen.active)
  })

  test('where the output is not a terminal nothing switches', async () => {
    const { stdout, handle, get } = start(false)
    await waitForFrame(handle, 'THE MESSAGE BOX')
    get().open()
    await waitForFrame(handle, 'THE OUTPUT VIEW')
    get().close()
    await get().screen.leave()
    expect(stdout.written).not.toContain(ENTER_ALTERNATE_SCREEN)
    expect(stdout.written).not.toContain(LEAVE_ALTERNATE_SCREEN)
    expect(get().screen.active).toBe(false)
  })
})
