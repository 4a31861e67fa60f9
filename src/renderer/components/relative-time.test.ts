import { describe, expect, it } from 'vitest'
import { relativeTime } from './relative-time'

const at = (text: string) => new Date(text).getTime()

describe('relative session times', () => {
  const now = at('2026-03-12T15:00:00')
  it('says how long ago in words a person uses', () => {
    expect(relativeTime(now - 20_000, now)).toBe('just now')
    expect(relativeTime(now - 5 * 60_000, now)).toBe('5 min ago')
    expect(relativeTime(at('2026-03-12T09:30:00'), now)).toBe('5 h ago')
    expect(relativeTime(at('2026-03-11T23:00:00'), now)).toBe('yesterday')
    expect(relativeTime(at('2026-03-09T10:00:00'), now)).toBe('Monday')
    expect(relativeTime(at('2026-02-01T10:00:00'), now)).toBe('Feb 1')
    expect(relativeTime(at('2025-12-24T10:00:00'), now)).toBe('Dec 24, 2025')
  })
})
