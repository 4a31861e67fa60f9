import { userCommandContext, userCommandNote } from '../shared/user-command'
import { safeSpans, truncateLine, type StyledLine } from './styled-text'
import type { TuiBridge } from './tui-bridge'
import { useRefState } from './use-ref-state'

/** What the hook tells the person. */
export interface UserCommandSay {
  hint(text: string): void
  note(text: string, tone?: 'dim' | 'error'): void
}

/**
 * `!command` in the message box: runs the person's own command through the runtime (the agent's
 * sandbox, never the model), leaves its output in the transcript, and keeps the block the next
 * message carries (`take` hands them over once, when that message goes). Kept per session.
 */
export function useUserCommands(
  bridge: TuiBridge,
  sessionId: string | undefined,
  say: UserCommandSay,
) {
  const [kept, setKept, keptRef] = useRefState<{
    sessionId: string | undefined
    contexts: readonly string[]
  }>({
    sessionId,
    contexts: [],
  })
  const contexts = kept.sessionId === sessionId ? kept.contexts : []

  const run = (command: string) => {
    if (!sessionId) return say.hint('The session is still opening.')
    say.hint(`Running ${command} …`)
    void bridge.runUserCommand({ sessionId, command }).then((result) => {
      if (!result.ok) return say.note(result.message ?? `Not run (${result.reason}).`, 'error')
      say.note(userCommandNote(command, result))
      const context = userCommandContext(command, result)
      setKept((now) => ({
        sessionId,
        contexts: now.sessionId === sessionId ? [...now.contexts, context] : [context],
      }))
      say.hint('Its output goes with your next message.')
    })
  }

  /** The blocks for the message being sent; they are gone from here once taken. */
  const take = (): readonly string[] => {
    const { sessionId: keptFor, contexts: taken } = keptRef.current
    if (keptFor !== sessionId || taken.length === 0) return []
    setKept({ sessionId, contexts: [] })
    return taken
  }

  /** The row above the message box while output waits for the next message. */
  const rows = (width: number): StyledLine[] =>
    contexts.length === 0
      ? []
      : [
          truncateLine(
            safeSpans(
              `  ${contexts.length === 1 ? 'the output of 1 command goes' : `the output of ${contexts.length} commands goes`} with your next message`,
              { dim: true },
            ),
            width,
          ),
        ]

  return { run, take, rows }
}
