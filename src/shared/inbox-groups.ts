import type { InboxItem } from './inbox'

/** The inbox's requests of one session, in the order they wait. */
export type InboxGroup = {
  sessionId: string
  sessionTitle: string
  items: InboxItem[]
}

/**
 * The inbox's lines grouped by session: the session whose request has waited longest first, and
 * within a session its requests in the order they wait (the order `inboxItems` gives).
 */
export function inboxGroups(items: readonly InboxItem[]): InboxGroup[] {
  const groups = new Map<string, InboxGroup>()
  for (const item of items) {
    const group = groups.get(item.sessionId)
    if (group) group.items.push(item)
    else
      groups.set(item.sessionId, {
        sessionId: item.sessionId,
        sessionTitle: item.sessionTitle,
        items: [item],
      })
  }
  return [...groups.values()]
}

/** The request ids in the order the grouped list shows them (what j and k walk through). */
export function inboxOrder(groups: readonly InboxGroup[]): string[] {
  return groups.flatMap((group) => group.items.map((item) => item.interaction.requestId))
}

/**
 * The request `step` places away from `requestId` in `order` (j: +1, k: −1), held at the ends;
 * with nothing selected, j starts at the first and k at the last. Null for an empty list.
 */
export function stepThrough(
  order: readonly string[],
  requestId: string | null,
  step: 1 | -1,
): string | null {
  if (order.length === 0) return null
  const at = requestId === null ? -1 : order.indexOf(requestId)
  if (at === -1) return (step === 1 ? order[0] : order.at(-1)) ?? null
  return order[Math.min(order.length - 1, Math.max(0, at + step))] ?? null
}

/**
 * What takes the place of a request that left the list (answered here or anywhere else): the one
 * that was after it in the order before, else the one before it; null when none is left.
 */
export function successor(
  before: readonly string[],
  after: readonly string[],
  gone: string,
): string | null {
  const still = new Set(after)
  const at = before.indexOf(gone)
  if (at === -1) return null
  const next = before.slice(at + 1).find((id) => still.has(id))
  return next ?? before.slice(0, at).findLast((id) => still.has(id)) ?? null
}
