import { LIMITS } from '../../../shared/limits'
import type { SessionEvent } from '../../../shared/session-events'

/**
 * Whether the person named the session themselves: a title that is neither the agent's nor the
 * one Parley takes from the first message (recorded just before that message).
 */
export function renamedByPerson(events: readonly SessionEvent[]): boolean {
  let seenMessage = false
  for (let i = 0; i < events.length; i++) {
    const event = events[i]
    if (event?.type === 'user_message') seenMessage = true
    if (event?.type !== 'session_update' || event.title === undefined || event.by === 'agent')
      continue
    const automatic = !seenMessage && events[i + 1]?.type === 'user_message'
    if (!automatic) return true
  }
  return false
}

/**
 * The title an agent's `session_info_update` gives the session, or undefined when it changes
 * nothing: the person renamed the session, or the title is empty or the same.
 */
export function agentTitle(
  events: readonly SessionEvent[],
  current: string,
  offered: string,
): string | undefined {
  const title = offered.replace(/\s+/g, ' ').trim().slice(0, LIMITS.sessionTitle)
  if (title === '' || title === current || renamedByPerson(events)) return undefined
  return title
}
