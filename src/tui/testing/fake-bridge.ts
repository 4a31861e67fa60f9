import type { BridgeEvent, BridgeInput, SessionSummary } from '../../shared/bridge'
import type { PendingInteraction } from '../../shared/interactions'
import type { SessionEvent } from '../../shared/session-events'
import type { TuiBridge, TuiMethod } from '../tui-bridge'

/** A recorded bridge call. */
export interface FakeCall {
  method: TuiMethod
  input: unknown
}

/**
 * An in-memory bridge for App tests: one session, calls recorded, events pushed by the test.
 * Answering a request settles it the way the runtime does (an `interaction_settled` event).
 */
export function createFakeBridge(
  options: {
    session?: Partial<SessionSummary>
    events?: SessionEvent[]
    pending?: PendingInteraction[]
  } = {},
) {
  const session: SessionSummary = {
    id: 's1',
    title: 'New session',
    workspace: '/home/me/project',
    mode: 'ask',
    backend: 'fake:test',
    createdAt: 0,
    updatedAt: 0,
    running: false,
    pendingCount: 0,
    ...options.session,
  }
  const calls: FakeCall[] = []
  const listeners = new Set<(event: BridgeEvent) => void>()
  const emit = (event: BridgeEvent) => {
    for (const listener of listeners) listener(event)
  }
  const record = <M extends TuiMethod>(method: M, input: BridgeInput<M>) => {
    calls.push({ method, input })
  }
  const settled = (requestId: string, outcome: 'answered' | 'allowed' | 'denied' | 'dismissed') =>
    queueMicrotask(() =>
      emit({ type: 'interaction_settled', sessionId: session.id, requestId, outcome }),
    )

  const bridge: TuiBridge = {
    createSession: async (input) => (record('createSession', input), { ok: true, session }),
    openSession: async (input) => {
      record('openSession', input)
      if (input.sessionId !== session.id) return { ok: false, reason: 'not_found' }
      return {
        ok: true,
        session,
        events: options.events ?? [],
        start: 0,
        total: options.events?.length ?? 0,
        pending: options.pending ?? [],
        notices: [],
      }
    },
    send: async (input) => (record('send', input), { ok: true, turnId: 't1' }),
    stop: async (input) => (record('stop', input), { ok: true }),
    setSessionMode: async (input) => (record('setSessionMode', input), { ok: true }),
    respondToPermission: async (input) => {
      record('respondToPermission', input)
      settled(input.requestId, input.decision === 'allow' ? 'allowed' : 'denied')
      return { ok: true }
    },
    respondToQuestion: async (input) => {
      record('respondToQuestion', input)
      settled(input.requestId, 'answered')
      return { ok: true }
    },
    dismissInteraction: async (input) => {
      record('dismissInteraction', input)
      settled(input.requestId, 'dismissed')
      return { ok: true }
    },
    saveQuestionDraft: async (input) => (record('saveQuestionDraft', input), { ok: true }),
    listPending: async (input) => (record('listPending', input), options.pending ?? []),
    getSettings: async (input) => (
      record('getSettings', input),
      {
        provider: 'demo',
        model: '',
        openaiBaseUrl: '',
        anthropicBaseUrl: '',
        streamIdleSeconds: 120,
        defaultMode: 'ask',
        defaultWorkspace: '',
        openaiApiKeySet: false,
        anthropicApiKeySet: false,
        backendLabel: 'Fake test backend',
        models: [],
      }
    ),
    onEvent: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }

  const callsOf = <M extends TuiMethod>(method: M) =>
    calls.filter((c) => c.method === method).map((c) => c.input as BridgeInput<M>)

  return { bridge, session, emit, calls, callsOf }
}
