import { expect, test } from 'vitest'
import { formatAgo, formatCountdown, formatElapsed, formatSince, secondsLeft } from './format-time'

const at = (text: string) => new Date(text).getTime()

test('a countdown shows the minutes and seconds left, rounded up, and stops at zero', () => {
  expect(formatCountdown(300_000, 0)).toBe('5:00')
  expect(formatCountdown(300_000, 1)).toBe('5:00')
  expect(formatCountdown(300_000, 1_000)).toBe('4:59')
  expect(formatCountdown(300_000, 241_500)).toBe('0:59')
  expect(formatCountdown(1_000, 5_000)).toBe('0:00')
  expect(secondsLeft(10_000, 7_200)).toBe(3)
  expect(secondsLeft(10_000, 20_000)).toBe(0)
})

test('"waiting since" shows the time today and the date too for older requests', () => {
  const since = new Date(2026, 10, 30, 9, 5).getTime()
  expect(formatSince(since, new Date(2026, 10, 30, 12, 0).getTime())).toBe('09:05')
  expect(formatSince(since, new Date(2026, 11, 2, 8, 0).getTime())).toBe('2026-11-30 09:05')
})

test('how long ago is said in the words a person uses', () => {
  const now = at('2026-03-12T15:00:00')
  expect(formatAgo(now - 20_000, now)).toBe('just now')
  expect(formatAgo(now - 5 * 60_000, now)).toBe('5 min ago')
  expect(formatAgo(at('2026-03-12T09:30:00'), now)).toBe('5 h ago')
  expect(formatAgo(at('2026-03-11T23:00:00'), now)).toBe('yesterday')
  expect(formatAgo(at('2026-03-09T10:00:00'), now)).toBe('Monday')
  expect(formatAgo(at('2026-02-01T10:00:00'), now)).toBe('Feb 1')
  expect(formatAgo(at('2025-12-24T10:00:00'), now)).toBe('Dec 24, 2025')
})

test('an elapsed time is short: seconds, then minutes and seconds', () => {
  expect(formatElapsed(12_400)).toBe('12s')
  expect(formatElapsed(185_000)).toBe('3m 05s')
  expect(formatElapsed(-5)).toBe('0s')
})
