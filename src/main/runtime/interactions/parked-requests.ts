/**
 * The one turn-scoped await primitive (docs/architecture.md) that permission prompts and AskUserQuestion
 * share. A tool parks on a request id and gets a promise; the person's response resolves it; the
 * turn's end (stop, abort, error, removal, shutdown) settles everything parked in that turn, so no
 * request is ever leaked. Late or unknown responses are reported, never thrown into the turn.
 */

/** Why a parked request ended without a response. */
export type ParkEndReason =
  | 'stopped'
  | 'aborted'
  | 'error'
  | 'removed'
  | 'timed_out'
  | 'dismissed'
  | 'shutdown'
  /** The asker took the request back (a JSON-RPC cancel, the tool call that waited ended). */
  | 'withdrawn'
  /** The asker is gone (its process exited): the request stays shown, orphaned. */
  | 'orphaned'

export type Parked<T> = { kind: 'response'; value: T } | { kind: 'ended'; reason: ParkEndReason }

interface Entry {
  turnId: string
  settle: (outcome: Parked<unknown>) => void
  timer: ReturnType<typeof setTimeout> | undefined
}

export interface ParkOptions {
  /** Settles as `timed_out` after this many ms (permission prompts: 300 s). */
  timeoutMs?: number
}

type Listener = (turnId: string, parkedInTurn: number) => void

export class ParkedRequests {
  readonly #entries = new Map<string, Entry>()
  readonly #listeners = new Set<Listener>()

  /** Parks until `resolve(requestId, …)`, a timeout, or the turn is settled. */
  park<T>(turnId: string, requestId: string, options: ParkOptions = {}): Promise<Parked<T>> {
    if (this.#entries.has(requestId)) throw new Error(`request ${requestId} is already parked`)
    return new Promise<Parked<T>>((resolvePromise) => {
      const entry: Entry = {
        turnId,
        timer: undefined,
        settle: (outcome) => resolvePromise(outcome as Parked<T>),
      }
      if (options.timeoutMs !== undefined) {
        entry.timer = setTimeout(
          () => this.#finish(requestId, { kind: 'ended', reason: 'timed_out' }),
          options.timeoutMs,
        )
        entry.timer.unref?.()
      }
      this.#entries.set(requestId, entry)
      this.#notify(turnId)
    })
  }

  /**
   * Starts a request's countdown now (a permission prompt's 300 s start when it is shown, not
   * when it is queued). False when it is not parked or already counting down.
   */
  startTimeout(requestId: string, timeoutMs: number): boolean {
    const entry = this.#entries.get(requestId)
    if (!entry || entry.timer) return false
    entry.timer = setTimeout(
      () => this.#finish(requestId, { kind: 'ended', reason: 'timed_out' }),
      timeoutMs,
    )
    entry.timer.unref?.()
    return true
  }

  /** Delivers a response. False for an unknown or already-settled id: the caller reports it as late. */
  resolve<T>(requestId: string, value: T): boolean {
    return this.#finish(requestId, { kind: 'response', value })
  }

  /** Ends one request without a response (a dismissed recovered request). */
  end(requestId: string, reason: ParkEndReason): boolean {
    return this.#finish(requestId, { kind: 'ended', reason })
  }

  /** Settles every request parked in the turn; returns how many there were. */
  settleTurn(turnId: string, reason: ParkEndReason): number {
    let count = 0
    for (const [requestId, entry] of [...this.#entries]) {
      if (entry.turnId === turnId && this.#finish(requestId, { kind: 'ended', reason })) count++
    }
    return count
  }

  isParked(requestId: string): boolean {
    return this.#entries.has(requestId)
  }

  countInTurn(turnId: string): number {
    let count = 0
    for (const entry of this.#entries.values()) if (entry.turnId === turnId) count++
    return count
  }

  get size(): number {
    return this.#entries.size
  }

  /** Told whenever the number of requests parked in a turn changes (the stream watchdog listens). */
  onChange(listener: Listener): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  #finish(requestId: string, outcome: Parked<unknown>): boolean {
    const entry = this.#entries.get(requestId)
    if (!entry) return false
    this.#entries.delete(requestId)
    if (entry.timer) clearTimeout(entry.timer)
    entry.settle(outcome)
    this.#notify(entry.turnId)
    return true
  }

  #notify(turnId: string): void {
    const count = this.countInTurn(turnId)
    for (const listener of this.#listeners) listener(turnId, count)
  }
}
