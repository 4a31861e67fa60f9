import { afterEach, describe, expect, it, vi } from 'vitest'
import { ParkedRequests } from './parked-requests'
import { StreamWatchdog } from '../turns/stream-watchdog'

describe('ParkedRequests', () => {
  it('resolves a parked request once and reports a late or unknown response as false', async () => {
    const parked = new ParkedRequests()
    const waiting = parked.park<string>('t1', 'r1')
    expect(parked.resolve('r1', 'yes')).toBe(true)
    expect(await waiting).toEqual({ kind: 'response', value: 'yes' })
    expect(parked.resolve('r1', 'again')).toBe(false)
    expect(parked.resolve('nope', 'x')).toBe(false)
    expect(parked.size).toBe(0)
  })

  it('settles every request of a turn, and only that turn', async () => {
    const parked = new ParkedRequests()
    const a = parked.park('t1', 'a')
    const b = parked.park('t1', 'b')
    const other = parked.park('t2', 'c')
    expect(parked.settleTurn('t1', 'stopped')).toBe(2)
    expect(await a).toEqual({ kind: 'ended', reason: 'stopped' })
    expect(await b).toEqual({ kind: 'ended', reason: 'stopped' })
    expect(parked.isParked('c')).toBe(true)
    parked.resolve('c', 1)
    expect(await other).toEqual({ kind: 'response', value: 1 })
  })

  it('times out as timed_out', async () => {
    vi.useFakeTimers()
    const parked = new ParkedRequests()
    const waiting = parked.park('t1', 'r', { timeoutMs: 300_000 })
    vi.advanceTimersByTime(299_999)
    expect(parked.isParked('r')).toBe(true)
    vi.advanceTimersByTime(1)
    expect(await waiting).toEqual({ kind: 'ended', reason: 'timed_out' })
    expect(parked.size).toBe(0)
  })

  it('a countdown started later (when the request is shown) runs from then', async () => {
    vi.useFakeTimers()
    const parked = new ParkedRequests()
    const waiting = parked.park('t1', 'r')
    vi.advanceTimersByTime(1_000_000)
    expect(parked.isParked('r')).toBe(true)
    expect(parked.startTimeout('r', 100)).toBe(true)
    expect(parked.startTimeout('r', 100)).toBe(false)
    vi.advanceTimersByTime(100)
    expect(await waiting).toEqual({ kind: 'ended', reason: 'timed_out' })
    expect(parked.startTimeout('r', 100)).toBe(false)
  })
})

afterEach(() => {
  vi.useRealTimers()
})

describe('StreamWatchdog', () => {
  it('fires when the stream goes quiet, but not while a request of the turn is parked', async () => {
    vi.useFakeTimers()
    const parked = new ParkedRequests()
    let fired = 0
    const watchdog = new StreamWatchdog('t1', parked, 20, () => fired++)
    const waiting = parked.park('t1', 'r1')
    expect(watchdog.paused).toBe(true)
    vi.advanceTimersByTime(60)
    expect(fired).toBe(0)
    parked.resolve('r1', 'ok')
    await waiting
    expect(watchdog.paused).toBe(false)
    vi.advanceTimersByTime(19)
    expect(fired).toBe(0)
    vi.advanceTimersByTime(1)
    expect(fired).toBe(1)
    watchdog.stop()
  })
})
