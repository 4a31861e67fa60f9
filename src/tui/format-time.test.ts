import { expect, test } from 'vitest'
import { formatAgo, formatCountdown, formatElapsed, formatSince } from './format-time'

test('the countdown shows minutes and seconds left and stops at zero', () => {
  expect(formatCountdown(300_000, 0)).toBe('5:00')
  expect(formatCountdown(300_000, 241_500)).toBe('0:59')
  expect(formatCountdown(1_000, 5_000)).toBe('0:00')
})

test('"waiting since" shows the time today and the date for older requests', () => {
  const at = new Date(2026, 10, 30, 9, 5).getTime()
  expect(formatSince(at, new Date(2026, 10, 30, 12, 0).getTime())).toBe('09:05')
  expect(formatSince(at, new Date(2026, 11, 2, 8, 0).getTime())).toBe('2026-11-30 09:05')
})

test('"ago" and elapsed times are short words', () => {
  expect(formatAgo(0, 20_000)).toBe('just now')
  expect(formatAgo(0, 5 * 60_000)).toBe('5 min ago')
  expect(formatAgo(0, 3 * 3_600_000)).toBe('3 h ago')
  expect(formatAgo(0, 72 * 3_600_000)).toBe('3 days ago')
  expect(formatElapsed(12_400)).toBe('12s')
  expect(formatElapsed(185_000)).toBe('3m 05s')
})
