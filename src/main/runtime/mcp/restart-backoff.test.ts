import { describe, expect, it } from 'vitest'
import { DEFAULT_RESTART_POLICY, nextRestart } from './restart-backoff'

const policy = DEFAULT_RESTART_POLICY

describe('restart backoff', () => {
  it('doubles the pause after each crash in a row, up to the limit, then gives up', () => {
    const delays: number[] = []
    let previousAttempt = 0
    for (;;) {
      const decision = nextRestart(policy, { previousAttempt, upForMs: 1_000 })
      if (decision.kind === 'give_up') break
      delays.push(decision.delayMs)
      previousAttempt = decision.attempt
    }
    expect(delays).toEqual([500, 1_000, 2_000, 4_000, 8_000])
  })

  it('caps the pause', () => {
    expect(
      nextRestart({ ...policy, maxAttempts: 20 }, { previousAttempt: 10, upForMs: null }),
    ).toEqual({ kind: 'retry', attempt: 11, delayMs: 30_000 })
  })

  it('starts counting again after a server stayed up a while', () => {
    expect(nextRestart(policy, { previousAttempt: 4, upForMs: 60_000 })).toEqual({
      kind: 'retry',
      attempt: 1,
      delayMs: 500,
    })
    expect(nextRestart(policy, { previousAttempt: 5, upForMs: 59_999 })).toEqual({
      kind: 'give_up',
    })
  })
})
