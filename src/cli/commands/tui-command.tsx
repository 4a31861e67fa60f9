import { render } from 'ink'
import type { CliOptions } from '../parse-cli'
import { runtimeForCommand } from '../cli-runtime'
import { App } from '../../tui/app'
import { resumeHint } from '../resume-hint'
import { bridgeFromRuntime } from '../../tui/tui-bridge'
import { TERMINAL_RENDER_OPTIONS } from '../../tui/render-options'

/** Exit codes for the signals that end a terminal session (128 + signal number). */
const SIGNAL_EXIT = { SIGHUP: 129, SIGTERM: 143 } as const

/**
 * `parley tui`: the terminal client, with the runtime in this process. Resolves when the person
 * quits (or the terminal goes away), after the runtime has closed: an open question or permission
 * request stays open in the log and is shown again at the next start.
 */
export async function tuiCommand(options: CliOptions): Promise<number> {
  if (!process.stdin.isTTY || !process.stdout.isTTY) {
    process.stderr.write('parley tui: needs an interactive terminal (stdin and stdout a TTY)\n')
    return 2
  }
  // Keys typed while the runtime starts would otherwise be echoed by the terminal and arrive
  // with Enter turned into a line feed; raw mode from the start keeps them for the composer.
  process.stdin.setRawMode(true)
  // The AI SDK prints its warnings (an unsupported setting, a deprecated option) straight to the
  // console, which would be drawn over the screen; the terminal client shows errors itself.
  globalThis.AI_SDK_LOG_WARNINGS = false
  const runtime = await runtimeForCommand('tui', options, true)
  if (typeof runtime === 'number') {
    process.stdin.setRawMode(false)
    return runtime
  }

  let finish: (code: number) => void = () => {}
  const exited = new Promise<number>((resolve) => {
    finish = resolve
  })
  let shownSession: string | undefined
  const onExit = (code: number, sessionId?: string) => {
    shownSession = sessionId
    finish(code)
  }
  const onSignal = (signal: keyof typeof SIGNAL_EXIT) => finish(SIGNAL_EXIT[signal])
  for (const signal of Object.keys(SIGNAL_EXIT) as Array<keyof typeof SIGNAL_EXIT>)
    process.once(signal, onSignal)

  const instance = render(
    <App bridge={bridgeFromRuntime(runtime)} sessionId={options.session} onExit={onExit} />,
    TERMINAL_RENDER_OPTIONS,
  )
  try {
    return await exited
  } finally {
    for (const signal of Object.keys(SIGNAL_EXIT) as Array<keyof typeof SIGNAL_EXIT>)
      process.off(signal, onSignal)
    instance.unmount()
    await instance.waitUntilExit()
    await runtime.close()
    if (shownSession) process.stdout.write(`${resumeHint(options, shownSession)}\n`)
  }
}
