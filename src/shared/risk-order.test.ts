import { describe, expect, it } from 'vitest'
import { flaggedParts, highestRisk } from './risk-order'

describe('risk order', () => {
  it('finds the highest risk, low for none', () => {
    expect(highestRisk(['low', 'high', 'medium'])).toBe('high')
    expect(highestRisk([])).toBe('low')
  })

  it('flags the riskiest part when it stands out above another', () => {
    expect(flaggedParts(['medium', 'high', 'low'])).toEqual([false, true, false])
    expect(flaggedParts(['low', 'medium'])).toEqual([false, true])
  })

  it('flags every high part, even when all are high', () => {
    expect(flaggedParts(['high', 'high'])).toEqual([true, true])
  })

  it('flags nothing when parts are equally medium, or all low', () => {
    expect(flaggedParts(['medium', 'medium'])).toEqual([false, false])
    expect(flaggedParts(['low', 'low'])).toEqual([false, false])
  })
})
