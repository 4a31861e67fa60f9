import { expect, test } from 'vitest'
import { formatCountdown, formatSince } from './format-time'

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
