import { render } from 'ink'
import { EventEmitter } from 'node:events'
import { PassThrough } from 'node:stream'
import { afterEach, describe, expect, test } from 'vitest'
import { END_MARKER, mixedMarkdown } from '../../bench/stress-reply'
import { App } from './app'
import { FrameWriter, frameDiff, reflowedRows, sharedStart } from './frame-writer'
import { TERMINAL_RENDER_OPTIONS, terminalRenderOptions } from './render-options'
import { createFakeBridge } from './testing/fake-bridge'
import { logged } from './testing/fixtures'
import { waitForFrame } from './testing/ink-driver'
import { LineTerminal } from './testing/line-terminal'

/** A terminal showing `rows` as a frame at its bottom, the cursor on the row under them. */
function showing(rows: string[], size = 12): LineTerminal {
  const terminal = new LineTerminal(40, size)
  terminal.write('\n'.repeat(size) + rows.join('\n'))
  return terminal
}

describe('frameDiff', () => {
  test('rewrites only the rows that changed, and of a row only what follows the part that stayed', () => {
    const shown = ['title', 'the reply so fa', 'footer', '']
    const wanted = ['title', 'the reply so far.', 'footer', '']
    const terminal = showing(shown)
    const diff = frameDiff(shown, wanted, 12)
    terminal.write(diff)
    expect(terminal.lines().slice(-3)).toEqual(['title', 'the reply so far.', 'footer'])
    expect(diff).not.toContain('title')
    expect(diff).not.toContain('footer')
    expect(diff).toContain('r.')
    expect(diff).not.toContain('reply')
  })

  test('rows printed above a frame that grew: its bottom rows move down without being written again', () => {
    const footer = ['╭────────╮', '│ › box  │', '╰────────╯', ' mode · model']
    const shown = ['line 1', 'line 2', '', ...footer, '']
    const wanted = ['line 1', 'line 2', 'line 3', 'line 4', 'line 5', '', ...footer, '']
    for (const size of [9, 12, 30]) {
      const terminal = showing(shown, size)
      const diff = frameDiff(shown, wanted, size)
      terminal.write(diff)
      expect(terminal.lines().filter((l) => l !== '')).toEqual(wanted.filter((l) => l !== ''))
      expect(terminal.lines().slice(-footer.length)).toEqual(footer)
      expect(diff).not.toContain('box')
    }
  })

  test('a shorter frame leaves nothing of the longer one under it', () => {
    const shown = ['a', 'b', 'c', 'd', '']
    const terminal = showing(shown)
    terminal.write(frameDiff(shown, ['a', 'x', '']))
    expect(terminal.lines().filter((l) => l !== '')).toEqual(['a', 'x'])
  })
})

test('a narrower terminal re-wraps each row into as many rows as it needs; an empty row keeps one', () => {
  expect(reflowedRows([80, 80, 57, 0, 40], 40)).toBe(2 + 2 + 2 + 1 + 1)
  expect(reflowedRows([50], 50)).toBe(1)
})

describe('sharedStart', () => {
  test('a row is continued only where the terminal pen is plain and the text is ASCII', () => {
    expect(sharedStart('hello wor', 'hello world')).toBe(9)
    // Inside bold: the pen would be plain when the rest is written, so from before the bold.
    expect(sharedStart('a \u001b[1mbol', 'a \u001b[1mbold\u001b[22m')).toBe(2)
    expect(sharedStart('a \u001b[1mb\u001b[22m c', 'a \u001b[1mb\u001b[22m cd')).toBe(
      'a \u001b[1mb\u001b[22m c'.length,
    )
    // An open link is not continued.
    expect(sharedStart('\u001b]8;;https://x\u0007lin', '\u001b]8;;https://x\u0007link')).toBe(0)
    // A tab or wide text leaves the column unknown or the cut unsafe.
    expect(sharedStart('a\tb', 'a\tbc')).toBe(0)
    expect(sharedStart('e', 'e\u0301')).toBe(0)
  })
})

/**
 * A terminal ink draws on twice over: once as it writes (ink's own output, to `plain`) and once
 * through a FrameWriter (to `diffed`), with every byte the writer wrote counted.
 */
class TwoTerminals extends EventEmitter {
  readonly isTTY = true
  readonly plain: LineTerminal
  readonly diffed: LineTerminal
  readonly writer: FrameWriter
  /** Checks, after each synchronized update, that both terminals show the same. */
  readonly mismatches: string[] = []
  written = ''
  diffedBytes = 0
  plainBytes = 0
  constructor(
    readonly columns: number,
    readonly rows: number,
  ) {
    super()
    this.plain = new LineTerminal(columns, rows)
    this.diffed = new LineTerminal(columns, rows)
    const out = Object.assign(new EventEmitter(), {
      columns,
      rows,
      isTTY: true,
      write: (data: string) => {
        this.diffedBytes += Buffer.byteLength(data)
        this.diffed.write(data)
        return true
      },
    })
    this.writer = new FrameWriter(out as unknown as NodeJS.WriteStream)
  }
  write(chunk: string) {
    this.written += chunk
    this.plainBytes += Buffer.byteLength(chunk)
    this.plain.write(chunk)
    this.writer.write(chunk)
    if (chunk === '\u001b[?2026l') {
      const a = this.plain.lines().join('\n')
      const b = this.diffed.lines().join('\n')
      if (a !== b) this.mismatches.push(`ink:\n${a}\n\nwriter:\n${b}`)
    }
    return true
  }
}

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

describe('the client drawn through a FrameWriter', () => {
  for (const [columns, rows] of [
    [120, 40],
    [80, 24],
  ] as const)
    test(`a streamed reply at ${columns}×${rows} leaves the screen and scrollback exactly as ink draws them, for less`, async () => {
      const terminals = new TwoTerminals(columns, rows)
      const fake = createFakeBridge()
      const app = render(<App bridge={fake.bridge} onExit={() => {}} colors hyperlinks={false} />, {
        ...TERMINAL_RENDER_OPTIONS,
        stdout: terminals as unknown as NodeJS.WriteStream,
        stdin: new IdleKeyboard() as unknown as NodeJS.ReadStream,
        patchConsole: false,
      })
      unmounts.push(() => app.unmount())
      const screen = { lastFrame: () => terminals.written, stdin: { write: () => undefined } }
      await waitForFrame(screen, 'Enter send')
      const reply = mixedMarkdown(6_000)
      fake.emit({ type: 'turn_started', sessionId: 's1', turnId: 't1' })
      for (let at = 0; at < reply.length; at += 90) {
        fake.emit({
          type: 'text_delta',
          sessionId: 's1',
          turnId: 't1',
          step: 0,
          text: reply.slice(at, at + 90),
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
      terminals.writer.flush()
      expect(terminals.mismatches.slice(0, 1)).toEqual([])
      expect(terminals.diffed.lines()).toEqual(terminals.plain.lines())
      // Every heading of the reply is in the scrollback once.
      const all = terminals.diffed.lines()
      for (const heading of reply.match(/^## .+$/gm) ?? [])
        expect(all.filter((l) => l.trim() === heading.slice(3))).toHaveLength(1)
      // Never more than ink alone writes. How much less depends on how many frames ink drew, which
      // a busy machine lowers; the bytes tests hold the reply's total to 3× its size.
      expect(terminals.diffedBytes).toBeLessThan(terminals.plainBytes)
    })
})

/** A terminal that re-wraps what it shows when resized (as tmux does), for ink to draw on. */
class ReflowingTerminal extends EventEmitter {
  readonly isTTY = true
  readonly screen: LineTerminal
  written = ''
  constructor(
    public columns: number,
    readonly rows: number,
  ) {
    super()
    this.screen = new LineTerminal(columns, rows)
  }
  write(chunk: string) {
    this.written += chunk
    this.screen.write(chunk)
    return true
  }
  resize(columns: number) {
    this.screen.resize(columns)
    this.columns = columns
    this.emit('resize')
  }
}

describe('resizing while a reply streams', () => {
  test('after 120 → 60 → 120 columns mid-stream, every line of the reply is in the scrollback exactly once', async () => {
    const terminal = new ReflowingTerminal(120, 40)
    const fake = createFakeBridge()
    const app = render(<App bridge={fake.bridge} onExit={() => {}} colors hyperlinks={false} />, {
      ...terminalRenderOptions(
        terminal as unknown as NodeJS.WriteStream,
        new IdleKeyboard() as unknown as NodeJS.ReadStream,
      ),
      patchConsole: false,
    })
    unmounts.push(() => app.unmount())
    const screen = { lastFrame: () => terminal.written, stdin: { write: () => undefined } }
    await waitForFrame(screen, 'Enter send')
    const lines = Array.from({ length: 68 }, (_, i) => {
      const n = String(i + 1).padStart(2, '0')
      return i % 17 === 0
        ? `## Part R${n} of the long reply\n`
        : `- R${n} the quick brown fox jumps over the lazy dog and runs on to the river`
    })
    const reply = `${lines.join('\n')}\n\nR-END of the long reply.`
    fake.emit({ type: 'turn_started', sessionId: 's1', turnId: 't1' })
    const shown = (text: string) => () =>
      waitForFrame({ ...screen, lastFrame: () => terminal.screen.lines().join('\n') }, text)
    let at = 0
    const streamUntil = async (end: number) => {
      for (; at < Math.min(end, reply.length); at += 40) {
        fake.emit({
          type: 'text_delta',
          sessionId: 's1',
          turnId: 't1',
          step: 0,
          text: reply.slice(at, Math.min(at + 40, end)),
        })
        await new Promise((resolve) => setTimeout(resolve, 5))
      }
      at = Math.min(end, reply.length)
    }
    await streamUntil(reply.indexOf('R06'))
    await shown('R05 the quick')()
    terminal.resize(60)
    await streamUntil(reply.indexOf('R31'))
    await shown('R30 the quick')()
    terminal.resize(120)
    await streamUntil(reply.length)
    fake.emit(logged({ type: 'assistant_text', at: 1, turnId: 't1', step: 0, text: reply }))
    fake.emit(logged({ type: 'turn_end', at: 1, turnId: 't1', reason: 'completed' }))
    await waitForFrame(
      { ...screen, lastFrame: () => terminal.screen.lines().join('\n') },
      (all) => all.includes('R-END') && !all.includes('Working…'),
    )
    const all = terminal.screen.lines()
    for (let i = 1; i <= 68; i++) {
      const marker = new RegExp(`(^|[^0-9])R${String(i).padStart(2, '0')}( |$)`)
      expect(
        all.filter((row) => marker.test(row)),
        `R${i} in:\n${all.join('\n')}`,
      ).toHaveLength(1)
    }
  })
})
