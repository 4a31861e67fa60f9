import { AskerGoneError } from '../interactions/asker'
import type { InboundRequest } from './agent-connection'

/** Why an agent's request ended without the person's answer. */
export type EndCause =
  /** The agent sent `$/cancel_request` for this very request. */
  | 'agent_cancelled'
  /** The person stopped the turn, or the turn ended while the request waited. */
  | 'turn_ended'

/** How a request answers when it ends without an answer: a response, or a JSON-RPC error. */
export type Ending<T> = { value: T } | { error: Error }

/**
 * One request the agent is waiting on (a permission, a form, a write). Exactly one answer is sent
 * for it, whoever comes first: the person's answer, the agent's own cancellation, or the end of
 * the turn. A party claims the request before it acts (before a file is written, before a
 * response is sent), so a late second party can neither send a second answer nor act on one.
 */
export class PendingRequest<T> {
  readonly result: Promise<T>
  readonly #abort = new AbortController()
  #claimed = false
  #resolve!: (value: T) => void
  #reject!: (error: Error) => void

  constructor(
    request: InboundRequest,
    connection: AbortSignal,
    private readonly ending: (cause: EndCause) => Ending<T>,
  ) {
    this.result = new Promise<T>((resolve, reject) => {
      this.#resolve = resolve
      this.#reject = reject
    })
    const onAbort = () => {
      // The SDK aborts a request's signal on `$/cancel_request` and when the connection closes;
      // only the first is the agent withdrawing this request.
      if (connection.aborted) this.gone()
      else this.end('agent_cancelled')
    }
    if (request.signal.aborted) onAbort()
    else request.signal.addEventListener('abort', onAbort, { once: true })
  }

  /**
   * Aborted when the request is withdrawn (the agent cancelled it, the turn ended) or, with an
   * `AskerGoneError` reason, when the agent is gone. Hand it to the broker.
   */
  get signal(): AbortSignal {
    return this.#abort.signal
  }

  get settled(): boolean {
    return this.#claimed
  }

  /** Takes the right to answer; false when someone already has it. */
  claim(): boolean {
    if (this.#claimed) return false
    this.#claimed = true
    return true
  }

  /** Answers with `value` unless the request is already claimed; true when this answer goes out. */
  settle(value: T): boolean {
    if (!this.claim()) return false
    this.#resolve(value)
    return true
  }

  /** Answers with a JSON-RPC error unless the request is already claimed. */
  fail(error: Error): boolean {
    if (!this.claim()) return false
    this.#reject(error)
    return true
  }

  /** Sends what the claimant decided (after `claim()`). */
  deliver(outcome: Ending<T>): void {
    if ('value' in outcome) this.#resolve(outcome.value)
    else this.#reject(outcome.error)
  }

  /** Ends the request without the person's answer, and withdraws it from the broker. */
  end(cause: EndCause): void {
    if (this.claim()) this.deliver(this.ending(cause))
    this.#abort.abort(new Error(cause))
  }

  /** The agent is gone: nothing can be sent; the broker keeps the request as orphaned. */
  gone(): void {
    this.#claimed = true
    this.#abort.abort(new AskerGoneError('the agent is no longer running'))
    // Nobody reads this any more; settle it so nothing waits on it forever.
    this.#reject(new AskerGoneError())
  }
}

/** The requests of one agent connection that still wait for an answer. */
export class PendingRequests {
  readonly #open = new Set<PendingRequest<unknown>>()

  open<T>(
    request: InboundRequest,
    connection: AbortSignal,
    ending: (cause: EndCause) => Ending<T>,
  ): PendingRequest<T> {
    const pending = new PendingRequest(request, connection, ending)
    this.#open.add(pending as PendingRequest<unknown>)
    const forget = () => this.#open.delete(pending as PendingRequest<unknown>)
    pending.result.then(forget, forget)
    return pending
  }

  get size(): number {
    return this.#open.size
  }

  /** The turn ended: every waiting request is answered as ended (permissions `cancelled`). */
  endAll(): void {
    for (const pending of [...this.#open]) pending.end('turn_ended')
  }

  /** The agent is gone: every waiting request is withdrawn as orphaned. */
  goneAll(): void {
    for (const pending of [...this.#open]) pending.gone()
  }
}
