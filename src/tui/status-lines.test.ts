import { describe, expect, test } from 'vitest'
import { statusLines, type StatusInput } from './status-lines'
import { lineText } from './styled-text'

const base: StatusInput = {
  confirmingBypass: false,
  mode: 'execute',
  hint: null,
  retrying: null,
  working: false,
  runningSince: null,
  lastTurnFailed: false,
  offer: null,
  now: 10_000,
  width: 100,
}
const text = (input: Partial<StatusInput>) => statusLines({ ...base, ...input }).map(lineText)

describe('the status row', () => {
  test('a working turn shows a spinner and how long it has run', () => {
    expect(text({ working: true, runningSince: 8_000 })).toEqual(['⠋ Working… 2s · Esc interrupts'])
  })

  test('a retry says which attempt, when, and why in plain words', () => {
    const retrying = {
      turnId: 't',
      attempt: 2,
      maxAttempts: 3,
      at: 14_000,
      message: 'AI_RetryError: rate limited by the server',
    }
    expect(text({ working: true, retrying })).toEqual([
      '⠋ Retrying 2/3 in 4 s · rate limited by the server · Esc stops',
    ])
  })

  test('the bypass confirmation comes before anything else', () => {
    expect(text({ confirmingBypass: true, hint: 'x', working: true })[0]).toContain(
      'Switch to bypass?',
    )
  })

  test('nothing to say, no row', () => {
    expect(text({})).toEqual([])
  })
})
