import type { BridgeEvent } from './bridge'
import type { PendingInteraction } from './interactions'

/**
 * A UI's mirror of one session's interaction FIFO (docs/architecture.md): pending permission and question
 * requests in arrival order, de-duplicated by requestId. Only the head is shown. These functions
 * are pure and return the same array when nothing changed, so stores can skip re-renders.
 */
export type InteractionQueue = readonly PendingInteraction[]

export const EMPTY_QUEUE: InteractionQueue = []

/** Appends a request unless one with the same requestId is already queued (replayed events). */
export function enqueueInteraction(
  queue: InteractionQueue,
  item: PendingInteraction,
): InteractionQueue {
  return queue.some((q) => q.requestId === item.requestId) ? queue : [...queue, item]
}

/** Removes a settled request; a request that is not queued (late, duplicate) changes nothing. */
export function settleInteraction(queue: InteractionQueue, requestId: string): InteractionQueue {
  return queue.some((q) => q.requestId === requestId)
    ? queue.filter((q) => q.requestId !== requestId)
    : queue
}

/** Replaces a queued request with its newer version (same requestId); unknown ones are ignored. */
export function updateInteraction(
  queue: InteractionQueue,
  item: PendingInteraction,
): InteractionQueue {
  const index = queue.findIndex((q) => q.requestId === item.requestId)
  if (index === -1 || queue[index] === item) return queue
  return queue.map((q, i) => (i === index ? item : q))
}

/** Replaces the queue with the runtime's `listPending` answer (after a reload or session switch). */
export function replaceQueue(
  queue: InteractionQueue,
  pending: readonly PendingInteraction[],
): InteractionQueue {
  const same =
    queue.length === pending.length && queue.every((q, i) => q.requestId === pending[i]?.requestId)
  return same ? queue : [...pending]
}

/** The one request the UI shows, if any. */
export function queueHead(queue: InteractionQueue): PendingInteraction | undefined {
  return queue[0]
}

/** Applies a live bridge event to one session's queue; other events leave it unchanged. */
export function applyEventToQueue(
  queue: InteractionQueue,
  sessionId: string,
  event: BridgeEvent,
): InteractionQueue {
  if (event.sessionId !== sessionId) return queue
  if (event.type === 'interaction_added') return enqueueInteraction(queue, event.interaction)
  if (event.type === 'interaction_updated') return updateInteraction(queue, event.interaction)
  if (event.type === 'interaction_settled') return settleInteraction(queue, event.requestId)
  return queue
}
