import { render } from 'ink'
import type { CliOptions } from '../parse-cli'
import { folderProblem } from '../folder-problem'
import { terminalProblem, wantsPlainLines, type TerminalFacts } from '../terminal-problem'
import { App } from '../../tui/app'
import { resumeHint } from '../resume-hint'
import { bridgeFromRuntime } from '../../tui/tui-bridge'
import { terminalRenderOptions } from '../../tui/render-options'
import { loadHighlighter } from '../../tui/code-highlight'
import { startPlainClient } from '../../tui/plain/plain-client'

/**
 * `parley tui` where the terminal cannot redraw (`TERM=dumb`, Emacs shell-mode): the plain-line
 * client, the terminal left in its own line mode (it echoes and edits the line). Ctrl+C stops a
 * running turn, else quits; Ctrl+D or /quit quits.
 */
async function plainLinesCommand(options: CliOptions): Promise<number> {
  globalThis.AI_SDK_LOG_WARNINGS = false
  const { runtimeForCommand } = await import('../cli-runtime')
  const runtime = await runtimeForCommand('tui', options, true, (text) =>
    process.stderr.write(text),
  )
  if (typeof runtime === 'number') return runtime
  const client = startPlainClient(
    bridgeFromRuntime(runtime),
    { input: process.stdin, write: (text) => process.stdout.write(text) },
    options.session,
  )
  const onSignal = () => client.interrupt()
  process.on('SIGINT', onSignal)
  try {
    const exit = await client.ended
    await runtime.close()
    if (exit.sessionId && exit.waiting) process.stdout.write(`${exit.waiting}\n`)
    if (exit.sessionId) process.stdout.write(`${resumeHint(options, exit.sessionId)}\n`)
    return exit.code
  } finally {
    process.off('SIGINT', onSignal)
  }
}

/** Exit codes for the signals that end a terminal session (128 + signal number). */
const SIGNAL_EXIT = { SIGHUP: 129, SIGTERM: 143 } as const

/**
 * `parley tui`: the terminal client, with the runtime in this process. Resolves when the person
 * quits (or the terminal goes away), after the runtime has closed: an open question or permission
 * request stays open in the log and is shown again at the next start.
 */
export async function tuiCommand(options: CliOptions): Promise<number> {
  const facts: TerminalFacts = {
    stdinIsTTY: process.stdin.isTTY === true,
    stdoutIsTTY: process.stdout.isTTY === true,
    term: process.env.TERM,
    insideEmacs: process.env.INSIDE_EMACS,
  }
  const cannotDraw = terminalProblem(facts)
  if (cannotDraw !== undefined) {
    process.stderr.write(`parley tui: ${cannotDraw}\n`)
    return 2
  }
  const refused = folderProblem(options)
  if (refused !== undefined) {
    process.stderr.write(`parley tui: ${refused}\n`)
    return 2
  }
  if (wantsPlainLines(facts)) return plainLinesCommand(options)
  // Keys typed while the runtime starts would otherwise be echoed by the terminal and arrive
  // with Enter turned into a line feed; raw mode from the start keeps them for the composer.
  process.stdin.setRawMode(true)
  // The AI SDK prints its warnings (an unsupported setting, a deprecated option) straight to the
  // console, which would be drawn over the screen; the terminal client shows errors itself.
  globalThis.AI_SDK_LOG_WARNINGS = false

  let finish: (code: number) => void = () => {}
  const exited = new Promise<number>((resolve) => {
    finish = resolve
  })
  // The message box is drawn first; the runtime (models, MCP, ACP, the session index) loads
  // behind it, and what is typed meanwhile is sent once the session is open. Start-up problems
  // are printed above the client (ink's console); one that stops it, after it is gone.
  const problems: string[] = []
  let drawn = false
  const say = (text: string) => (drawn ? console.error(text.trimEnd()) : problems.push(text))
  // Loading a module graph blocks until it is compiled: the code grammars and then the runtime
  // load once the first frame is out. A session's transcript is drawn after both.
  let drawnFirst: () => void = () => {}
  const firstFrame = new Promise<void>((resolve) => (drawnFirst = resolve))
  const started = firstFrame
    // ink writes the frame a moment after React committed it.
    .then(() => instance.waitUntilRenderFlush())
    .then(() => loadHighlighter())
    .then(() => import('../cli-runtime'))
    .then(({ runtimeForCommand }) => runtimeForCommand('tui', options, true, say))
  // The client closes when the runtime cannot start; calls made meanwhile then wait for good
  // instead of failing (an unexpected error is reported by `parley` once the client is gone).
  const runtime = started.then(
    (result) => {
      if (typeof result !== 'number') return result
      finish(result)
      return new Promise<never>(() => {})
    },
    () => {
      finish(1)
      return new Promise<never>(() => {})
    },
  )
  let shownSession: string | undefined
  let stillWaiting: string | undefined
  const onExit = (code: number, sessionId?: string, waiting?: string) => {
    shownSession = sessionId
    stillWaiting = waiting
    finish(code)
  }
  const onSignal = (signal: keyof typeof SIGNAL_EXIT) => finish(SIGNAL_EXIT[signal])
  for (const signal of Object.keys(SIGNAL_EXIT) as Array<keyof typeof SIGNAL_EXIT>)
    process.once(signal, onSignal)

  const instance = render(
    <App
      bridge={bridgeFromRuntime(runtime)}
      sessionId={options.session}
      onExit={onExit}
      onFirstFrame={drawnFirst}
    />,
    terminalRenderOptions(process.stdout),
  )
  void runtime.then(() => {
    drawn = true
    for (const text of problems.splice(0)) console.error(text.trimEnd())
  })
  try {
    return await exited
  } finally {
    for (const signal of Object.keys(SIGNAL_EXIT) as Array<keyof typeof SIGNAL_EXIT>)
      process.off(signal, onSignal)
    instance.unmount()
    await instance.waitUntilExit()
    const result = await started
    if (typeof result === 'number') {
      process.stdin.setRawMode(false)
      for (const text of problems) process.stderr.write(text)
    } else {
      await result.close()
      if (shownSession && stillWaiting) process.stdout.write(`${stillWaiting}\n`)
      if (shownSession) process.stdout.write(`${resumeHint(options, shownSession)}\n`)
    }
  }
}
