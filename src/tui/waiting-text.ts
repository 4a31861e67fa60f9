import type { PendingInteraction } from '../shared/interactions'

const NAME: Record<PendingInteraction['kind'], string> = {
  question: 'A question',
  permission: 'A permission request',
  agent_permission: 'A permission request',
  form: 'A form',
}

/**
 * What the line printed on quitting says about what still waits in the session (it stays open
 * and comes back with it), or null when nothing does.
 */
export function waitingText(queue: readonly PendingInteraction[]): string | null {
  const first = queue[0]
  if (!first) return null
  if (queue.length > 1) return `${queue.length} requests wait for your answer in this session.`
  return `${NAME[first.kind]} waits for your answer in this session.`
}

/** What the start-up offer of the last session says it continues: a waiting request first. */
export function offerText(pendingCount: number): string {
  if (pendingCount === 0) return '/resume continues it'
  return `${pendingCount === 1 ? 'a request waits' : `${pendingCount} requests wait`} there: /resume answers`
}
