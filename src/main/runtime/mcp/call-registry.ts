/**
 * The Parley tool calls in flight on one server, and the elicitations that server sent meanwhile.
 *
 * MCP does not say which `tools/call` a server's `elicitation/create` belongs to (on stdio nothing
 * links them), so an elicitation is attributed to the turn of the call in flight on that server:
 *
 * - no call in flight: it belongs to nobody. The manager answers `cancel` (nobody could have been
 *   asked) and notes it on the server's status; Parley never shows a form outside a turn.
 * - calls of one turn in flight (the usual case, including parallel calls): that turn; the form
 *   names the tool call when exactly one is in flight.
 * - calls of several turns (two sessions using one server at once): the turn of the call that
 *   started first. This is a guess, and documented as one.
 *
 * An elicitation is withdrawn (its signal aborts, the tray drops it) when no call of its turn is
 * in flight on the server any more: the calls it could belong to have all ended.
 */

export interface InFlightCall {
  sessionId: string
  turnId: string
  toolCallId: string
  /** Called when the server shows life for this call's turn (an answer was given): resets idle. */
  touch(): void
}

/** Who an elicitation is shown to. */
export interface ElicitationOwner {
  sessionId: string
  turnId: string
  /** Set when exactly one call of that turn is in flight on the server. */
  toolCallId?: string
}

interface Waiting {
  sessionId: string
  turnId: string
  withdraw: AbortController
}

/** Pure choice of owner; `calls` in the order they started. */
export function attributeElicitation(calls: readonly InFlightCall[]): ElicitationOwner | null {
  const first = calls[0]
  if (!first) return null
  const sameTurn = calls.filter(
    (call) => call.sessionId === first.sessionId && call.turnId === first.turnId,
  )
  return {
    sessionId: first.sessionId,
    turnId: first.turnId,
    ...(sameTurn.length === 1 ? { toolCallId: first.toolCallId } : {}),
  }
}

export class CallRegistry {
  /** In start order (a Map keeps insertion order). */
  readonly #calls = new Map<symbol, InFlightCall>()
  readonly #waiting = new Set<Waiting>()

  get size(): number {
    return this.#calls.size
  }

  /** Records a call as in flight; the returned function ends it. */
  begin(call: InFlightCall): () => void {
    const key = Symbol(call.toolCallId)
    this.#calls.set(key, call)
    return () => {
      if (!this.#calls.delete(key)) return
      for (const waiting of this.#waiting) {
        if (!this.#turnHasCalls(waiting.sessionId, waiting.turnId)) waiting.withdraw.abort()
      }
    }
  }

  /**
   * Attributes an elicitation. Null when no call is in flight. `signal` aborts when its turn has no
   * call left on the server; `settled()` must be called once the elicitation is answered or ended.
   */
  attach(): { owner: ElicitationOwner; signal: AbortSignal; settled(): void } | null {
    const owner = attributeElicitation([...this.#calls.values()])
    if (!owner) return null
    const waiting: Waiting = {
      sessionId: owner.sessionId,
      turnId: owner.turnId,
      withdraw: new AbortController(),
    }
    this.#waiting.add(waiting)
    return {
      owner,
      signal: waiting.withdraw.signal,
      settled: () => {
        this.#waiting.delete(waiting)
        for (const call of this.#calls.values())
          if (call.sessionId === owner.sessionId && call.turnId === owner.turnId) call.touch()
      },
    }
  }

  /** True while an elicitation of this turn waits for the person (a call's idle limit pauses). */
  personIsAnswering(sessionId: string, turnId: string): boolean {
    for (const waiting of this.#waiting)
      if (waiting.sessionId === sessionId && waiting.turnId === turnId) return true
    return false
  }

  #turnHasCalls(sessionId: string, turnId: string): boolean {
    for (const call of this.#calls.values())
      if (call.sessionId === sessionId && call.turnId === turnId) return true
    return false
  }
}
