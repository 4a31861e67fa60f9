import { describe, expect, it } from 'vitest'
import { contextUsageText, tokenCount } from './context-usage-words'

describe('the session header’s usage words', () => {
  it('counts tokens briefly', () => {
    expect([950, 1_200, 12_345, 200_000, 1_050_000].map(tokenCount)).toEqual([
      '950',
      '1.2k',
      '12.3k',
      '200k',
      '1.05M',
    ])
  })

  it('says context used of the window, and the cost in its currency or unit', () => {
    expect(
      contextUsageText({ used: 12_345, size: 200_000, cost: { amount: 0.42, currency: 'USD' } }),
    ).toEqual({
      short: '12.3k / 200k tokens (6%) · $0.42',
      spoken: '12,345 of 200,000 tokens of context used, 6%; cost so far $0.42',
    })
    expect(contextUsageText({ used: 800 }).short).toBe('800 tokens')
    expect(
      contextUsageText({ used: 10, size: 100, cost: { amount: 3, currency: 'credits' } }).short,
    ).toBe('10 / 100 tokens (10%) · 3 credits')
  })
})
