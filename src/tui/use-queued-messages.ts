import { useEffect, useRef, useState } from 'react'
import type { TranscriptItem } from '../shared/transcript'
import {
  EMPTY_MESSAGE_QUEUE,
  cancelQueuedMessage,
  queueMessage,
  takeNextQueued,
  type MessageQueue,
} from '../shared/queued-messages'
import type { TuiBridge } from './tui-bridge'

/**
 * Messages typed while a turn runs: once the turn is over (and no prompt is open) the oldest goes.
 * One at a time: the next waits until the turn it started has shown up and ended.
 */
export function useQueuedMessages(
  bridge: TuiBridge,
  {
    sessionId,
    ready,
    running,
    items,
    note,
  }: {
    sessionId: string | undefined
    ready: boolean
    running: boolean
    items: readonly TranscriptItem[]
    note(text: string, tone: 'dim' | 'error'): void
  },
) {
  const [queued, setQueued] = useState<MessageQueue>(EMPTY_MESSAGE_QUEUE)
  const queuedIds = useRef(0)
  // A queued message on its way: its turn has not shown up yet (its id, once the send said it).
  const queuedSend = useRef<{ turnId: string | null } | null>(null)

  useEffect(() => {
    const pending = queuedSend.current
    if (pending) {
      // Its turn is running, or its message is in: a send now is either right or refused as
      // busy (and kept); the turn's start and end can arrive together, never seen as running.
      const started =
        running ||
        (pending.turnId !== null &&
          items.some((item) => 'turnId' in item && item.turnId === pending.turnId))
      if (!started) return
      queuedSend.current = null
    }
    if (!sessionId || !ready) return
    const taken = takeNextQueued(queued, running)
    if (!taken) return
    const sending = { turnId: null as string | null }
    queuedSend.current = sending
    void bridge.send({ sessionId, text: taken.next.text }).then((result) => {
      if (result.ok) {
        sending.turnId = result.turnId
        setQueued((queue) => cancelQueuedMessage(queue, taken.next.id))
        return
      }
      if (queuedSend.current === sending) queuedSend.current = null
      // Still busy: it stays queued and goes when that turn ends.
      if (result.reason === 'busy' || result.reason === 'awaiting_input') return
      setQueued((queue) => cancelQueuedMessage(queue, taken.next.id))
      note(result.message ?? `Not sent (${result.reason}).`, 'error')
    })
  }, [bridge, items, note, queued, running, ready, sessionId])

  /** Puts a message at the end of the queue. */
  const add = (text: string) => {
    queuedIds.current += 1
    setQueued((queue) => queueMessage(queue, { id: `q${queuedIds.current}`, text }))
  }

  /** Empties the queue (another session, or Stop put the messages back in the box). */
  const clear = () => {
    setQueued(EMPTY_MESSAGE_QUEUE)
    queuedSend.current = null
  }

  return { queued, setQueued, add, clear }
}
