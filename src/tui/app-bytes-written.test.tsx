import { render } from 'ink'
import { PassThrough } from 'node:stream'
import { afterEach, describe, expect, test } from 'vitest'
import { END_MARKER, mixedMarkdown } from '../../bench/stress-reply'
import { App } from './app'
import { terminalRenderOptions } from './render-options'
import { createFakeBridge } from './testing/fake-bridge'
import { logged } from './testing/fixtures'
import { waitForFrame } from './testing/ink-driver'

/** A 100×30 terminal that counts every byte written to it. */
class FakeTerminal extends PassThrough {
  written = ''
  bytes = 0
  readonly isTTY = true
  readonly columns = 100
  readonly rows = 30
  constructor() {
    super()
    this.on('data', (chunk: Buffer) => {
      this.bytes += chunk.length
      this.written += chunk.toString()
    })
  }
}

/** A terminal's keyboard that nobody types on (ink puts it in raw mode). */
class IdleKeyboard extends PassThrough {
  readonly isTTY = true
  setRawMode() {
    return this
  }
}

const unmounts: Array<() => void> = []
afterEach(() => {
  for (const unmount of unmounts.splice(0)) unmount()
})

/** The client as `parley tui` draws it, and a promise for its next drawn frame. */
function startTerminal() {
  const stdout = new FakeTerminal()
  const fake = createFakeBridge()
  let drawn: () => void = () => {}
  const app = render(<App bridge={fake.bridge} onExit={() => {}} colors hyperlinks={false} />, {
    ...terminalRenderOptions(
      stdout as unknown as NodeJS.WriteStream,
      new IdleKeyboard() as unknown as NodeJS.ReadStream,
    ),
    patchConsole: false,
    onRender: () => drawn(),
  })
  unmounts.push(() => app.unmount())
  const nextFrame = () => new Promise<void>((resolve) => (drawn = resolve))
  const screen = { lastFrame: () => stdout.written, stdin: { write: () => undefined } }
  return { stdout, fake, nextFrame, screen }
}

describe('bytes the terminal client writes', () => {
  test('a long reply drawn delta by delta writes at most three times its own size to the terminal, and all of it is shown', async () => {
    const { stdout, fake, nextFrame, screen } = startTerminal()
    await waitForFrame(screen, 'Enter send')
    // Mixed markdown (paragraphs, lists, code in several languages, tables), as the benchmark's.
    const reply = mixedMarkdown(12_000)
    const before = stdout.bytes
    fake.emit({ type: 'turn_started', sessionId: 's1', turnId: 't1' })
    // Every delta drawn before the next arrives: a model slow enough for each to be a frame.
    for (let at = 0; at < reply.length; at += 300) {
      const frame = nextFrame()
      fake.emit({
        type: 'text_delta',
        sessionId: 's1',
        turnId: 't1',
        step: 0,
        text: reply.slice(at, at + 300),
      })
      await frame
    }
    fake.emit(logged({ type: 'assistant_text', at: 1, turnId: 't1', step: 0, text: reply }))
    fake.emit(logged({ type: 'turn_end', at: 1, turnId: 't1', reason: 'completed' }))
    await waitForFrame(
      screen,
      (written) =>
        written.includes(END_MARKER) &&
        !written.slice(written.lastIndexOf(END_MARKER)).includes('Working…'),
    )

    const shown = stdout.written.slice(before)
    // eslint-disable-next-line no-control-regex -- what a person reads, without escape sequences
    const plain = shown.replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '')
    for (const heading of reply.match(/^#+ .+$/gm) ?? [])
      expect(plain).toContain(heading.replace(/^#+ /, ''))
    expect(plain).toContain(END_MARKER)
    // ink erases its frame for each print to the scrollback and draws it again; the frame writer
    // writes only the rows that are not on screen already (under four times the reply before).
    expect(stdout.bytes - before).toBeLessThanOrEqual(3 * Buffer.byteLength(reply))
  })
})
