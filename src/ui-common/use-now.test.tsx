import { act, cleanup, render } from '@testing-library/react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { useNow } from './use-now'

function Clock({ active }: { active: boolean }) {
  return <span>{useNow({ everyMs: 1_000, active })}</span>
}

beforeEach(() => {
  vi.useFakeTimers()
  vi.setSystemTime(10_000)
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

test('an active clock ticks every interval', () => {
  const { container } = render(<Clock active />)
  expect(container.textContent).toBe('10000')
  act(() => vi.advanceTimersByTime(1_000))
  expect(container.textContent).toBe('11000')
  act(() => vi.advanceTimersByTime(2_000))
  expect(container.textContent).toBe('13000')
})

test('an inactive clock stands still, and catches up at once when it becomes active', () => {
  const { container, rerender } = render(<Clock active={false} />)
  act(() => vi.advanceTimersByTime(5_000))
  expect(container.textContent).toBe('10000')
  rerender(<Clock active />)
  act(() => vi.advanceTimersByTime(0))
  expect(container.textContent).toBe('15000')
})
