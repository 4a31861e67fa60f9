import { type PendingInteraction } from '../../../shared/interactions'
import { awaitsAnswer } from '../../../shared/interaction-words'

/**
 * The per-session interaction FIFO, runtime side (docs/architecture.md): every request waiting for the
 * person, in arrival order, whoever asked. UIs mirror it and re-read it with `listPending`; they
 * show only its head. The broker is its only writer.
 */
export class InteractionFifo {
  readonly #bySession = new Map<string, PendingInteraction[]>()

  add(item: PendingInteraction): void {
    const list = this.#bySession.get(item.sessionId) ?? []
    if (!list.some((q) => q.requestId === item.requestId)) list.push(item)
    this.#bySession.set(item.sessionId, list)
  }

  /** Replaces a queued request with its newer version (same requestId). */
  replace(item: PendingInteraction): void {
    const list = this.#bySession.get(item.sessionId)
    const index = list?.findIndex((q) => q.requestId === item.requestId) ?? -1
    if (list && index !== -1) list[index] = item
  }

  remove(requestId: string): PendingInteraction | undefined {
    for (const [sessionId, list] of this.#bySession) {
      const index = list.findIndex((q) => q.requestId === requestId)
      if (index === -1) continue
      const [removed] = list.splice(index, 1)
      if (list.length === 0) this.#bySession.delete(sessionId)
      return removed
    }
    return undefined
  }

  get(requestId: string): PendingInteraction | undefined {
    for (const list of this.#bySession.values()) {
      const found = list.find((q) => q.requestId === requestId)
      if (found) return found
    }
    return undefined
  }

  /** The request a UI shows for the session, if any. */
  head(sessionId: string): PendingInteraction | undefined {
    return this.#bySession.get(sessionId)?.[0]
  }

  list(sessionId: string): PendingInteraction[] {
    return [...(this.#bySession.get(sessionId) ?? [])]
  }

  /** Every session that has something waiting, with its requests in arrival order. */
  sessions(): { sessionId: string; pending: PendingInteraction[] }[] {
    return [...this.#bySession].map(([sessionId, list]) => ({ sessionId, pending: [...list] }))
  }

  /** The session's requests that someone still waits on (orphaned ones are not counted). */
  count(sessionId: string): number {
    return this.#bySession.get(sessionId)?.filter(awaitsAnswer).length ?? 0
  }
}
