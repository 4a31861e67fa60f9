import { useEffect, useState } from 'react'
import { type InboxItem } from '../shared/inbox'
import { inboxKindLabel, inboxSubject } from '../shared/inbox-words'
import { formatAgo } from '../shared/format-time'
import { choiceLines } from './choice-lines'
import { useFocusedKeys } from './key-router'
import { FRAME_COLUMNS, PromptFrame, layoutFrame } from './prompt-frame'
import { PromptSurface } from './prompt-surface'
import { flowItems, safeSpans, type StyledLine } from './styled-text'
import type { TuiBridge } from './tui-bridge'
import { useRefState } from './use-ref-state'

/**
 * `/inbox`: every request waiting in any session, oldest first. Enter answers the highlighted
 * one with the same prompt the session shows (and comes back here once it is answered); `o`
 * opens its session; Esc goes back to the message box. The list follows `inbox_changed`.
 */
export function InboxView({
  bridge,
  width,
  maxRows,
  onOpenSession,
  onClose,
}: {
  bridge: TuiBridge
  width: number
  maxRows: number
  onOpenSession: (sessionId: string) => void
  onClose: () => void
}) {
  const [items, setItems] = useState<readonly InboxItem[] | null>(null)
  const [answering, setAnswering] = useState<string | null>(null)
  const [cursor, setCursor, cursorRef] = useRefState(0)
  const [now] = useState(() => Date.now())

  useEffect(() => {
    let live = true
    const off = bridge.onEvent((event) => {
      if (event.type === 'inbox_changed') setItems(event.items)
    })
    void bridge.listInbox({}).then((list) => {
      if (live && Array.isArray(list)) setItems((known) => known ?? list)
    })
    return () => {
      live = false
      off()
    }
  }, [bridge])

  const list = items ?? []
  // Once answered (here or anywhere else) it leaves the list, and the list is shown again.
  const shown = list.find((item) => item.interaction.requestId === answering)
  // The list can shrink under the cursor: it stays on the last line.
  const at = (index: number) => Math.min(index, Math.max(0, list.length - 1))

  const inner = width - FRAME_COLUMNS
  const header = flowItems(
    [
      [{ text: 'Waiting for you', style: { color: 'yellow', bold: true } }],
      [
        {
          text: items === null ? 'reading…' : `${list.length} in all sessions, oldest first`,
          style: { dim: true },
        },
      ],
    ],
    inner,
  )
  const choices = list.map((item) => ({
    label: [
      ...safeSpans(item.sessionTitle, { bold: true }),
      {
        text: ` · ${inboxKindLabel(item.interaction)} from ${item.asker} · ${formatAgo(item.waitingSince, now)}`,
        style: { dim: true },
      },
      ...safeSpans(` · ${inboxSubject(item.interaction)}`, {}),
    ],
  }))
  const body: StyledLine[] =
    list.length > 0
      ? choiceLines(choices, at(cursor), inner, { maxRowsEach: 1 })
      : [[{ text: 'Nothing is waiting for you.', style: { dim: true } }]]
  const footer = flowItems(
    ['↑↓ move', 'Enter answer', 'o open its session', 'Esc back'].map((h) => [
      { text: h, style: { dim: true } },
    ]),
    inner,
  )
  const layout = layoutFrame({ header, body, footer }, maxRows, {
    focus: [at(cursor), at(cursor) + 1],
    keys: '↑↓ scroll',
  })

  useFocusedKeys((input, key, pasted) => {
    if (pasted) return
    const picked = list[at(cursorRef.current)]
    if (key.escape) onClose()
    else if (key.upArrow) setCursor((c) => Math.max(0, at(c) - 1))
    else if (key.downArrow) setCursor((c) => at(c + 1))
    else if (key.return && picked) setAnswering(picked.interaction.requestId)
    else if (input === 'o' && picked) onOpenSession(picked.sessionId)
  }, !shown)

  if (shown)
    return (
      <PromptSurface
        interaction={shown.interaction}
        bridge={bridge}
        moreWaiting={0}
        width={width}
        maxRows={maxRows}
      />
    )
  return <PromptFrame color="yellow" width={width} lines={layout.lines} />
}
