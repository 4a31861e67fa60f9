import { useEffect, useRef } from 'react'
import type { InboxItem } from '../../shared/inbox'
import type { InboxGroup } from '../../shared/inbox-groups'
import { inboxKindLabel, inboxSubject } from '../../shared/inbox-words'
import { formatAgo } from '../../shared/format-time'
import { MARKDOWN } from '../deferred-parts'
import { useDeferredModule } from '../shell/deferred-module'

/** How a line reads to a screen reader: the session first, so it is found by its title. */
function itemLabel(item: InboxItem, now: number): string {
  const kind = inboxKindLabel(item.interaction).toLowerCase()
  return `${item.sessionTitle}: ${kind} from ${item.asker}, waiting since ${formatAgo(item.waitingSince, now)}`
}

/** What is asked, with its inline markdown once the markdown chunk is there. */
function Subject({ text }: { text: string }) {
  const markdown = useDeferredModule(MARKDOWN)
  return markdown ? <markdown.MarkdownLine text={text} /> : <>{text}</>
}

/**
 * The inbox's list: every request waiting, grouped by session (its title over its first line),
 * each line one button as wide and tall as the line, so the whole row is what a thumb or a click
 * opens. The open request's line stays marked (`aria-current`) while it is answered beside it.
 */
export function InboxList({
  groups,
  selectedId,
  now,
  onOpen,
}: {
  groups: readonly InboxGroup[]
  selectedId: string | null
  now: number
  onOpen(requestId: string): void
}) {
  const listRef = useRef<HTMLUListElement>(null)
  // j and k move the selection: its line scrolls into view, never the page.
  useEffect(() => {
    if (selectedId === null) return
    listRef.current
      ?.querySelector(`[data-request="${CSS.escape(selectedId)}"]`)
      ?.scrollIntoView?.({ block: 'nearest' })
  }, [selectedId])
  return (
    <ul className="inbox-list" aria-label="Waiting for you" ref={listRef}>
      {groups.map((group) =>
        group.items.map((item, index) => {
          const { requestId } = item.interaction
          const selected = requestId === selectedId
          return (
            <li
              key={requestId}
              className={`inbox-item${selected ? ' is-selected' : ''}${index === 0 ? ' is-group-start' : ''}`}
              aria-label={itemLabel(item, now)}
            >
              {index === 0 && (
                // The line's own name carries the title: this is the group's heading for the eye.
                <p className="inbox-group" aria-hidden="true">
                  <span className="inbox-group-title">{group.sessionTitle}</span>
                  {group.items.length > 1 && (
                    <span className="inbox-group-count">{group.items.length}</span>
                  )}
                </p>
              )}
              <button
                type="button"
                className="inbox-open-tray"
                data-request={requestId}
                aria-current={selected ? 'true' : undefined}
                onClick={() => onOpen(requestId)}
              >
                <span className="visually-hidden">{item.sessionTitle}: </span>
                <span className="inbox-subject">
                  <Subject text={inboxSubject(item.interaction)} />
                </span>
                <span className="inbox-meta">
                  {inboxKindLabel(item.interaction)} · {item.asker} · waiting since{' '}
                  {formatAgo(item.waitingSince, now)}
                </span>
              </button>
            </li>
          )
        }),
      )}
    </ul>
  )
}
