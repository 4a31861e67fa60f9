import type { PendingInteraction, QuestionInteraction } from '../../shared/interactions'
import type { QuestionDraft } from '../../shared/ask-user-question'

/**
 * The per-session interaction FIFO, runtime side: the source of truth UIs mirror and re-read with
 * `listPending(sessionId)`. Permission and question requests share it in arrival order.
 */
export class PendingInteractions {
  readonly #bySession = new Map<string, PendingInteraction[]>()

  add(item: PendingInteraction): void {
    const list = this.#bySession.get(item.sessionId) ?? []
    if (!list.some((q) => q.requestId === item.requestId)) list.push(item)
    this.#bySession.set(item.sessionId, list)
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

  list(sessionId: string): PendingInteraction[] {
    return [...(this.#bySession.get(sessionId) ?? [])]
  }

  count(sessionId: string): number {
    return this.#bySession.get(sessionId)?.length ?? 0
  }

  setDraft(requestId: string, draft: QuestionDraft): QuestionInteraction | undefined {
    const item = this.get(requestId)
    if (item?.kind !== 'question') return undefined
    item.draft = draft
    return item
  }
}
