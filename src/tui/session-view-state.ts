import type { BridgeEvent, LogNotice, SessionSummary } from '../shared/bridge'
import {
  EMPTY_QUEUE,
  applyEventToQueue,
  replaceQueue,
  type InteractionQueue,
} from '../shared/interaction-queue'
import type { PendingInteraction } from '../shared/interactions'
import type { SessionEvent } from '../shared/session-events'
import {
  EMPTY_TRANSCRIPT,
  addNote,
  applyBridgeEvent,
  replayEvents,
  type TranscriptState,
} from './transcript-state'

/** Everything the terminal shows about the one session it hosts. */
export interface SessionView {
  readonly phase: 'loading' | 'ready' | 'failed'
  /** Why the session could not be created or opened (phase `failed`). */
  readonly error: string | null
  readonly session: SessionSummary | null
  readonly transcript: TranscriptState
  /** Mirror of the runtime's per-session interaction FIFO; only the head is shown. */
  readonly queue: InteractionQueue
  /** A turn is in progress (streaming, running tools or waiting for the person). */
  readonly running: boolean
}

export const LOADING_VIEW: SessionView = {
  phase: 'loading',
  error: null,
  session: null,
  transcript: EMPTY_TRANSCRIPT,
  queue: EMPTY_QUEUE,
  running: false,
}

export type SessionViewAction =
  | {
      type: 'loaded'
      session: SessionSummary
      events: readonly SessionEvent[]
      pending: readonly PendingInteraction[]
      notices: readonly LogNotice[]
    }
  | { type: 'failed'; message: string }
  | { type: 'events'; events: readonly BridgeEvent[] }
  | { type: 'note'; text: string; tone: 'dim' | 'error' }
  | { type: 'mode'; mode: SessionSummary['mode'] }

function applyEvent(view: SessionView, event: BridgeEvent): SessionView {
  const session = view.session
  if (!session || event.sessionId !== session.id) return view
  const transcript = applyBridgeEvent(view.transcript, session.id, event)
  const queue = applyEventToQueue(view.queue, session.id, event)
  let next: SessionView =
    transcript === view.transcript && queue === view.queue ? view : { ...view, transcript, queue }
  if (event.type === 'turn_started' && !next.running) next = { ...next, running: true }
  if (event.type === 'session_event' && event.event.type === 'turn_end' && next.running)
    next = { ...next, running: false }
  if (event.type === 'session_changed' && event.session)
    next = { ...next, session: event.session, running: event.session.running }
  return next
}

/** The pure state behind the terminal client; the hook only feeds it events and call results. */
export function reduceSessionView(view: SessionView, action: SessionViewAction): SessionView {
  switch (action.type) {
    case 'loaded': {
      const transcript = action.notices.reduce(
        (t, n) => addNote(t, `Log notice at byte ${n.offset}: ${n.message}`),
        replayEvents(action.events),
      )
      return {
        phase: 'ready',
        error: null,
        session: action.session,
        transcript,
        queue: replaceQueue(EMPTY_QUEUE, action.pending),
        running: action.session.running,
      }
    }
    case 'failed':
      return { ...view, phase: 'failed', error: action.message }
    case 'events':
      return action.events.reduce(applyEvent, view)
    case 'note':
      return { ...view, transcript: addNote(view.transcript, action.text, action.tone) }
    case 'mode':
      return view.session ? { ...view, session: { ...view.session, mode: action.mode } } : view
  }
}
