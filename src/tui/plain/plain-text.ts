import { codePointLabel, revealInvisibles } from '../../shared/reveal-invisibles'
import type { SessionEvent, TurnEndReason } from '../../shared/session-events'
import { toolCallSummary, toolErrorText } from '../../shared/tool-summary'

/**
 * Text as a dumb terminal gets it: what would be invisible or would move the cursor (escape
 * sequences, bidi controls, zero-width characters) is written as its code point, `[U+001B]`, so
 * nothing the model wrote can draw over the screen or hide words.
 */
export function plainText(text: string): string {
  return revealInvisibles(text, { mode: 'prose' })
    .map((run) => (run.kind === 'text' ? run.text : `[${codePointLabel(run.codePoint)}]`))
    .join('')
}

const ENDED: Record<Exclude<TurnEndReason, 'completed'>, string> = {
  stopped: '(turn stopped)',
  aborted: '(turn aborted)',
  error: '(turn failed)',
  interrupted: '(turn interrupted: Parley quit while it ran)',
}

/**
 * The lines a settled record prints in the plain-line client (none for records it does not
 * show): replies whole, a tool call as one line, a failed call's reason, how a turn ended when it
 * did not complete. The person's own messages are not printed again (they typed them).
 */
export function plainEventLines(event: SessionEvent): string[] {
  switch (event.type) {
    case 'assistant_text':
      return event.text.trim() === '' ? [] : plainText(event.text.trimEnd()).split('\n')
    case 'tool_call':
      return [`· ${event.tool} ${plainText(toolCallSummary({ ...event, origin: 'parley' }))}`]
    case 'agent_tool_call':
      return [`· ${plainText(event.title)}`]
    case 'tool_result':
      return event.isError ? [`  ✗ ${plainText(toolErrorText(event.output))}`] : []
    case 'turn_end':
      if (event.reason === 'completed') return []
      return [
        event.error ? `${ENDED[event.reason]} ${plainText(event.error)}` : ENDED[event.reason],
      ]
    default:
      return []
  }
}
