import type { BridgeEvent } from '../../shared/bridge'

/** At most this long the UIs wait to see a turn end while its end checkpoint is taken. */
const END_CHECKPOINT_WAIT_MS = 1_500

/**
 * The runtime's events on their way to the UIs: every listener hears each event (a failing one
 * breaks neither the runtime nor the others), and a session's events can be held back while its
 * turn's end checkpoint is taken.
 */
export class EventHub {
  readonly #listeners = new Set<(event: BridgeEvent) => void>()
  /** Per session, the events held back while its turn's end checkpoint is taken (see holdUntil). */
  readonly #held = new Map<string, BridgeEvent[]>()

  /** `emitted` hears every event as it is emitted, held or not (the inbox, the webhook). */
  constructor(private readonly emitted: (event: BridgeEvent) => void) {}

  onEvent(listener: (event: BridgeEvent) => void): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  emit(event: BridgeEvent): void {
    const held = event.type === 'inbox_changed' ? undefined : this.#held.get(event.sessionId)
    if (held) held.push(event)
    else this.#deliver(event)
    this.emitted(event)
  }

  #deliver(event: BridgeEvent): void {
    for (const listener of this.#listeners) {
      try {
        listener(event)
      } catch {
        // A failing UI must not break the runtime or the other UIs.
      }
    }
  }

  /**
   * Holds a session's events back from the UIs until `taken` (the turn's end checkpoint) or at
   * most END_CHECKPOINT_WAIT_MS: the person sees the turn end only once the files as the agent
   * left them are kept, so an edit they make right after is told apart from the agent's at a
   * rewind. The inbox (a snapshot of every session) is never held.
   */
  holdUntil(sessionId: string, taken: Promise<void>): void {
    if (this.#held.has(sessionId)) return
    const held: BridgeEvent[] = []
    this.#held.set(sessionId, held)
    let timer: ReturnType<typeof setTimeout> | undefined
    const waited = new Promise<void>((done) => {
      timer = setTimeout(done, END_CHECKPOINT_WAIT_MS)
    })
    void Promise.race([taken, waited]).then(() => {
      clearTimeout(timer)
      this.#held.delete(sessionId)
      for (const event of held) this.#deliver(event)
    })
  }

  clear(): void {
    this.#listeners.clear()
  }
}
