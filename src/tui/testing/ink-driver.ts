/** What ink-testing-library's `render` returns that the driver needs. */
export interface InkHandle {
  lastFrame(): string | undefined
  stdin: { write(data: string): void }
}

/** Terminal bytes for the keys the tests press. */
export const KEYS = {
  enter: '\r',
  escape: '\u001b',
  up: '\u001b[A',
  down: '\u001b[B',
  left: '\u001b[D',
  backspace: '\u007f',
  shiftTab: '\u001b[Z',
  altEnter: '\u001b\r',
  ctrlC: '\u0003',
  ctrlJ: '\n',
} as const

// ANSI colour codes would split the text a test looks for.
// eslint-disable-next-line no-control-regex -- stripping escape sequences is the point
const ANSI = /\u001b\[[0-9;]*[A-Za-z]/g

/** The latest frame without colours. */
export const plainFrame = (handle: InkHandle): string =>
  (handle.lastFrame() ?? '').replace(ANSI, '')

/**
 * Resolves with the frame once it satisfies `expected` (a substring or a predicate); rejects with
 * the last frame after `timeoutMs`. Polls the frame instead of sleeping a fixed time.
 */
export async function waitForFrame(
  handle: InkHandle,
  expected: string | ((frame: string) => boolean),
  timeoutMs = 10_000,
): Promise<string> {
  const matches = typeof expected === 'string' ? (f: string) => f.includes(expected) : expected
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const frame = plainFrame(handle)
    if (matches(frame)) return frame
    if (Date.now() > deadline) {
      throw new Error(
        `frame never showed ${typeof expected === 'string' ? JSON.stringify(expected) : 'the expected state'}; last frame:\n${frame}`,
      )
    }
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

/** Types `data`, then waits until the frame satisfies `expected`. */
export async function press(
  handle: InkHandle,
  data: string,
  expected: string | ((frame: string) => boolean),
  timeoutMs?: number,
): Promise<string> {
  handle.stdin.write(data)
  return waitForFrame(handle, expected, timeoutMs)
}
