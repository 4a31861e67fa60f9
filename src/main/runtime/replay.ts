import type { ModelMessage, TextPart, ToolCallPart, ToolResultPart } from 'ai'
import type { SessionEvent, ToolCallEvent, ToolResultEvent } from '../../shared/session-events'

interface StepGroup {
  turnId: string
  step: number
  text: string
  calls: ToolCallEvent[]
}

/**
 * Rebuilds the model conversation from a session log: each user message, then per step one
 * assistant message (its text and tool calls) followed by one tool message with the results.
 * A call without a result (only possible while its turn is still open) is left out together with
 * its call, so the conversation is always valid to send.
 */
export function toModelMessages(events: readonly SessionEvent[]): ModelMessage[] {
  const results = new Map<string, ToolResultEvent>()
  for (const event of events) if (event.type === 'tool_result') results.set(event.toolCallId, event)

  const messages: ModelMessage[] = []
  let group: StepGroup | undefined
  const flush = () => {
    if (!group) return
    const answered = group.calls.filter((call) => results.has(call.toolCallId))
    const content: Array<TextPart | ToolCallPart> = []
    if (group.text !== '') content.push({ type: 'text', text: group.text })
    for (const call of answered) {
      content.push({
        type: 'tool-call',
        toolCallId: call.toolCallId,
        toolName: call.tool,
        input: call.input,
      })
    }
    if (content.length > 0) messages.push({ role: 'assistant', content })
    if (answered.length > 0) {
      messages.push({
        role: 'tool',
        content: answered.map((call) =>
          toResultPart(results.get(call.toolCallId) as ToolResultEvent),
        ),
      })
    }
    group = undefined
  }
  const groupFor = (turnId: string, step: number): StepGroup => {
    if (group && group.turnId === turnId && group.step === step) return group
    flush()
    group = { turnId, step, text: '', calls: [] }
    return group
  }

  for (const event of events) {
    if (event.type === 'user_message') {
      flush()
      messages.push({ role: 'user', content: event.text })
    } else if (event.type === 'assistant_text') {
      groupFor(event.turnId, event.step).text += event.text
    } else if (event.type === 'tool_call') {
      groupFor(event.turnId, event.step).calls.push(event)
    }
  }
  flush()
  return messages
}

function toResultPart(result: ToolResultEvent): ToolResultPart {
  return {
    type: 'tool-result',
    toolCallId: result.toolCallId,
    toolName: result.tool,
    output: result.isError
      ? { type: 'error-json', value: result.output }
      : { type: 'json', value: result.output },
  }
}
