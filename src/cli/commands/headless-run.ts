import { runtimeForCommand, type CliRuntime } from '../cli-runtime'
import { DEMO_BACKEND_ID } from '../../main/runtime/models/demo-scenario'
import type { SessionEvent, TurnEndEvent } from '../../shared/session-events'
import type { CliOptions } from '../parse-cli'
import { headlessOutcome } from './headless-outcome'
import { headlessSignIn } from './headless-sign-in'

const SIGNAL_EXIT = { SIGINT: 130, SIGTERM: 143 } as const

/**
 * `parley run`: one headless turn. Nobody is there to answer, so the agent has no AskUserQuestion
 * and a permission prompt is denied (the model is told why) unless the mode is bypass. Prints the
 * final assistant text, or with --json every log record (header first) as one JSON line. Exit 0 on
 * a completed turn that did not end on a tool this run lacks (see `headlessOutcome`). SIGINT/SIGTERM, or a reader that closes stdout (`| head`), stop the turn
 * cleanly: a running command is killed and the log ends with `turn_end stopped`.
 */
export async function headlessRun(options: CliOptions): Promise<number> {
  const prompt = options.positionals.join(' ').trim()
  if (prompt === '') {
    process.stderr.write('parley run: a prompt is required, e.g. parley run "list the files"\n')
    return 2
  }
  const runtime = await runtimeForCommand('run', options, false, undefined, {
    mcpSignIn: headlessSignIn(process.env, (line) => process.stderr.write(`parley run: ${line}\n`)),
  })
  if (typeof runtime === 'number') return runtime

  let stdoutOpen = true
  const print = (text: string) => {
    if (stdoutOpen) process.stdout.write(text)
  }
  let interruptedBy: number | undefined
  let stopTurn = () => {}
  const interrupt = (code: number) => {
    interruptedBy ??= code
    stopTurn()
  }
  const onSignal = (signal: keyof typeof SIGNAL_EXIT) => interrupt(SIGNAL_EXIT[signal])
  const onStdoutError = (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error
    stdoutOpen = false
    interrupt(0)
  }
  process.on('SIGINT', onSignal).on('SIGTERM', onSignal)
  process.stdout.on('error', onStdoutError)
  try {
    const created = await runtime.createSession({ ...(options.mode ? { mode: options.mode } : {}) })
    if (!created.ok) {
      process.stderr.write(`parley run: ${created.message ?? created.reason}\n`)
      return 2
    }
    const sessionId = created.session.id
    if (created.session.backend === DEMO_BACKEND_ID && (await settingsHaveMistake(runtime))) {
      process.stderr.write(
        'parley run: not running the built-in demo instead of the model your settings.json may name: fix the mistake named above, or pass --scenario F\n',
      )
      return 2
    }
    if (created.session.backend === DEMO_BACKEND_ID)
      process.stderr.write(
        'parley run: no model is configured, so this is the built-in demo (a scripted fake agent). Its questions are not asked headless: they are answered as refused. Configure a provider (OPENAI_API_KEY, ANTHROPIC_API_KEY, or Settings) or pass --scenario F.\n',
      )
    const opened = await runtime.openSession({ sessionId })
    if (options.json && opened.ok)
      for (const event of opened.events) print(`${JSON.stringify(event)}\n`)
    const ended = new Promise<TurnEndEvent>((resolve) => {
      runtime.onEvent((event) => {
        if (event.type !== 'session_event' || event.sessionId !== sessionId) return
        if (options.json) print(`${JSON.stringify(event.event)}\n`)
        if (event.event.type === 'turn_end') resolve(event.event)
      })
    })
    stopTurn = () => void runtime.stop({ sessionId })
    if (interruptedBy !== undefined) return interruptedBy
    const sent = await runtime.send({ sessionId, text: prompt })
    if (!sent.ok) {
      process.stderr.write(`parley run: ${sent.message ?? sent.reason}\n`)
      return 1
    }
    if (interruptedBy !== undefined) stopTurn()
    const end = await ended
    const reopened = await runtime.openSession({ sessionId })
    const events = reopened.ok ? reopened.events : []
    if (!options.json) {
      const last = finalText(events, end.turnId)
      if (last !== undefined) print(`${last}\n`)
    }
    if (interruptedBy !== undefined) return interruptedBy
    const outcome = headlessOutcome(events, end)
    for (const line of outcome.lines) process.stderr.write(`parley run: ${line}\n`)
    return outcome.failed ? 1 : 0
  } finally {
    process.off('SIGINT', onSignal).off('SIGTERM', onSignal)
    await runtime.close()
  }
}

/** True when settings.json could not be read as written (its problem is printed at start-up). */
async function settingsHaveMistake(runtime: CliRuntime): Promise<boolean> {
  const settings = await runtime.getSettings({})
  return settings.fileProblem !== undefined
}

/** The text of the turn's last step that said something. */
function finalText(events: readonly SessionEvent[], turnId: string): string | undefined {
  const texts = events.flatMap((e) =>
    e.type === 'assistant_text' && e.turnId === turnId ? [e.text] : [],
  )
  return texts.at(-1)
}
