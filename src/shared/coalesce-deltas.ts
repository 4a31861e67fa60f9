import type { BridgeEvent } from './bridge'

type TextDelta = Extract<BridgeEvent, { type: 'text_delta' }>

/** A merged delta is sent once it holds this many characters, whatever the schedule. */
export const MAX_MERGED_DELTA = 64 * 1024

/**
 * Wraps a host's event sink so that text deltas of one model step arriving in the same turn of
 * the event loop go out as one delta. A model streaming as fast as the network allows hands the
 * runtime hundreds of tiny deltas per socket read; sent one by one, each costs the page a message,
 * a parse and a task, and a 2 MB reply becomes 80,000 of them. Merged, the page gets a few per
 * frame. Order is kept: any other event first sends the delta waiting before it. `schedule` runs
 * the send once the current batch of work is done (`setImmediate` in Node).
 */
export function coalesceDeltas(
  send: (event: BridgeEvent) => void,
  schedule: (flush: () => void) => void,
): (event: BridgeEvent) => void {
  let waiting: TextDelta | undefined
  let scheduled = false
  const flush = () => {
    scheduled = false
    if (!waiting) return
    const delta = waiting
    waiting = undefined
    send(delta)
  }
  return (event) => {
    if (event.type !== 'text_delta') {
      flush()
      send(event)
      return
    }
    if (
      waiting &&
      waiting.sessionId === event.sessionId &&
      waiting.turnId === event.turnId &&
      waiting.step === event.step
    ) {
      waiting = { ...waiting, text: waiting.text + event.text }
    } else {
      flush()
      waiting = event
    }
    if (waiting.text.length >= MAX_MERGED_DELTA) flush()
    else if (!scheduled) {
      scheduled = true
      schedule(flush)
    }
  }
}
