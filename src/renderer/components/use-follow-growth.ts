import { useCallback, useEffect, useRef, type RefObject } from 'react'

/**
 * While the view follows the end, a row that grows (a reply streaming in, a row measured) keeps
 * the end in view in the same frame: a ResizeObserver on the rows runs after layout and before
 * paint, so the scroll made there is painted with the grown row. Scrolling from a frame callback
 * instead painted the new words below the fold first and brought them into view a frame or two
 * later (the paced reply's last words waited there).
 *
 * Returns the ref callback for each row; rows that leave the page are no longer watched.
 * `isFollowing` must be stable (useFollowEnd's is).
 */
export function useFollowGrowth(
  scrollRef: RefObject<HTMLElement | null>,
  isFollowing: () => boolean,
): (row: Element | null) => void {
  const observer = useRef<ResizeObserver | null>(null)
  const watch = useCallback(
    (row: Element | null) => {
      if (!row || typeof ResizeObserver === 'undefined') return
      observer.current ??= new ResizeObserver((entries) => {
        for (const entry of entries)
          if (!entry.target.isConnected) observer.current?.unobserve(entry.target)
        const el = scrollRef.current
        if (!el || !isFollowing()) return
        if (el.scrollTop + el.clientHeight < el.scrollHeight - 1) el.scrollTop = el.scrollHeight
      })
      observer.current.observe(row)
    },
    [scrollRef, isFollowing],
  )

  useEffect(
    () => () => {
      observer.current?.disconnect()
      observer.current = null
    },
    [],
  )
  return watch
}
