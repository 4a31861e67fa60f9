import { useVirtualizer } from '@tanstack/react-virtual'
import { useCallback, useLayoutEffect, useRef, useState } from 'react'
import { EMPTY_TRANSCRIPT } from '../state/transcript'
import { useChat } from '../state/chat-context'
import { SessionIntro } from './session-intro'
import { TranscriptRow } from './transcript-row'

/** How close to the end (px) still counts as "at the bottom" for sticking while streaming. */
const STICK_THRESHOLD = 48

/**
 * The session's history, virtualized (only visible rows are in the DOM, so a 2,000-message
 * session costs what an empty one does). Follows the newest text while the person is at the
 * bottom; once they scroll up it stays put and offers a way back.
 */
export function TranscriptView() {
  const items = useChat((s) =>
    s.activeSessionId
      ? (s.transcripts[s.activeSessionId] ?? EMPTY_TRANSCRIPT).items
      : EMPTY_TRANSCRIPT.items,
  )
  const sessionId = useChat((s) => s.activeSessionId)
  const scrollRef = useRef<HTMLDivElement>(null)
  const stick = useRef(true)
  const [atBottom, setAtBottom] = useState(true)

  // No React Compiler here, so the virtualizer's unmemoizable functions are fine.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 72,
    getItemKey: (index) => items[index]?.key ?? index,
    overscan: 8,
    initialRect: { width: 800, height: 800 },
    useFlushSync: false,
  })
  const totalSize = virtualizer.getTotalSize()

  const onScroll = useCallback(() => {
    const el = scrollRef.current
    if (!el) return
    const bottom = el.scrollHeight - el.scrollTop - el.clientHeight <= STICK_THRESHOLD
    stick.current = bottom
    setAtBottom(bottom)
  }, [])

  const toBottom = useCallback(() => {
    const el = scrollRef.current
    if (el) el.scrollTop = el.scrollHeight
  }, [])

  // A newly opened session starts at its end.
  useLayoutEffect(() => {
    stick.current = true
    setAtBottom(true)
  }, [sessionId])

  // The person's own new message brings the view back to the end, as in any chat.
  const lastUserKey = useRef<string | undefined>(undefined)
  useLayoutEffect(() => {
    const last = items.at(-1)
    if (last?.kind === 'user' && last.key !== lastUserKey.current) {
      lastUserKey.current = last.key
      stick.current = true
      setAtBottom(true)
    }
    if (stick.current) toBottom()
  }, [items, totalSize, toBottom])

  return (
    <div className="transcript-wrap">
      <div
        ref={scrollRef}
        className="transcript"
        onScroll={onScroll}
        role="log"
        aria-label="Conversation"
        aria-live="off"
        tabIndex={0}
      >
        {items.length === 0 ? (
          <div className="transcript-empty">
            <p className="transcript-empty-title">What should we work on?</p>
            <p>
              Ask anything. If the agent needs a decision or permission, it will ask right here.
            </p>
            <SessionIntro />
          </div>
        ) : (
          <div className="transcript-inner" style={{ height: totalSize }}>
            {virtualizer.getVirtualItems().map((row) => {
              const item = items[row.index]
              if (!item) return null
              return (
                <div
                  key={row.key}
                  data-index={row.index}
                  ref={virtualizer.measureElement}
                  className="transcript-item"
                  style={{ transform: `translateY(${row.start}px)` }}
                >
                  <TranscriptRow item={item} />
                </div>
              )
            })}
          </div>
        )}
      </div>
      {!atBottom && items.length > 0 && (
        <button
          type="button"
          className="jump-latest"
          onClick={() => {
            stick.current = true
            setAtBottom(true)
            toBottom()
          }}
        >
          Jump to latest
        </button>
      )}
    </div>
  )
}
