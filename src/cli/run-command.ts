import { runtimeForCommand } from './cli-runtime'
import type { SessionEvent } from '../shared/session-events'
import type { CliOptions } from './parse-cli'

/**
 * `parley run`: one headless turn. Nobody is there to answer, so the agent has no AskUserQuestion
 * and a permission prompt is denied (the model is told why) unless the mode is bypass. Prints the
 * final assistant text, or with --json every log record as one JSON line. Exit 0 on a completed turn.
 */
export async function runCommand(options: CliOptions): Promise<number> {
  const prompt = options.positionals.join(' ').trim()
  if (prompt === '') {
    process.stderr.write('parley run: a prompt is required, e.g. parley run "list the files"\n')
    return 2
  }
  const runtime = await runtimeForCommand('run', options, false)
  if (typeof runtime === 'number') return runtime
  try {
    const created = await runtime.createSession({ ...(options.mode ? { mode: options.mode } : {}) })
    if (!created.ok) {
      process.stderr.write(`parley run: ${created.message ?? created.reason}\n`)
      return 2
    }
    const sessionId = created.session.id
    const ended = new Promise<Extract<SessionEvent, { type: 'turn_end' }>>((resolve) => {
      runtime.onEvent((event) => {
        if (event.type !== 'session_event' || event.sessionId !== sessionId) return
        if (options.json) process.stdout.write(`${JSON.stringify(event.event)}\n`)
        if (event.event.type === 'turn_end') resolve(event.event)
      })
    })
    const sent = await runtime.send({ sessionId, text: prompt })
    if (!sent.ok) {
      process.stderr.write(`parley run: ${sent.message ?? sent.reason}\n`)
      return 1
    }
    const end = await ended
    if (!options.json) {
      const opened = await runtime.openSession({ sessionId })
      const texts = opened.ok
        ? opened.events.filter((e) => e.type === 'assistant_text' && e.turnId === end.turnId)
        : []
      const last = texts.at(-1)
      if (last?.type === 'assistant_text') process.stdout.write(`${last.text}\n`)
    }
    if (end.reason !== 'completed') {
      process.stderr.write(
        `parley run: the turn ended ${end.reason}${end.error ? `: ${end.error}` : ''}\n`,
      )
      return 1
    }
    return 0
  } finally {
    await runtime.close()
  }
}
