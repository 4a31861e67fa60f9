import type { SessionSummary } from '../shared/bridge'
import type { MessageQueue } from '../shared/queued-messages'
import { userCommandOf, withUserCommands } from '../shared/user-command'
import { EMPTY_COMPOSER, messageText, type ComposerState } from './composer-state'
import { runSlashCommand, type SlashCommandContext } from './run-slash-command'
import { parseComposerInput, type SlashCommandName } from './slash-commands'
import type { TuiBridge } from './tui-bridge'
import type { useFileMentions } from './use-file-mentions'
import type { useUserCommands } from './use-user-commands'

/** What sending the draft reads and does. */
export interface ComposerSubmitContext {
  bridge: TuiBridge
  session: SessionSummary | null
  running: boolean
  queued: MessageQueue
  /** Puts a message in the queue, sent once the turn has ended. */
  enqueue(text: string): void
  mentions: ReturnType<typeof useFileMentions>
  userCommands: ReturnType<typeof useUserCommands>
  composerRef: { readonly current: ComposerState }
  setDraft(next: ComposerState): void
  clearOffer(): void
  hint(text: string): void
  note(text: string, tone?: 'dim' | 'error'): void
  /** A `/` command or `!command` run here, for the history. */
  recordCommand(text: string): void
  /** What a `/` command may read and do, but the session and sending again. */
  commands: Omit<SlashCommandContext, 'session' | 'bridge' | 'say' | 'resend'>
}

/**
 * Enter in the message box: a `!command`, a `/` command, or a message, sent at once or queued
 * behind the running turn.
 */
export function useComposerSubmit(context: ComposerSubmitContext) {
  const { bridge, session, running, queued, mentions, userCommands, composerRef, setDraft } =
    context

  /** Puts a message typed while the turn runs in the queue; the draft is free again. */
  const enqueue = (text: string) => {
    context.enqueue(text)
    setDraft(EMPTY_COMPOSER)
  }

  const send = (typed: string, sent: ComposerState) => {
    // Typed while the session opens: sent once it is open.
    if (!session) return enqueue(typed)
    const attachments = mentions.attachments(typed)
    // Queued messages are text: one with files attached waits in the box, as on the desktop.
    if ((running || queued.length > 0) && attachments.length > 0)
      return context.hint('A message with files attached is sent once the turn has ended.')
    context.clearOffer()
    // The commands run with ! since the last message go with this one.
    const text = withUserCommands(typed, userCommands.take())
    if (running || queued.length > 0) return enqueue(text)
    if (attachments.length > 0) mentions.sent()
    void bridge
      .send({
        sessionId: session.id,
        text,
        ...(attachments.length > 0 ? { attachments } : {}),
      })
      .then((result) => {
        if (result.ok) {
          // Only clear what was sent: the person may have typed on while the call was in flight.
          if (composerRef.current.editor.text === sent.editor.text) setDraft(EMPTY_COMPOSER)
          return
        }
        // A turn started meanwhile: the message waits for it like any typed ahead.
        if (result.reason === 'busy') {
          if (composerRef.current.editor.text === sent.editor.text) enqueue(text)
        }
        // Passing states: said in the status row, not written into the transcript.
        else if (result.reason === 'awaiting_input') context.hint('Answer the open request first.')
        else context.note(result.message ?? `Not sent (${result.reason}).`, 'error')
      })
  }

  const runCommand = (name: SlashCommandName, arg: string) => {
    if (!session) return
    runSlashCommand(name, arg, {
      ...context.commands,
      session,
      bridge,
      say: { hint: context.hint, note: context.note },
      resend: (text) => send(text, composerRef.current),
    })
  }

  const submit = () => {
    const state = composerRef.current
    const text = messageText(state)
    if (text.trim() === '') return
    // `!command`: the person's own command, through the agent's sandbox, never the model.
    const command = userCommandOf(text)
    if (command !== null) {
      context.recordCommand(text.trim())
      setDraft(EMPTY_COMPOSER)
      return userCommands.run(command)
    }
    const input = parseComposerInput(text)
    switch (input.kind) {
      case 'message':
        return send(text, state)
      case 'unknown':
        return context.hint(`There is no /${input.name} command: /help lists them.`)
      case 'command':
        if (!session) return context.hint('The session is still opening.')
        context.recordCommand(text.trim())
        setDraft(EMPTY_COMPOSER)
        return runCommand(input.name, input.arg)
      default:
        return input satisfies never
    }
  }

  return { runCommand, submit }
}
