import { act, cleanup, render } from '@testing-library/react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { useMinuteClock } from './minute-clock'

function Clock() {
  return <span>{useMinuteClock()}</span>
}

beforeEach(() => {
  vi.useFakeTimers()
  vi.setSystemTime(10_000)
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

test('every relative time on screen shares one timer and moves on together once a minute', () => {
  const { container } = render(
    <>
      <Clock />
      <Clock />
      <Clock />
    </>,
  )
  expect(vi.getTimerCount()).toBe(1)
  expect(container.textContent).toBe('100001000010000')
  act(() => vi.advanceTimersByTime(59_000))
  expect(container.textContent).toBe('100001000010000')
  act(() => vi.advanceTimersByTime(1_000))
  expect(container.textContent).toBe('700007000070000')
})

test('with nothing on screen the clock stops, and shows the time at once when next used', () => {
  const first = render(<Clock />)
  first.unmount()
  expect(vi.getTimerCount()).toBe(0)
  vi.setSystemTime(500_000)
  const { container } = render(<Clock />)
  expect(container.textContent).toBe('500000')
})
