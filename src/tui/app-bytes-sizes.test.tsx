import { render } from 'ink'
import { PassThrough } from 'node:stream'
import { afterEach, describe, expect, test } from 'vitest'
import { END_MARKER, mixedMarkdown } from '../../bench/stress-reply'
import { App } from './app'
import { terminalRenderOptions } from './render-options'
import { createFakeBridge } from './testing/fake-bridge'
import { logged } from './testing/fixtures'
import { waitForFrame } from './testing/ink-driver'

/** A terminal of the given size that counts every byte written to it. */
class FakeTerminal extends PassThrough {
  written = ''
  bytes = 0
  readonly isTTY = true
  constructor(
    readonly columns: number,
    readonly rows: number,
  ) {
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

/** Streams a 9 KB Markdown reply as a fast model does; the bytes it cost the terminal. */
async function streamReply(columns: number, rows: number) {
  const stdout = new FakeTerminal(columns, rows)
  const fake = createFakeBridge()
  const app = render(<App bridge={fake.bridge} onExit={() => {}} colors hyperlinks={false} />, {
    ...terminalRenderOptions(
      stdout as unknown as NodeJS.WriteStream,
      new IdleKeyboard() as unknown as NodeJS.ReadStream,
    ),
    patchConsole: false,
  })
  unmounts.push(() => app.unmount())
  const screen = { lastFrame: () => stdout.written, stdin: { write: () => undefined } }
  await waitForFrame(screen, 'Enter send')
  const reply = mixedMarkdown(9_000)
  const before = stdout.bytes
  fake.emit({ type: 'turn_started', sessionId: 's1', turnId: 't1' })
  // A fast model: 60 characters every 10 ms, whether or not the last one was drawn.
  for (let at = 0; at < reply.length; at += 60) {
    fake.emit({
      type: 'text_delta',
      sessionId: 's1',
      turnId: 't1',
      step: 0,
      text: reply.slice(at, at + 60),
    })
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  fake.emit(logged({ type: 'assistant_text', at: 1, turnId: 't1', step: 0, text: reply }))
  fake.emit(logged({ type: 'turn_end', at: 1, turnId: 't1', reason: 'completed' }))
  await waitForFrame(
    screen,
    (written) =>
      written.includes(END_MARKER) &&
      !written.slice(written.lastIndexOf(END_MARKER)).includes('Working…'),
  )
  return {
    replyBytes: Buffer.byteLength(reply),
    written: stdout.bytes - before,
  }
}

describe('bytes written for a long reply at common terminal sizes', () => {
  for (const [columns, rows] of [
    [120, 40],
    [80, 24],
  ] as const)
    test(`a 9 KB Markdown reply from a fast model at ${columns}×${rows} writes at most three times its size`, async () => {
      const result = await streamReply(columns, rows)
      // Measured: 2.1× (120×40) and 1.9× (80×24) with the frame writer (each print to the
      // scrollback skips the rows already on screen; the message box and footer move down by
      // insert-line), 4.9× and 5.0× before, when ink erased and redrew its frame for each print.
      expect(result.written).toBeLessThanOrEqual(3 * result.replyBytes)
    })
})
