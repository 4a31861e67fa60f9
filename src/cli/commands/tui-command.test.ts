import type * as Ink from 'ink'
import { afterEach, expect, test, vi } from 'vitest'

const seen = vi.hoisted(() => ({ warnings: 'not called' as unknown }))

// The runtime is where the AI SDK is first used: record what the switch said when it started.
vi.mock('../cli-runtime', () => ({
  runtimeForCommand: async () => {
    seen.warnings = globalThis.AI_SDK_LOG_WARNINGS
    return 3
  },
}))

// No terminal here: "drawing" the client only reports its first frame, which starts the runtime.
vi.mock('ink', async (importOriginal) => ({
  ...(await importOriginal<typeof Ink>()),
  render: (tree: { props: { onFirstFrame?: () => void } }) => {
    tree.props.onFirstFrame?.()
    return {
      unmount: () => {},
      waitUntilExit: async () => {},
      waitUntilRenderFlush: async () => {},
    }
  },
}))

const { tuiCommand } = await import('./tui-command')

const tty = { stdin: process.stdin.isTTY, stdout: process.stdout.isTTY }
const setRawMode = process.stdin.setRawMode
afterEach(() => {
  process.stdin.isTTY = tty.stdin
  process.stdout.isTTY = tty.stdout
  process.stdin.setRawMode = setRawMode
  globalThis.AI_SDK_LOG_WARNINGS = undefined
})

test('the AI SDK’s warnings are off before the runtime starts, so none is printed over the screen', async () => {
  process.stdin.isTTY = true
  process.stdout.isTTY = true
  process.stdin.setRawMode = vi.fn(() => process.stdin)
  expect(await tuiCommand({ json: false, positionals: [] })).toBe(3)
  expect(seen.warnings).toBe(false)
})
