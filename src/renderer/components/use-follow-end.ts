import { useCallback, useEffect, useRef, useState, type RefObject } from 'react'

/** How close to the end (px) still counts as "at the end". */
const AT_END = 48

/**
 * Keeps a scroller at its end while its content grows or it changes size (a tray opening, the
 * composer growing, rows being measured), unless the person scrolls up; at most one scroll per
 * frame, in an animation frame rather than a layout effect on every render.
 *
 * Only a move up lets go of the end (wheel, keys, scrollbar, find, focus): content growing under
 * a scroller that was at its end never does, which is what made reopened sessions land short of
 * the end. While following, the list must not shift the scroll position itself when rows above
 * are measured (`isFollowing` tells it so); the next frame goes to the end anyway.
 *
 * Call `follow()` whenever what is shown may have grown; `resetKey` (the session) starts
 * following again.
 */
export function useFollowEnd(scrollRef: RefObject<HTMLElement | null>, resetKey: unknown) {
  const following = useRef(true)
  const [atEnd, setAtEnd] = useState(true)
  const lastTop = useRef(0)
  const frame = useRef<number | null>(null)

  const follow = useCallback(() => {
    if (frame.current !== null || !following.current) return
    frame.current = requestAnimationFrame(() => {
      frame.current = null
      const el = scrollRef.current
      if (el && following.current) el.scrollTop = el.scrollHeight
    })
  }, [scrollRef])

  const stick = useCallback(
    (value: boolean) => {
      following.current = value
      setAtEnd(value)
      if (value) follow()
    },
    [follow],
  )

  const onScroll = useCallback(() => {
    const el = scrollRef.current
    if (!el) return
    const top = el.scrollTop
    const movedUp = top < lastTop.current - 1
    lastTop.current = top
    if (el.scrollHeight - top - el.clientHeight <= AT_END) {
      if (!following.current) stick(true)
    } else if (movedUp) {
      if (following.current) stick(false)
    } else {
      follow()
    }
  }, [scrollRef, stick, follow])

  // A size change of the scroller itself (tray, composer, window) keeps the end in view.
  useEffect(() => {
    const el = scrollRef.current
    if (!el || typeof ResizeObserver === 'undefined') return
    const resize = new ResizeObserver(follow)
    resize.observe(el)
    return () => resize.disconnect()
  }, [scrollRef, follow])

  // Another session: back to its end (the state during render, the scroll after it).
  const [shownKey, setShownKey] = useState(resetKey)
  if (shownKey !== resetKey) {
    setShownKey(resetKey)
    setAtEnd(true)
  }
  useEffect(() => {
    following.current = true
    follow()
  }, [resetKey, follow])

  useEffect(
    () => () => {
      if (frame.current !== null) cancelAnimationFrame(frame.current)
    },
    [],
  )

  const isFollowing = useCallback(() => following.current, [])
  return { atEnd, onScroll, jumpToEnd: () => stick(true), stick, isFollowing, follow }
}
