import type { McpClock } from '../mcp-clock'

interface Sleeper {
  due: number
  ms: number
  resolve(): void
}

/** A clock the test moves by hand: `sleep` waits until `advance` passes its time. */
export class ManualClock implements McpClock {
  #now = 1_000_000
  readonly #sleepers = new Set<Sleeper>()

  now(): number {
    return this.#now
  }

  sleep(ms: number, signal: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      if (signal.aborted) {
        reject(signal.reason)
        return
      }
      const sleeper: Sleeper = { due: this.#now + ms, ms, resolve }
      this.#sleepers.add(sleeper)
      signal.addEventListener(
        'abort',
        () => {
          this.#sleepers.delete(sleeper)
          reject(signal.reason)
        },
        { once: true },
      )
    })
  }

  /** The durations of the sleeps now pending, shortest first. */
  pending(): number[] {
    return [...this.#sleepers].map((sleeper) => sleeper.ms).sort((a, b) => a - b)
  }

  /** Moves time on and wakes every sleep that is due. */
  advance(ms: number): void {
    this.#now += ms
    for (const sleeper of [...this.#sleepers]) {
      if (sleeper.due > this.#now) continue
      this.#sleepers.delete(sleeper)
      sleeper.resolve()
    }
  }
}
