import { describe, expect, it } from 'vitest'
import { createBatcher, frameScheduler } from './delta-batcher'

describe('createBatcher', () => {
  it('hands over everything pushed within a frame in one flush', () => {
    const frames: Array<() => void> = []
    const flushed: number[][] = []
    const batcher = createBatcher<number>(
      (items) => flushed.push([...items]),
      (cb) => frames.push(cb),
    )
    for (let i = 0; i < 100; i++) batcher.push(i)
    expect(frames).toHaveLength(1)
    frames[0]?.()
    expect(flushed).toHaveLength(1)
    expect(flushed[0]).toHaveLength(100)
  })

  it('flushes early on demand and not again for the same items', () => {
    const frames: Array<() => void> = []
    const flushed: number[][] = []
    const batcher = createBatcher<number>(
      (items) => flushed.push([...items]),
      (cb) => frames.push(cb),
    )
    batcher.push(1)
    batcher.flush()
    frames[0]?.()
    expect(flushed).toEqual([[1]])
  })
})

describe('frameScheduler', () => {
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
      frames,
      tasks,
    }
  }

  it('flushes the first batch of a frame soon, and later ones at the next frame', () => {
    const { clock, runTasks, runFrame } = fakeClock()
    const flushed: number[][] = []
    const batcher = createBatcher<number>(
      (items) => flushed.push([...items]),
      frameScheduler(clock),
    )
    batcher.push(1)
    batcher.push(2)
    runTasks()
    expect(flushed).toEqual([[1, 2]])
    // The same frame: this waits for the next one.
    batcher.push(3)
    runTasks()
    expect(flushed).toEqual([[1, 2]])
    runFrame()
    expect(flushed).toEqual([[1, 2], [3]])
  })

  it('renders at most once per frame however events arrive', () => {
    const { clock, runTasks, runFrame } = fakeClock()
    let flushes = 0
    const batcher = createBatcher<number>(() => flushes++, frameScheduler(clock))
    for (let frame = 0; frame < 5; frame++) {
      for (let i = 0; i < 10; i++) {
        batcher.push(i)
        runTasks()
      }
      runFrame()
    }
    expect(flushes).toBeLessThanOrEqual(6)
    expect(flushes).toBeGreaterThanOrEqual(5)
  })
})
