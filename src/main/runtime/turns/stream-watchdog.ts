import type { ParkedRequests } from '../interactions/parked-requests'

/**
 * Aborts a model stream that goes quiet: no chunk for `idleMs` → `onIdle()`. Paused while anything
 * in the turn is parked, since then silence is the person thinking, not a stalled model.
 */
export class StreamWatchdog {
  #timer: ReturnType<typeof setTimeout> | undefined
  #stopped = false
  readonly #unsubscribe: () => void

  constructor(
    private readonly turnId: string,
    private readonly parked: ParkedRequests,
    private readonly idleMs: number,
    private readonly onIdle: () => void,
  ) {
    this.#unsubscribe = parked.onChange((changedTurn, count) => {
      if (changedTurn !== this.turnId) return
      if (count > 0) this.#clear()
      else this.kick()
    })
    this.kick()
  }

  /** A chunk arrived (or the turn went back to waiting on the model): restart the countdown. */
  kick(): void {
    this.#clear()
    if (this.#stopped || this.parked.countInTurn(this.turnId) > 0) return
    this.#timer = setTimeout(() => {
      if (!this.#stopped) this.onIdle()
    }, this.idleMs)
    this.#timer.unref?.()
  }

  get paused(): boolean {
    return this.#timer === undefined
  }

  stop(): void {
    this.#stopped = true
    this.#clear()
    this.#unsubscribe()
  }

  #clear(): void {
    if (this.#timer) clearTimeout(this.#timer)
    this.#timer = undefined
  }
}
