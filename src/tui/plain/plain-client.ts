import { createInterface } from 'node:readline'
import type { PendingInteraction } from '../../shared/interactions'
import { userCommandNote, userCommandOf } from '../../shared/user-command'
import type { TuiBridge } from '../tui-bridge'
import { waitingText } from '../waiting-text'
import { plainAnswer, plainPromptLines, promptFor, type PlainPrompt } from './plain-prompt'
import { plainEventLines, plainText } from './plain-text'

/** Where the plain-line client reads lines from and writes them to. */
export interface PlainIo {
  input: NodeJS.ReadableStream
  write(text: string): void
}

/** How the plain-line client ended: the code to exit with, and the session it showed. */
export interface PlainExit {
  code: number
  sessionId?: string
  /** What still waits there ("A question waits for your answer in this session."). */
  waiting?: string
}

/**
 * The terminal client for a terminal that cannot redraw (`TERM=dumb`, Emacs shell-mode): lines
 * only — no boxes, no cursor movement, no colour. Each settled record prints once (a reply when
 * its step is done), a prompt prints as numbered lines and its answer is the next line read.
 * A line is a message, `!command`, or `/quit`; `stop()` stops the running turn.
 */
export function startPlainClient(bridge: TuiBridge, io: PlainIo, sessionId?: string) {
  const say = (...lines: string[]) => io.write(lines.map((line) => `${line}\n`).join(''))
  let session: string | undefined
  let queue: PendingInteraction[] = []
  let prompt: PlainPrompt | null = null
  let running = false
  const typedAhead: string[] = []
  let finish: (exit: PlainExit) => void = () => {}
  const ended = new Promise<PlainExit>((resolve) => (finish = resolve))
  let done = false
  const quit = (code: number) => {
    if (done) return
    done = true
    lines.close()
    unsubscribe()
    const waiting = waitingText(queue)
    finish({
      code,
      ...(session !== undefined ? { sessionId: session } : {}),
      ...(waiting ? { waiting } : {}),
    })
  }

  /** The head of the queue is put to the person, once. */
  const showHead = () => {
    const head = queue[0]
    if (!head) return void (prompt = null)
    if (prompt?.interaction.requestId === head.requestId) return
    prompt = promptFor(head)
    say(...plainPromptLines(prompt))
  }

  const unsubscribe = bridge.onEvent((event) => {
    if (event.sessionId !== session) return
    switch (event.type) {
      case 'session_event':
        if (event.event.type === 'turn_end') running = false
        return say(...plainEventLines(event.event))
      case 'turn_started':
        running = true
        return
      case 'interaction_added':
        if (!queue.some((q) => q.requestId === event.interaction.requestId))
          queue = [...queue, event.interaction]
        return showHead()
      case 'interaction_settled':
        queue = queue.filter((q) => q.requestId !== event.requestId)
        return showHead()
      default:
        return
    }
  })

  const answer = (current: PlainPrompt, line: string) => {
    const step = plainAnswer(current, line)
    const refused = (
      result: { ok: true } | { ok: false; reason: string; message?: string | undefined },
    ) => {
      if (!result.ok) say(`Not answered: ${result.message ?? result.reason}.`)
    }
    switch (step.kind) {
      case 'again':
        return say(...step.lines)
      case 'next':
        prompt = step.prompt
        return say(...plainPromptLines(step.prompt))
      case 'permission':
        return void bridge.respondToPermission(step.input).then(refused)
      case 'question':
        return void bridge.respondToQuestion(step.input).then(refused)
      case 'agent_permission':
        return void bridge.respondToAgentPermission(step.input).then(refused)
      default:
        return step satisfies never
    }
  }

  const onLine = (line: string) => {
    // Typed while the session opens: handled once it is open.
    if (session === undefined) return void typedAhead.push(line)
    if (prompt) return answer(prompt, line)
    const text = line.trim()
    if (text === '') return
    if (text === '/quit' || text === '/exit') return quit(0)
    const command = userCommandOf(text)
    if (command !== null)
      return void bridge.runUserCommand({ sessionId: session, command }).then((result) => {
        if (!result.ok) return say(`Not run: ${result.message ?? result.reason}.`)
        say(...plainText(userCommandNote(command, result)).split('\n'))
      })
    void bridge.send({ sessionId: session, text }).then((result) => {
      if (result.ok) return
      if (result.reason === 'busy')
        say('A turn is running: send this when it ends (Ctrl+C stops it).')
      else say(`Not sent: ${result.message ?? result.reason}.`)
    })
  }

  const lines = createInterface({ input: io.input, terminal: false })
  lines.on('line', onLine)
  lines.on('close', () => quit(0))

  void (async () => {
    const created = sessionId ? null : await bridge.createSession({})
    if (created && !created.ok) {
      say(`parley tui: no session (${created.message ?? created.reason}).`)
      return quit(1)
    }
    const opened = await bridge.openSession({ sessionId: created?.session.id ?? sessionId ?? '' })
    if (!opened.ok) {
      say(`parley tui: the session could not be opened (${opened.message ?? opened.reason}).`)
      return quit(1)
    }
    session = opened.session.id
    running = opened.session.running
    say(
      `Parley · ${plainText(opened.session.title)} · ${plainText(opened.session.workspace)}`,
      'Plain lines (this terminal cannot redraw): type a message and Enter; !command runs one yourself; /quit leaves.',
    )
    for (const event of opened.events)
      say(
        ...(event.type === 'user_message'
          ? [`> ${plainText(event.text)}`]
          : plainEventLines(event)),
      )
    queue = [...opened.pending]
    showHead()
    for (const line of typedAhead.splice(0)) onLine(line)
  })()

  return {
    ended,
    /** Ctrl+C: stops the running turn; with none running, quits. */
    interrupt() {
      if (session !== undefined && running) {
        say('Stopping the turn…')
        return void bridge.stop({ sessionId: session })
      }
      quit(0)
    },
  }
}
