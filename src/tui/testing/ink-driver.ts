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
  right: '\u001b[C',
  home: '\u001b[H',
  end: '\u001b[F',
  pageUp: '\u001b[5~',
  pageDown: '\u001b[6~',
  tab: '\t',
  backspace: '\u007f',
  shiftTab: '\u001b[Z',
  altEnter: '\u001b\r',
  ctrlC: '\u0003',
  ctrlD: '\u0004',
  ctrlJ: '\n',
  ctrlO: '\u000f',
  ctrlS: '\u0013',
  ctrlU: '\u0015',
  ctrlW: '\u0017',
} as const

/** Bracketed paste, as a terminal sends pasted text. */
export const paste = (text: string): string => `\u001b[200~${text}\u001b[201~`

// ANSI colour codes (and hyperlinks) would split the text a test looks for.
// eslint-disable-next-line no-control-regex -- stripping escape sequences is the point
const ANSI = /\u001b\[[0-9;]*[A-Za-z]|\u001b\]8;[^\u001b\u0007]*(?:\u0007|\u001b\\)/g

/** The latest frame without colours or hyperlinks. */
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

/** What a prompt says while it still ignores keys (`ARMING_HINT` in `prompt-frame.tsx`). */
const ARMING = 'Just a moment'

/**
 * Waits until the prompt on screen takes keys: a new prompt ignores them for a moment, so that
 * type-ahead cannot answer it.
 */
export const waitArmed = (handle: InkHandle): Promise<string> =>
  waitForFrame(handle, (frame) => !frame.includes(ARMING))
