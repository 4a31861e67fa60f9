import type { FormResponse } from '../../../../shared/form-schema'
import type {
  AskAnswer,
  AskBody,
  AskOutcome,
  AskRequest,
  InteractionAsker,
  PolicyOutcome,
  PolicyRequest,
} from '../../interactions/asker'

/** One request the fake broker received, for the test to answer. */
export interface ReceivedAsk {
  request: AskRequest<AskBody>
  /** Settles the request as the real broker would after the person (or a refusal) answered. */
  answer(outcome: AskOutcome<FormResponse | { optionId: string }>): void
  /** True once the asker withdrew it (its signal aborted). */
  readonly withdrawn: boolean
  /** Resolves when the asker withdraws it. */
  whenWithdrawn: Promise<void>
}

/**
 * The interaction broker as the MCP layer sees it, played by the test: requests queue up until the
 * test takes them with `next()`; an aborted signal ends a request as `withdrawn`, as the broker does.
 */
export class FakeAsker implements InteractionAsker {
  readonly received: ReceivedAsk[] = []
  readonly authorizations: PolicyRequest[] = []
  readonly #unclaimed: ReceivedAsk[] = []
  readonly #waiters: Array<(ask: ReceivedAsk) => void> = []

  ask<B extends AskBody>(request: AskRequest<B>): Promise<AskOutcome<AskAnswer<B>>> {
    return new Promise((resolve) => {
      let settled = false
      let withdrawn = false
      let onWithdrawn = () => {}
      const whenWithdrawn = new Promise<void>((done) => (onWithdrawn = done))
      const settle = (outcome: AskOutcome<FormResponse | { optionId: string }>) => {
        if (settled) return
        settled = true
        resolve(outcome as AskOutcome<AskAnswer<B>>)
      }
      const received: ReceivedAsk = {
        request,
        answer: settle,
        get withdrawn() {
          return withdrawn
        },
        whenWithdrawn,
      }
      const withdraw = () => {
        withdrawn = true
        onWithdrawn()
        settle({ kind: 'ended', reason: 'withdrawn' })
      }
      if (request.signal?.aborted) withdraw()
      else request.signal?.addEventListener('abort', withdraw, { once: true })
      this.received.push(received)
      const waiter = this.#waiters.shift()
      if (waiter) waiter(received)
      else this.#unclaimed.push(received)
    })
  }

  async authorize(request: PolicyRequest): Promise<PolicyOutcome> {
    this.authorizations.push(request)
    return { allowed: true }
  }

  /** The next request not yet taken (waits for it to arrive). */
  next(): Promise<ReceivedAsk> {
    const ready = this.#unclaimed.shift()
    if (ready) return Promise.resolve(ready)
    return new Promise((resolve) => this.#waiters.push(resolve))
  }
}
