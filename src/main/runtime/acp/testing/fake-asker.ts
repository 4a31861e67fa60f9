import type {
  AskAnswer,
  AskBody,
  AskOutcome,
  AskRequest,
  InteractionAsker,
  PolicyOutcome,
  PolicyRequest,
} from '../../interactions/asker'

/** One request that reached the fake broker; the test answers it by hand. */
export interface FakeAsk {
  request: AskRequest<AskBody>
  /** Resolves the request as the broker would (first call wins). */
  answer(outcome: AskOutcome<AskAnswer<AskBody>>): void
  /** Why the asker withdrew it (the signal's reason), once it did. */
  withdrawnWith(): unknown
}

/**
 * A stand-in for the interaction broker: records every `ask`, lets the test answer each one, and
 * ends one as `withdrawn` when its asker aborts the signal (as the broker does). `authorize`
 * answers with `policy`, and records what it was asked.
 */
export class FakeAsker implements InteractionAsker {
  readonly asks: FakeAsk[] = []
  readonly authorizations: PolicyRequest[] = []
  policy: (request: PolicyRequest) => PolicyOutcome | Promise<PolicyOutcome> = () => ({
    allowed: true,
  })
  readonly #waiters: Array<{ count: number; resolve: () => void }> = []

  ask<B extends AskBody>(request: AskRequest<B>): Promise<AskOutcome<AskAnswer<B>>> {
    return new Promise((resolve) => {
      let done = false
      const finish = (outcome: AskOutcome<AskAnswer<B>>) => {
        if (done) return
        done = true
        resolve(outcome)
      }
      request.signal?.addEventListener(
        'abort',
        () => finish({ kind: 'ended', reason: 'withdrawn' }),
        { once: true },
      )
      this.asks.push({
        request: request as AskRequest<AskBody>,
        answer: (outcome) => finish(outcome as AskOutcome<AskAnswer<B>>),
        withdrawnWith: () => (request.signal?.aborted ? request.signal.reason : undefined),
      })
      for (const waiter of [...this.#waiters]) {
        if (this.asks.length >= waiter.count) {
          this.#waiters.splice(this.#waiters.indexOf(waiter), 1)
          waiter.resolve()
        }
      }
    })
  }

  async authorize(request: PolicyRequest): Promise<PolicyOutcome> {
    this.authorizations.push(request)
    return this.policy(request)
  }

  /** Resolves once `count` requests have arrived; returns the newest of them. */
  async waitForAsk(count = this.asks.length + 1): Promise<FakeAsk> {
    if (this.asks.length < count) {
      await new Promise<void>((resolve) => this.#waiters.push({ count, resolve }))
    }
    return this.asks[count - 1] as FakeAsk
  }
}
