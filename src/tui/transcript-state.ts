import type { BridgeEvent } from '../shared/bridge'
import type { SessionEvent } from '../shared/session-events'
import {
  agentExitText,
  agentPlanText,
  agentThoughtText,
  agentToolKey,
  agentToolState,
} from '../shared/agent-activity'
import { plainError, summarizeToolInput, summarizeToolResult, toolOutputText } from './tool-summary'

/** Status of one tool call line. */
export type ToolStatus = 'running' | 'ok' | 'error'

/** One block of the transcript. Ids are unique within a session, so views can key on them. */
export type TranscriptEntry =
  | { kind: 'user'; id: string; text: string }
  | {
      kind: 'assistant'
      id: string
      text: string
      /** The reply ends early (stopped, failed, or the model's output limit): said under it. */
      cutOff?: true
    }
  | {
      kind: 'tool'
      id: string
      tool: string
      summary: string
      status: ToolStatus
      /** One line about the result: an error message, the chosen answers. */
      result?: string
      /** How a permission prompt for this call ended, when there was one. */
      decision?: string
      /** The whole result as text, for the "last tool output" view (Ctrl+O). */
      output?: string
    }
  | {
      kind: 'note'
      id: string
      text: string
      tone: 'dim' | 'error'
      /** The technical cause behind a failed turn (status, codes), shown dimmed under it. */
      detail?: string
    }

/** The model step whose text is arriving as deltas and has not been committed yet. */
export interface StreamingText {
  turnId: string
  step: number
  text: string
}

/** The transcript of one session: committed entries plus the text still streaming. */
export interface TranscriptState {
  readonly entries: readonly TranscriptEntry[]
  readonly streaming: StreamingText | null
}

export const EMPTY_TRANSCRIPT: TranscriptState = { entries: [], streaming: null }

const append = (state: TranscriptState, entry: TranscriptEntry): TranscriptState =>
  state.entries.some((e) => e.id === entry.id)
    ? state
    : { ...state, entries: [...state.entries, entry] }

const updateTool = (
  state: TranscriptState,
  toolCallId: string,
  change: (entry: Extract<TranscriptEntry, { kind: 'tool' }>) => TranscriptEntry,
): TranscriptState => {
  const index = state.entries.findIndex((e) => e.kind === 'tool' && e.id === toolCallId)
  const entry = state.entries[index]
  if (!entry || entry.kind !== 'tool') return state
  const entries = [...state.entries]
  entries[index] = change(entry)
  return { ...state, entries }
}

const END_TEXT = {
  stopped: 'Turn stopped.',
  aborted: 'Turn aborted.',
  error: 'Turn failed',
  interrupted: 'Turn interrupted (the app quit while it ran).',
} as const

/**
 * Folds one committed log record into the transcript. Used both for replaying a session's history
 * and for live `session_event`s, so a resumed session looks exactly like the live one did.
 */
export function applySessionEvent(state: TranscriptState, event: SessionEvent): TranscriptState {
  switch (event.type) {
    case 'user_message':
      return append(state, { kind: 'user', id: `${event.turnId}:user`, text: event.text })
    case 'assistant_text': {
      const streaming =
        state.streaming?.turnId === event.turnId && state.streaming.step === event.step
          ? null
          : state.streaming
      const next = streaming === state.streaming ? state : { ...state, streaming }
      if (event.text.trim() === '') return next
      return append(next, {
        kind: 'assistant',
        id: `${event.turnId}:text:${event.step}`,
        text: event.text,
        ...(event.cutOff ? { cutOff: true as const } : {}),
      })
    }
    case 'tool_call':
      return append(state, {
        kind: 'tool',
        id: event.toolCallId,
        tool: event.tool,
        summary: summarizeToolInput(event.tool, event.input),
        status: 'running',
      })
    case 'tool_result':
      return updateTool(state, event.toolCallId, (entry) => {
        const result = summarizeToolResult(event.tool, event.output, event.isError)
        const next = {
          ...entry,
          status: event.isError ? ('error' as const) : ('ok' as const),
          output: toolOutputText(event.output),
        }
        return result === undefined ? next : { ...next, result }
      })
    case 'permission_decision': {
      if (event.requestId === null && event.reason !== 'remembered') return state
      const verb = event.decision === 'allow' ? 'allowed' : 'denied'
      const why =
        event.reason === 'user' ? (event.remember ? ' (remembered for this turn)' : '') : ''
      const decision =
        event.reason === 'user' ? `${verb}${why}` : `${verb}: ${event.reason.replace('_', ' ')}`
      return updateTool(state, event.toolCallId, (entry) => ({ ...entry, decision }))
    }
    case 'turn_end': {
      const streaming = state.streaming?.turnId === event.turnId ? null : state.streaming
      const next = streaming === state.streaming ? state : { ...state, streaming }
      if (event.reason === 'completed') return next
      if (event.reason !== 'error')
        return append(next, {
          kind: 'note',
          id: `${event.turnId}:end`,
          text: END_TEXT[event.reason],
          tone: 'dim',
        })
      const message = event.error ? plainError(event.error) : ''
      return append(next, {
        kind: 'note',
        id: `${event.turnId}:end`,
        text: `${END_TEXT.error}${message ? `: ${message}` : '.'}`,
        tone: 'error',
        ...(event.errorDetail ? { detail: event.errorDetail } : {}),
      })
    }
    // ACP agents: shown with the entries the terminal already has (a tool line, a note).
    case 'agent_tool_call':
      return append(state, {
        kind: 'tool',
        id: agentToolKey(event.turnId, event.toolCallId),
        tool: event.title,
        summary: event.locations.map((l) => l.path).join(', ') || event.kind,
        status: TUI_TOOL_STATE[agentToolState(event.status)],
      })
    case 'agent_tool_call_update':
      return updateTool(state, agentToolKey(event.turnId, event.toolCallId), (entry) => ({
        ...entry,
        tool: event.title ?? entry.tool,
        status: event.status ? TUI_TOOL_STATE[agentToolState(event.status)] : entry.status,
      }))
    case 'agent_thought':
      return append(state, {
        kind: 'note',
        id: `${event.turnId}:thought:${event.at}:${state.entries.length}`,
        text: agentThoughtText(event.text, 300),
        tone: 'dim',
      })
    case 'agent_plan':
      return append(state, {
        kind: 'note',
        id: `${event.turnId}:plan:${event.at}:${state.entries.length}`,
        text: agentPlanText(event.entries),
        tone: 'dim',
      })
    case 'agent_exit':
      return append(state, {
        kind: 'note',
        id: `exit:${event.at}`,
        text: agentExitText(event),
        tone: 'error',
      })
    case 'agent_modes':
    case 'agent_session':
      return state
    default:
      return state
  }
}

const TUI_TOOL_STATE = { running: 'running', done: 'ok', error: 'error' } as const

/** Replays a whole log (from `openSession`) into a transcript. */
export function replayEvents(events: readonly SessionEvent[]): TranscriptState {
  return events.reduce(applySessionEvent, EMPTY_TRANSCRIPT)
}

/** Adds streamed text of a model step that has not been committed yet. */
export function appendDelta(
  state: TranscriptState,
  delta: { turnId: string; step: number; text: string },
): TranscriptState {
  if (delta.text === '') return state
  const current = state.streaming
  const same = current?.turnId === delta.turnId && current.step === delta.step
  // A step already committed (its assistant_text arrived first) must not start streaming again.
  if (!same && state.entries.some((e) => e.id === `${delta.turnId}:text:${delta.step}`))
    return state
  return {
    ...state,
    streaming: {
      turnId: delta.turnId,
      step: delta.step,
      text: same ? current.text + delta.text : delta.text,
    },
  }
}

/** Adds a client-side line (a failed send, a log notice). */
export function addNote(
  state: TranscriptState,
  text: string,
  tone: 'dim' | 'error' = 'dim',
): TranscriptState {
  return append(state, { kind: 'note', id: `note:${state.entries.length}:${text}`, text, tone })
}

/**
 * How many leading entries are final: nothing before the first running tool call can change
 * any more, so a view can print them once (ink `<Static>`) and only redraw the rest. The count
 * never shrinks, because entries are only appended and only running ones change. At most
 * `maxLive` entries stay live: a call that never reports back must not grow the redrawn area
 * past the screen (its line is then printed as it stands).
 */
export function settledCount(state: TranscriptState, maxLive = 20): number {
  const running = state.entries.findIndex((e) => e.kind === 'tool' && e.status === 'running')
  if (running === -1) return state.entries.length
  return Math.max(running, state.entries.length - maxLive)
}

/** Applies the transcript-relevant part of a live bridge event for this session. */
export function applyBridgeEvent(
  state: TranscriptState,
  sessionId: string,
  event: BridgeEvent,
): TranscriptState {
  if (event.sessionId !== sessionId) return state
  if (event.type === 'session_event') return applySessionEvent(state, event.event)
  if (event.type === 'text_delta') return appendDelta(state, event)
  if (event.type === 'notice')
    return addNote(state, `Log notice at byte ${event.notice.offset}: ${event.notice.message}`)
  return state
}
