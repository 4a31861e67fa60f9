import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderHook } from '@testing-library/react'
import { useFollowGrowth } from './use-follow-growth'

/** jsdom has no layout: a ResizeObserver the test drives, and a scroller of given sizes. */
class FakeResizeObserver {
  static all: FakeResizeObserver[] = []
  watched = new Set<Element>()
  constructor(private readonly callback: ResizeObserverCallback) {
    FakeResizeObserver.all.push(this)
  }
  observe(target: Element) {
    this.watched.add(target)
  }
  unobserve(target: Element) {
    this.watched.delete(target)
  }
  disconnect() {
    this.watched.clear()
  }
  resized(targets: Element[]) {
    const entries = targets.map((target) => ({ target }) as ResizeObserverEntry)
    this.callback(entries, this as unknown as ResizeObserver)
  }
}

function scroller(sizes: { scrollHeight: number; clientHeight: number; scrollTop: number }) {
  const el = document.createElement('div')
  Object.defineProperty(el, 'scrollHeight', { get: () => sizes.scrollHeight })
  Object.defineProperty(el, 'clientHeight', { get: () => sizes.clientHeight })
  el.scrollTop = sizes.scrollTop
  document.body.append(el)
  return { el, sizes }
}

describe('useFollowGrowth', () => {
  beforeEach(() => {
    FakeResizeObserver.all = []
    vi.stubGlobal('ResizeObserver', FakeResizeObserver)
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    document.body.replaceChildren()
  })

  const setUp = (following: boolean) => {
    const { el, sizes } = scroller({ scrollHeight: 1_000, clientHeight: 400, scrollTop: 600 })
    const row = document.createElement('div')
    el.append(row)
    const isFollowing = () => following
    const { result, unmount } = renderHook(() => useFollowGrowth({ current: el }, isFollowing))
    result.current(row)
    sizes.scrollHeight = 1_300
    return { el, row, unmount, observer: FakeResizeObserver.all[0] }
  }

  it('brings the end into view in the callback where a row grew, while following', () => {
    const { el, row, observer } = setUp(true)
    observer?.resized([row])
    // jsdom does not clamp: the scroll asked for is the whole height, i.e. the end.
    expect(el.scrollTop).toBe(1_300)
  })

  it('leaves the view where the person scrolled it when not following', () => {
    const { el, row, observer } = setUp(false)
    observer?.resized([row])
    expect(el.scrollTop).toBe(600)
  })

  it('stops watching a row once it has left the page, and everything on unmount', () => {
    const { row, observer, unmount } = setUp(true)
    row.remove()
    observer?.resized([row])
    expect(observer?.watched.has(row)).toBe(false)
    const other = document.createElement('div')
    document.body.append(other)
    observer?.observe(other)
    unmount()
    expect(observer?.watched.size).toBe(0)
  })
})
