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
  addNotice,
  applyLiveEvents,
  applyNotice,
  transcriptFromEvents,
  type Transcript,
} from '../shared/transcript'
import { NOTHING_PRINTED, advancePrinted, type PrintedTranscript } from './transcript-print'

/** Everything the terminal shows about the one session it hosts. */
export interface SessionView {
  readonly phase: 'loading' | 'ready' | 'failed'
  /** Why the session could not be created or opened (phase `failed`). */
  readonly error: string | null
  readonly session: SessionSummary | null
  readonly transcript: Transcript
  /** What of the transcript the terminal has printed for good; the rest is redrawn. */
  readonly printed: PrintedTranscript
  /** Mirror of the runtime's per-session interaction FIFO; only the head is shown. */
  readonly queue: InteractionQueue
  /** A turn is in progress (streaming, running tools or waiting for the person). */
  readonly running: boolean
  /** Epoch ms since when the current turn runs (as this client saw it start). */
  readonly runningSince: number | null
  /** A failed model call that will be tried again: said instead of a silent "Working…". */
  readonly retrying: Retrying | null
  /** The session was created by this client (not opened): it may be dropped while still empty. */
  readonly created: boolean
  /** The last turn ended in an error and no turn has started since (offer /retry). */
  readonly lastTurnFailed: boolean
}

/** What a `turn_retrying` event said, with the time the next attempt starts. */
export interface Retrying {
  readonly turnId: string
  readonly attempt: number
  readonly maxAttempts: number
  /** Epoch ms of the next attempt. */
  readonly at: number
  readonly message: string
}

export const LOADING_VIEW: SessionView = {
  phase: 'loading',
  error: null,
  session: null,
  transcript: EMPTY_TRANSCRIPT,
  printed: NOTHING_PRINTED,
  queue: EMPTY_QUEUE,
  running: false,
  runningSince: null,
  retrying: null,
  created: false,
  lastTurnFailed: false,
}

export type SessionViewAction =
  | {
      type: 'loaded'
      session: SessionSummary
      events: readonly SessionEvent[]
      pending: readonly PendingInteraction[]
      notices: readonly LogNotice[]
      /** Epoch ms when it was loaded. */
      at: number
      created: boolean
    }
  | { type: 'failed'; message: string }
  /** `at`: epoch ms when the events arrived. */
  | { type: 'events'; events: readonly BridgeEvent[]; at: number }
  /** Another session is being opened: back to loading. */
  | { type: 'reset' }
  | { type: 'note'; text: string; tone: 'dim' | 'error' }
  | { type: 'mode'; mode: SessionSummary['mode'] }

/** The turn a streamed delta or a committed record belongs to. */
const turnOf = (event: BridgeEvent): string | undefined => {
  if (event.type === 'text_delta') return event.turnId
  if (event.type === 'session_event' && 'turnId' in event.event) return event.event.turnId
  return undefined
}

/** The view with a new transcript, and whatever of it has settled printed. */
function withTranscript(view: SessionView, transcript: Transcript): SessionView {
  if (transcript === view.transcript) return view
  const printed = advancePrinted(view.printed, view.transcript, transcript)
  return { ...view, transcript, printed }
}

/** One live event's effect on everything but the transcript (see `applyLiveEvents`). */
function applyEvent(view: SessionView, event: BridgeEvent, at: number): SessionView {
  const session = view.session
  if (!session || event.sessionId !== session.id) return view
  const queue = applyEventToQueue(view.queue, session.id, event)
  let next: SessionView = queue === view.queue ? view : { ...view, queue }
  if (event.type === 'turn_started' && !next.running)
    next = { ...next, running: true, runningSince: at, lastTurnFailed: false }
  if (event.type === 'turn_retrying')
    next = {
      ...next,
      retrying: {
        turnId: event.turnId,
        attempt: event.attempt,
        maxAttempts: event.maxAttempts,
        at: at + event.retryInMs,
        message: event.message,
      },
    }
  // The model answers again (or the turn is over): the retry is behind us.
  else if (next.retrying && turnOf(event) === next.retrying.turnId)
    next = { ...next, retrying: null }
  if (event.type === 'session_event' && event.event.type === 'turn_end') {
    const failed = event.event.reason === 'error'
    if (next.running || next.lastTurnFailed !== failed)
      next = { ...next, running: false, runningSince: null, lastTurnFailed: failed }
  }
  if (event.type === 'session_changed' && event.session)
    next = {
      ...next,
      session: event.session,
      running: event.session.running,
      runningSince: event.session.running ? (next.runningSince ?? at) : null,
      retrying: event.session.running ? next.retrying : null,
    }
  return next
}

/** The pure state behind the terminal client; the hook only feeds it events and call results. */
export function reduceSessionView(view: SessionView, action: SessionViewAction): SessionView {
  switch (action.type) {
    case 'loaded': {
      const transcript = action.notices.reduce(applyNotice, transcriptFromEvents(action.events))
      return {
        phase: 'ready',
        error: null,
        session: action.session,
        transcript,
        printed: advancePrinted(NOTHING_PRINTED, EMPTY_TRANSCRIPT, transcript),
        queue: replaceQueue(EMPTY_QUEUE, action.pending),
        running: action.session.running,
        runningSince: action.session.running ? action.at : null,
        retrying: null,
        created: action.created,
        lastTurnFailed:
          !action.session.running &&
          action.events.findLast((e) => e.type === 'turn_end')?.reason === 'error',
      }
    }
    case 'failed':
      return { ...view, phase: 'failed', error: action.message }
    case 'events': {
      const next = action.events.reduce((v, event) => applyEvent(v, event, action.at), view)
      // Applied as one batch: a run of text deltas copies the item list once.
      return next.session
        ? withTranscript(next, applyLiveEvents(next.transcript, next.session.id, action.events))
        : next
    }
    case 'reset':
      return LOADING_VIEW
    case 'note':
      return withTranscript(
        view,
        addNotice(view.transcript, {
          text: action.text,
          tone: action.tone === 'error' ? 'error' : 'info',
        }),
      )
    case 'mode':
      return view.session ? { ...view, session: { ...view.session, mode: action.mode } } : view
  }
}
