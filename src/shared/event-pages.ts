import type { SessionEvent } from './session-events'

/** A contiguous run of a session's records: `events` are `all[start … start + events.length)`. */
export type EventPage = { events: SessionEvent[]; start: number }

/** The tool call a follow-up record belongs to (call ids are only unique within a turn). */
function callOf(event: SessionEvent): string | undefined {
  switch (event.type) {
    case 'tool_call':
    case 'tool_result':
    case 'permission_request':
    case 'permission_decision':
    case 'user_question_request':
      return `${event.turnId}\u0000${event.toolCallId}`
    case 'session':
    case 'session_update':
    case 'user_message':
    case 'assistant_text':
    case 'turn_end':
      return undefined
  }
}

/**
 * The newest records before `before`, at least `limit` of them where there are that many, starting
 * at a clean cut: no record at or after the cut belongs to a tool call made before it. A UI can
 * then build rows from each page on its own (a call's card always sees its call) and put older
 * pages in front of newer ones. Without a limit, everything before `before`.
 */
export function pageOfEvents(
  all: readonly SessionEvent[],
  options: { before?: number | undefined; limit?: number | undefined },
): EventPage {
  const before = Math.min(Math.max(options.before ?? all.length, 0), all.length)
  if (options.limit === undefined) return { events: all.slice(0, before), start: 0 }
  const target = Math.max(0, before - options.limit)
  // Walk back from the end: a cut is clean where every call referred to after it was made after it.
  const waiting = new Set<string>()
  let start = 0
  for (let i = all.length - 1; i >= 0; i--) {
    const event = all[i] as SessionEvent
    const call = callOf(event)
    if (call !== undefined) {
      if (event.type === 'tool_call') waiting.delete(call)
      else waiting.add(call)
    }
    if (i <= target && waiting.size === 0) {
      start = i
      break
    }
  }
  return { events: all.slice(start, before), start }
}
