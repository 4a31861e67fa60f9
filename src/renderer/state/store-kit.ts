import { createStore, type StoreApi } from 'zustand/vanilla'
import type { BridgeEvent, ParleyBridge } from '../../shared'
import type { TextDelta } from '../../shared/transcript'
import { errorMessage } from '../../shared/plain-error'
import { bridgeEventArrived, deltasArrived, errorShown, type AppState } from './app-state'
import { BROWSER_CLOCK, createEventQueue, type FrameScheduler } from './event-queue'

/** A refusal's reason in plain words, where the runtime sent no message of its own. */
export const REASON_TEXT: Readonly<Record<string, string>> = {
  busy: 'The agent is still working on this session.',
  awaiting_input: 'The agent is waiting for your answer first.',
  not_found: 'That session no longer exists.',
  unknown_request: 'That request was already settled.',
  answer_count: 'The answers do not match the questions.',
  invalid_workspace: 'That workspace folder cannot be used.',
  unknown_agent: 'That agent is no longer in Settings.',
  not_an_agent_session: 'This session talks to Parley’s own agent, which has no agent modes.',
  invalid: 'Those settings are not valid.',
  nothing_to_retry:
    'There is nothing to retry: the last turn did not fail, or it was retried already.',
  orphaned: 'The agent that asked is no longer waiting: send your answers as a message instead.',
  not_orphaned: 'The agent is still waiting for this answer: submit it instead.',
  unknown_option: 'The agent does not offer that choice.',
  live_request: 'The agent is waiting for this answer: answer it, or stop the turn.',
}

/** What to tell the person about a refusal: the runtime's own words, else the reason's. */
export function refusalText(reason: string, message?: string): string {
  return message ?? REASON_TEXT[reason] ?? reason
}

/** A live event, or the outcome of an answer: applied in arrival order, a frame at a time. */
type Change = BridgeEvent | ((s: AppState) => AppState)

/**
 * One frame's worth of queued changes, in arrival order. Runs of text deltas go to their rows
 * together; any other event first lets the deltas before it land (a committed record replaces the
 * text streamed before it).
 */
export function applyBatch(state: AppState, batch: readonly Change[]): AppState {
  let next = state
  let deltas: TextDelta[] = []
  const landDeltas = () => {
    if (deltas.length === 0) return
    next = deltasArrived(next, deltas)
    deltas = []
  }
  for (const item of batch) {
    if (typeof item !== 'function' && item.type === 'text_delta') {
      deltas.push(item)
      continue
    }
    landDeltas()
    next = typeof item === 'function' ? item(next) : bridgeEventArrived(next, item)
  }
  landDeltas()
  return next
}

/**
 * What every part of the store shares: the bridge, the zustand store, and the few ways the state
 * changes (at once, or with the frame's live events).
 */
export type StoreKit = {
  readonly bridge: ParleyBridge
  readonly state: StoreApi<AppState>
  /** Applies a pure change now; subscribers hear of it only when something changed. */
  update(fn: (s: AppState) => AppState): void
  /** Shows a failure (a thrown call) in plain words. */
  fail(error: unknown): void
  /** Shows why the runtime refused. */
  refuse(reason: string, message?: string): void
  /** Queues a live event to land with the frame's others. */
  push(event: BridgeEvent): void
  /** Queues a change to land after the events that arrived before it. */
  later(change: (s: AppState) => AppState): void
  /** Lands what is queued now (before something that must come after it). */
  flush(): void
}

export function createStoreKit(
  bridge: ParleyBridge,
  initial: AppState,
  scheduleFrame?: FrameScheduler,
): StoreKit {
  const state = createStore<AppState>(() => initial)
  const update = (fn: (s: AppState) => AppState) => {
    const current = state.getState()
    const next = fn(current)
    if (next !== current) state.setState(next, true)
  }
  /**
   * Live events, and the outcome of an answer, are queued and applied together, in order, as one
   * state change: the messages of one burst (after a Submit: the answer's record, the request
   * settling, the session changing, the next step's first text) cost one render, right after
   * they arrive; a fast stream costs one render per frame however many deltas arrive.
   */
  const frame = createEventQueue<Change>(
    (batch) => update((s) => applyBatch(s, batch)),
    scheduleFrame ? { nextFrame: scheduleFrame, soon: scheduleFrame } : BROWSER_CLOCK,
    (change) => typeof change === 'function' || change.type !== 'text_delta',
  )
  return {
    bridge,
    state,
    update,
    fail: (error) => update((s) => errorShown(s, errorMessage(error))),
    refuse: (reason, message) => update((s) => errorShown(s, refusalText(reason, message))),
    push: (event) => frame.push(event),
    later: (change) => frame.push(change),
    flush: () => frame.flush(),
  }
}
