import type { SessionEvent, SessionHeader } from '../../../shared/session-events'

/**
 * The records a fork starts with: the original's history before `turnId`'s message, under a
 * header of its own that names where it came from. Undefined when `turnId` opened no message.
 * Everything before a message is whole turns (a message is taken only between turns), so the
 * fork replays to a valid conversation.
 */
export function forkedHistory(
  events: readonly SessionEvent[],
  turnId: string,
  header: Omit<SessionHeader, 'forkOf'>,
): SessionEvent[] | undefined {
  const at = events.findIndex((e) => e.type === 'user_message' && e.turnId === turnId)
  const original = events[0]
  if (at < 1 || original?.type !== 'session') return undefined
  return [
    { ...header, forkOf: { sessionId: original.id, turnId } },
    ...events.slice(1, at).filter((e) => e.type !== 'session_forked'),
  ]
}
