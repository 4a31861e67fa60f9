import type { BridgeEvent } from './bridge'

/**
 * The requests waiting for the person (permission prompts, questions, forms), as request id →
 * session id, kept from runtime events. One model for every place that shows how many wait: the
 * desktop badge and the window title.
 */
export type WaitingRequests = ReadonlyMap<string, string>

export const NO_WAITING_REQUESTS: WaitingRequests = new Map()

/** The waiting requests after `event`; the same object when the event changes nothing. */
export function applyWaitingEvent(waiting: WaitingRequests, event: BridgeEvent): WaitingRequests {
  switch (event.type) {
    case 'interaction_added': {
      const id = event.interaction.requestId
      if (waiting.get(id) === event.sessionId) return waiting
      return new Map(waiting).set(id, event.sessionId)
    }
    case 'interaction_settled': {
      if (!waiting.has(event.requestId)) return waiting
      const next = new Map(waiting)
      next.delete(event.requestId)
      return next
    }
    case 'session_changed': {
      if (event.session !== null) return waiting
      const gone = [...waiting].filter(([, sessionId]) => sessionId === event.sessionId)
      if (gone.length === 0) return waiting
      const next = new Map(waiting)
      for (const [id] of gone) next.delete(id)
      return next
    }
    default:
      return waiting
  }
}

/** How many requests wait for the person, over every session. */
export function waitingCount(waiting: WaitingRequests): number {
  return waiting.size
}
