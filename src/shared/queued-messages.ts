/**
 * Messages the person typed while a turn was still running (both UIs): they wait here, shown as
 * queued, editable and cancellable, and the oldest is sent when the session's turn ends. Pure
 * functions that return the same array when nothing changed, so stores can skip re-renders.
 */
export interface QueuedMessage {
  /** Unique within its queue; made by the UI (a counter is enough). */
  readonly id: string
  readonly text: string
}

export type MessageQueue = readonly QueuedMessage[]

export const EMPTY_MESSAGE_QUEUE: MessageQueue = []

/** Appends a message; blank text is not queued (the composer sends nothing for it either). */
export function queueMessage(queue: MessageQueue, message: QueuedMessage): MessageQueue {
  if (message.text.trim() === '' || queue.some((m) => m.id === message.id)) return queue
  return [...queue, message]
}

/** Changes a queued message's text; blank text cancels it, an unknown id changes nothing. */
export function editQueuedMessage(queue: MessageQueue, id: string, text: string): MessageQueue {
  if (text.trim() === '') return cancelQueuedMessage(queue, id)
  const index = queue.findIndex((m) => m.id === id)
  if (index === -1 || queue[index]?.text === text) return queue
  return queue.map((m, i) => (i === index ? { id, text } : m))
}

/** Removes a queued message; an unknown id (already sent or cancelled) changes nothing. */
export function cancelQueuedMessage(queue: MessageQueue, id: string): MessageQueue {
  return queue.some((m) => m.id === id) ? queue.filter((m) => m.id !== id) : queue
}

/**
 * What to send now that the session is idle: the oldest queued message and the queue without it,
 * or nothing while a turn runs or the queue is empty. One message per idle moment: its own turn
 * runs before the next is taken.
 */
export function takeNextQueued(
  queue: MessageQueue,
  turnRunning: boolean,
): { readonly next: QueuedMessage; readonly rest: MessageQueue } | undefined {
  const next = queue[0]
  if (turnRunning || next === undefined) return undefined
  return { next, rest: queue.slice(1) }
}

/**
 * The text a stopped turn's queue goes back into the message box as: each queued message, oldest
 * first, then what is already typed, one per line (nothing is sent: the person decides again).
 */
export function queuedAsDraft(queue: MessageQueue, draft: string): string {
  return [...queue.map((m) => m.text), draft].filter((text) => text.trim() !== '').join('\n')
}
