import { describe, expect, it } from 'vitest'
import { ParkedRequests } from './parked-requests'
import { StreamWatchdog } from './stream-watchdog'

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
    const parked = new ParkedRequests()
    expect(await parked.park('t1', 'r', { timeoutMs: 5 })).toEqual({
      kind: 'ended',
      reason: 'timed_out',
    })
    expect(parked.size).toBe(0)
  })
})

describe('StreamWatchdog', () => {
  it('fires when the stream goes quiet, but not while a request of the turn is parked', async () => {
    const parked = new ParkedRequests()
    let fired = 0
    const watchdog = new StreamWatchdog('t1', parked, 20, () => fired++)
    const waiting = parked.park('t1', 'r1')
    expect(watchdog.paused).toBe(true)
    await new Promise((resolve) => setTimeout(resolve, 60))
    expect(fired).toBe(0)
    parked.resolve('r1', 'ok')
    await waiting
    expect(watchdog.paused).toBe(false)
    await new Promise((resolve) => setTimeout(resolve, 60))
    expect(fired).toBe(1)
    watchdog.stop()
  })
})
