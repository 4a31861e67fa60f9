import { useVirtualizer } from '@tanstack/react-virtual'
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type RefObject,
} from 'react'
import { EMPTY_TRANSCRIPT, type Transcript } from '../../shared/transcript'
import {
  createRowEstimates,
  transcriptRows,
  type ReplyCuts,
  type TranscriptRowModel,
} from '../state/transcript-rows'
import { useActions, useChat } from '../state/chat-context'
import { RewindProvider } from './rewind-context'
import { SessionIntro } from './session-intro'
import { StaleLinkNotice } from './stale-link-notice'
import { AssistantPart, TranscriptRow } from './transcript-row'
import { useFollowEnd } from './use-follow-end'
import { useFollowGrowth } from './use-follow-growth'

/** Older rows are asked for when the first row on screen is this close to the top of what is loaded. */
const PAGE_AHEAD = 6
/** Horizontal padding of a row (px), for the width its text wraps at. */
const ROW_PADDING = 40

/** Row height estimates of every session shown, kept across visits (a reopened reply is not read again). */
const ESTIMATES = createRowEstimates()

/**
 * The last cuts of long replies of the sessions shown lately: opening a session again finds its
 * replies already cut instead of reading megabytes again.
 */
const RECENT_CUTS = new Map<string, ReplyCuts>()
const RECENT_SESSIONS = 8

function rememberCuts(sessionId: string, cuts: ReplyCuts) {
  RECENT_CUTS.delete(sessionId)
  if (cuts.size === 0) return
  RECENT_CUTS.set(sessionId, cuts)
  if (RECENT_CUTS.size > RECENT_SESSIONS) RECENT_CUTS.delete(RECENT_CUTS.keys().next().value ?? '')
}

/** The rows of `items`, long replies cut into parts, recut only from where they grew. */
function useRows(
  sessionId: string,
  items: Parameters<typeof transcriptRows>[0],
): TranscriptRowModel[] {
  const [cuts, setCuts] = useState<{
    items: typeof items
    cuts: ReplyCuts
    rows: TranscriptRowModel[]
  }>(() => {
    const first = { items, ...transcriptRows(items, RECENT_CUTS.get(sessionId) ?? new Map()) }
    rememberCuts(sessionId, first.cuts)
    return first
  })
  if (cuts.items === items) return cuts.rows
  const next = { items, ...transcriptRows(items, cuts.cuts) }
  rememberCuts(sessionId, next.cuts)
  setCuts(next)
  return next.rows
}

/**
 * The session's history, virtualized (only rows on screen are in the DOM, and a long reply is
 * several rows, so a session of any length costs about what a short one does). It opens at the
 * end with the newest rows and pages older ones in as the person scrolls up, keeping what is on
 * screen in place. It follows the end while the person is there (new text, a tray opening or
 * closing, the turn ending), and stays put once they scroll up, offering a way back.
 */
/** Text wraps at the column's width: the rows' size estimates follow it. */
function useColumnWidth(scrollRef: RefObject<HTMLDivElement | null>): number {
  const [width, setWidth] = useState(760)
  useEffect(() => {
    const el = scrollRef.current
    if (!el || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(() => setWidth(Math.min(760, el.clientWidth) - ROW_PADDING))
    observer.observe(el)
    return () => observer.disconnect()
  }, [scrollRef])
  return width
}

/** A session with nothing in it yet. */
function TranscriptEmpty() {
  return (
    <div className="transcript-empty">
      <p className="transcript-empty-title">What should we work on?</p>
      <p>Ask anything. If the agent needs a decision or permission, it will ask right here.</p>
      <SessionIntro />
    </div>
  )
}

export function TranscriptView() {
  const transcript = useChat((s) =>
    s.activeSessionId ? (s.transcripts[s.activeSessionId] ?? EMPTY_TRANSCRIPT) : EMPTY_TRANSCRIPT,
  )
  const sessionId = useChat((s) => s.activeSessionId)
  // A list per session: another session starts with fresh sizes, at its own end.
  return (
    <RewindProvider key={sessionId ?? ''} sessionId={sessionId}>
      <TranscriptList sessionId={sessionId} transcript={transcript} />
    </RewindProvider>
  )
}

function TranscriptList({
  sessionId,
  transcript,
}: {
  sessionId: string | null
  transcript: Transcript
}) {
  const actions = useActions()
  const refused = useChat((s) => s.connection === 'refused')
  const rows = useRows(sessionId ?? '', transcript.items)
  const scrollRef = useRef<HTMLDivElement>(null)
  const width = useColumnWidth(scrollRef)

  const { atEnd, onScroll, jumpToEnd, stick, isFollowing, follow } = useFollowEnd(
    scrollRef,
    sessionId,
  )

  // The list's height the last change was seen at: only a change of height moves the view.
  const shownTotal = useRef(0)
  // No React Compiler here, so the virtualizer's unmemoizable functions are fine.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => {
      const row = rows[index]
      return row ? Math.max(30, ESTIMATES(sessionId ?? '', row, width)) : 60
    },
    getItemKey: (index) => rows[index]?.key ?? index,
    // Rows above the end are only scrolled past while following a fast stream: render few.
    overscan: atEnd ? 1 : 4,
    initialRect: { width: 800, height: 800 },
    useFlushSync: false,
    // A row measured (a session opening, a reply growing) moves the rows below it and the list's
    // height in the same frame, from the virtualizer's ResizeObserver, before paint; React renders
    // again only when other rows come into range. Waiting for that render instead painted the
    // frame with rows overlapping and the end short of the bottom, and a frame later put right.
    // Transforms, not `top`: measuring the next row after one is placed then needs no new layout.
    directDomUpdates: true,
    directDomUpdatesMode: 'transform',
    // …and while following the end, the end stays in view in that same frame.
    onChange: (instance) => {
      const total = instance.getTotalSize()
      if (total === shownTotal.current) return
      shownTotal.current = total
      const el = scrollRef.current
      if (el && isFollowing() && el.scrollTop + el.clientHeight < el.scrollHeight - 1)
        el.scrollTop = el.scrollHeight
    },
  })
  const totalSize = virtualizer.getTotalSize()
  const virtualRows = virtualizer.getVirtualItems()
  const followGrowth = useFollowGrowth(scrollRef, isFollowing)
  const rowRef = useCallback(
    (row: HTMLDivElement | null) => {
      virtualizer.measureElement(row)
      followGrowth(row)
    },
    [virtualizer, followGrowth],
  )
  useEffect(() => follow(), [totalSize, follow])

  // The first rows of a session are shown from its end in the very first frame, not a frame later.
  const hasRows = rows.length > 0
  useLayoutEffect(() => {
    if (hasRows) virtualizer.scrollToOffset(virtualizer.getTotalSize())
  }, [hasRows, virtualizer])

  // The person's own new message brings the view back to the end, as in any chat.
  const lastUserKey = useMemo(
    () => transcript.items.findLast((item) => item.kind === 'user')?.key,
    [transcript.items],
  )
  // A row wholly above the view that changes height shifts the view by as much, so what is read
  // stays put; a row reaching into the view grows downward (a reply streaming in) and shifts
  // nothing. While following, nothing shifts: the next frame goes to the end anyway.
  virtualizer.shouldAdjustScrollPositionOnItemSizeChange = (item, _delta, instance) =>
    !isFollowing() && item.end <= (instance.scrollOffset ?? 0)
  const seenUserKey = useRef(lastUserKey)
  useEffect(() => {
    if (lastUserKey === seenUserKey.current) return
    seenUserKey.current = lastUserKey
    if (lastUserKey !== undefined) stick(true)
  }, [lastUserKey, stick])

  // Near the top of what is loaded, and more is older: page it in. Not while the view follows the
  // end of a tail that fills it (a session opening must not fetch history nobody looks at).
  const firstShown = virtualRows[0]?.index
  // The scroller's height as the virtualizer last observed it: reading the element here would
  // force a layout in every render of the list (each event that reaches it).
  const fillsView = totalSize > (virtualizer.scrollRect?.height ?? 0)
  useEffect(() => {
    if (!sessionId || transcript.start === 0 || firstShown === undefined) return
    if (firstShown > PAGE_AHEAD || (fillsView && isFollowing())) return
    void actions.loadOlder(sessionId)
  }, [sessionId, transcript.start, firstShown, fillsView, isFollowing, actions])

  // Rows put in front must not move what the person is reading: scroll down by their height.
  const firstKey = rows[0]?.key
  const previousFirst = useRef<{ key: string | undefined; session: string | null }>({
    key: firstKey,
    session: sessionId,
  })
  useLayoutEffect(() => {
    const before = previousFirst.current
    previousFirst.current = { key: firstKey, session: sessionId }
    if (before.session !== sessionId || before.key === firstKey || before.key === undefined) return
    const shifted = rows.findIndex((row) => row.key === before.key)
    const el = scrollRef.current
    if (shifted <= 0 || !el) return
    const added = virtualizer.getOffsetForIndex(shifted, 'start')?.[0] ?? 0
    virtualizer.scrollToOffset(el.scrollTop + added)
  }, [firstKey, sessionId, rows, virtualizer])

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
        {refused ? (
          <StaleLinkNotice />
        ) : rows.length === 0 ? (
          <TranscriptEmpty />
        ) : (
          <div className="transcript-inner" ref={virtualizer.containerRef}>
            {virtualRows.map((virtual) => {
              const row = rows[virtual.index]
              if (!row) return null
              return (
                <div
                  key={virtual.key}
                  data-index={virtual.index}
                  ref={rowRef}
                  className="transcript-item"
                >
                  {row.part ? (
                    <AssistantPart
                      text={row.part.text}
                      continued={row.part.index > 0}
                      streaming={row.item.streaming && row.part.last}
                      cutOff={row.item.cutOff && row.part.last}
                    />
                  ) : (
                    <TranscriptRow item={row.item} />
                  )}
                </div>
              )
            })}
          </div>
        )}
      </div>
      {!atEnd && rows.length > 0 && (
        <button type="button" className="jump-latest" onClick={jumpToEnd}>
          Jump to latest
        </button>
      )}
    </div>
  )
}
