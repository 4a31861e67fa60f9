import { describe, expect, it } from 'vitest'
import { createBatcher } from './delta-batcher'

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
