import { describe, expect, it } from 'vitest'
import { truncate } from './truncate'

describe('truncate', () => {
  it('keeps text that fits and cuts longer text to the limit, ending in an ellipsis', () => {
    expect(truncate('short', 5)).toBe('short')
    expect(truncate('longer text', 6)).toBe('longe…')
    expect(truncate('longer text', 6)).toHaveLength(6)
  })
})
