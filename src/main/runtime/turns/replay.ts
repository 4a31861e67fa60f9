import type { ImagePart, ModelMessage, TextPart, ToolCallPart, ToolResultPart } from 'ai'
import type { AttachmentRef } from '../../../shared/attachments'
import type {
  Json,
  SessionEvent,
  ToolCallEvent,
  ToolResultEvent,
  TurnEndEvent,
} from '../../../shared/session-events'
import { pairToolResults, wireIds } from '../sessions/tool-call-ids'

interface StepGroup {
  turnId: string
  step: number
  text: string
  cutOff: boolean
  calls: ToolCallEvent[]
}

/** Said to the model when Retry runs it again right after a reply of its own that was cut off. */
export const RETRY_AFTER_CUT_OFF =
  'Your previous reply was cut off (see the note at its end). Continue from where it stopped.'

/** The note a cut-off reply ends with in the model conversation, so the model knows. */
function cutOffNote(end: TurnEndEvent | undefined): string {
  if (end?.reason === 'stopped') return '[The user stopped this reply here.]'
  if (end?.reason === 'error' && end.error) return `[This reply was cut off here: ${end.error}]`
  return '[This reply was cut off here.]'
}

/** What a replay reads beside the log. */
export interface ReplayOptions {
  /** The parts a message's attachments become (their stored copies, read by the caller). */
  attachmentParts?: (refs: readonly AttachmentRef[]) => Array<TextPart | ImagePart>
}

/**
 * Rebuilds the model conversation from a session log: each user message, then per step one
 * assistant message (its text and tool calls) followed by one tool message with the results.
 * A call without a result (only possible while its turn is still open) is left out together with
 * its call, so the conversation is always valid to send. A reply that was cut off ends with a
 * note saying so; a Retry turn that would otherwise start right after the model's own words gets
 * a user line asking it to continue (no provider accepts a conversation ending on the model).
 */
export function toModelMessages(
  events: readonly SessionEvent[],
  options: ReplayOptions = {},
): ModelMessage[] {
  const results = pairToolResults(events)
  const wireId = wireIds()
  // Cut-off replies are rare: find how their turn ended only when one needs its note.
  const endOf = (turnId: string) =>
    events.findLast((e): e is TurnEndEvent => e.type === 'turn_end' && e.turnId === turnId)

  const messages: ModelMessage[] = []
  let group: StepGroup | undefined
  const flush = () => {
    if (!group) return
    const answered = group.calls.flatMap((call) => {
      const result = results.get(call)
      return result ? [{ call, result, id: wireId(call) }] : []
    })
    const content: Array<TextPart | ToolCallPart> = []
    const text = group.cutOff
      ? `${group.text.trimEnd()}\n\n${cutOffNote(endOf(group.turnId))}`
      : group.text
    if (text !== '') content.push({ type: 'text', text })
    for (const { call, id } of answered) {
      content.push({
        type: 'tool-call',
        toolCallId: id,
        toolName: call.tool,
        input: wireInput(call.input),
      })
    }
    if (content.length > 0) messages.push({ role: 'assistant', content })
    if (answered.length > 0) {
      messages.push({
        role: 'tool',
        content: answered.map(({ result, id }) => toResultPart(result, id)),
      })
    }
    group = undefined
  }
  const groupFor = (turnId: string, step: number): StepGroup => {
    if (group && group.turnId === turnId && group.step === step) return group
    flush()
    group = { turnId, step, text: '', cutOff: false, calls: [] }
    return group
  }

  for (const event of events) {
    if (event.type === 'user_message') {
      flush()
      const attached =
        event.attachments && options.attachmentParts
          ? options.attachmentParts(event.attachments)
          : []
      messages.push({
        role: 'user',
        content:
          attached.length === 0 ? event.text : [{ type: 'text', text: event.text }, ...attached],
      })
    } else if (event.type === 'turn_retry') {
      flush()
      if (messages.at(-1)?.role === 'assistant')
        messages.push({ role: 'user', content: RETRY_AFTER_CUT_OFF })
    } else if (event.type === 'assistant_text') {
      const target = groupFor(event.turnId, event.step)
      target.text += event.text
      if (event.cutOff) target.cutOff = true
    } else if (event.type === 'tool_call') {
      groupFor(event.turnId, event.step).calls.push(event)
    }
  }
  flush()
  return messages
}

/**
 * A call's input as providers accept it: an object. Arguments that were not valid JSON are kept in
 * the log as the raw text; the model reads why in the call's result.
 */
export function wireInput(input: Json): Json {
  return input !== null && typeof input === 'object' && !Array.isArray(input) ? input : {}
}

function toResultPart(result: ToolResultEvent, toolCallId: string): ToolResultPart {
  return {
    type: 'tool-result',
    toolCallId,
    toolName: result.tool,
    output: result.isError
      ? { type: 'error-json', value: result.output }
      : { type: 'json', value: result.output },
  }
}
