import { describe, expect, it } from 'vitest'
import { createEventQueue } from './event-queue'

describe('the queue of live changes', () => {
  function fakeClock() {
    const frames: Array<() => void> = []
    const tasks: Array<() => void> = []
    return {
      clock: {
        nextFrame: (cb: () => void) => frames.push(cb),
        soon: (cb: () => void) => tasks.push(cb),
      },
      runTasks: () => tasks.splice(0).forEach((cb) => cb()),
      runFrame: () => frames.splice(0).forEach((cb) => cb()),
    }
  }
  const isUrgent = (item: string) => !item.startsWith('delta')

  it('renders deltas once per frame however many arrive', () => {
    const { clock, runTasks, runFrame } = fakeClock()
    const flushed: string[][] = []
    const queue = createEventQueue<string>((items) => flushed.push([...items]), clock, isUrgent)
    for (let i = 0; i < 50; i++) queue.push(`delta ${i}`)
    runTasks()
    expect(flushed).toEqual([])
    runFrame()
    expect(flushed).toHaveLength(1)
    expect(flushed[0]).toHaveLength(50)
  })

  it('hands a burst of other messages over together, right after it, deltas before them included', () => {
    const { clock, runTasks } = fakeClock()
    const flushed: string[][] = []
    const queue = createEventQueue<string>((items) => flushed.push([...items]), clock, isUrgent)
    queue.push('delta a')
    queue.push('decision')
    queue.push('settled')
    queue.push('delta b')
    runTasks()
    expect(flushed).toEqual([['delta a', 'decision', 'settled', 'delta b']])
  })
})
