import type { AskUserQuestionResult } from './ask-user-question'
import type { AttachmentRef } from './attachments'
import {
  agentExitText,
  agentToolInput,
  agentToolKey,
  agentToolState,
  updatedAgentToolInput,
} from './agent-activity'
import type { BridgeEvent, LogNotice } from './bridge'
import type { DecisionReason, PermissionDecision } from './permission'
import type { RuleRef } from './permission-rules'
import { toolCategory } from './pinned-tools'
import { questionResult } from './question-result'
import type {
  AgentPlanEntry,
  Json,
  SessionEvent,
  SessionEventOf,
  TurnEndReason,
  TurnErrorKind,
} from './session-events'
import type { ToolOrigin } from './tool-summary'

/**
 * The transcript model both UIs show: a session's committed records and its live events (text
 * deltas, log notices) folded into items. Pure; each UI is a view over it (the desktop cuts long
 * replies into virtualized rows and pages older records in, the terminal prints settled items
 * once). Replaying a log and applying the same records live give the same items.
 */

/** How a tool call stands. */
export type ToolStatus =
  | 'running'
  /** A permission prompt about it is open. */
  | 'waiting'
  | 'done'
  | 'error'
  | 'denied'
  /** Cut short by Stop. */
  | 'stopped'
  /** Cut short by the app closing. */
  | 'interrupted'
  /** An agent's call its turn ended without (stopped, or the agent went on without it). */
  | 'cancelled'
  /** An agent's call the person rejected. */
  | 'rejected'

/** How the permission policy or the person decided a call. */
export type ToolPermission = {
  decision: PermissionDecision
  reason: DecisionReason
  /** "Remember for this turn" was ticked. */
  remember: boolean
  /** A prompt was shown (false: the mode or a remembered decision decided). */
  prompted: boolean
  /** The lasting rules that decided it (reason `rule`). */
  rules?: RuleRef[]
}

/**
 * Why a question closed without answers: its turn ended (how, once its `turn_end` is in: stopped,
 * aborted, failed, or the app closed), or it was never asked (its input was invalid, the tool
 * was not offered).
 */
export type QuestionClosed =
  'turn_ended' | 'stopped' | 'aborted' | 'failed' | 'interrupted' | 'not_asked'

/** One item of the transcript. `key` is unique in the session and stable, so views key on it. */
export type TranscriptItem =
  | {
      kind: 'user'
      key: string
      turnId: string
      text: string
      at: number
      /** Files mentioned with `@` and images, by reference (their copies are beside the log). */
      attachments?: readonly AttachmentRef[]
    }
  /** One model step's text; `streaming` until its `assistant_text` record is committed. */
  | {
      kind: 'assistant'
      key: string
      turnId: string
      text: string
      streaming: boolean
      /** The reply ends early (stopped, failed, or the model's output limit). */
      cutOff: boolean
    }
  | {
      kind: 'tool'
      key: string
      turnId: string
      /** The tool's name (an ACP agent's call: its title). */
      tool: string
      origin: ToolOrigin
      input: Json
      output: Json | undefined
      status: ToolStatus
      /** True when the runtime wrote the result itself (stop, abort, removal, restart). */
      synthetic: boolean
      /** Set when a permission decision was recorded for this call. */
      permission: ToolPermission | undefined
      /** An ACP agent's call: the id of its open permission request (status `waiting`). */
      waitingOn?: string
    }
  /** An AskUserQuestion call: the questions and, once answered, the choices made. */
  | {
      kind: 'question'
      key: string
      turnId: string
      tool: string
      /** The call's input as the model wrote it. */
      input: Json
      /** The questions' texts. */
      questions: readonly string[]
      answers: AskUserQuestionResult['answers'] | undefined
      closed: QuestionClosed | undefined
      /** What the tool answered when the question could not be asked (its result, as is). */
      refusal?: Json
    }
  /** A turn that did not complete normally; completed turns leave no item. */
  | {
      kind: 'turn_end'
      key: string
      turnId: string
      reason: Exclude<TurnEndReason, 'completed'>
      error: string | undefined
      errorKind: TurnErrorKind | undefined
      /** The technical cause, for a Details disclosure. */
      errorDetail: string | undefined
    }
  /** A stretch of an ACP agent's reasoning, whole (views cut it to their space). */
  | { kind: 'thought'; key: string; turnId: string; text: string }
  /** An ACP agent's plan for a turn; one per turn, each plan replacing the one before. */
  | { kind: 'plan'; key: string; turnId: string; entries: readonly AgentPlanEntry[] }
  /** A line of its own: a log notice, an agent that exited, a client's note. */
  | {
      kind: 'notice'
      key: string
      text: string
      tone: 'info' | 'error'
      /** A files rewind: the id of the checkpoint of the files just before it, to undo it. */
      undoTurnId?: string
    }

/** The transcript of one session. Items are replaced, never mutated, so views can memoize. */
export type Transcript = {
  readonly items: readonly TranscriptItem[]
  /**
   * Index in the session log of the first record the items were built from: 0 when the whole
   * history is here; otherwise older records can still be paged in (`prependEvents`).
   */
  readonly start: number
}

export const EMPTY_TRANSCRIPT: Transcript = { items: [], start: 0 }

/** One live text fragment of a model step. */
export type TextDelta = Extract<BridgeEvent, { type: 'text_delta' }>

const stepKey = (turnId: string, step: number) => `a:${turnId}:${step}`

/** Index of the newest item with this key; searches from the end, where live items are. */
function findKey(items: readonly TranscriptItem[], key: string): number {
  for (let i = items.length - 1; i >= 0; i--) if (items[i]?.key === key) return i
  return -1
}

/** The questions' texts of an AskUserQuestion input, read leniently (models add extras). */
function questionTexts(input: Json): string[] {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return []
  const { questions } = input
  if (!Array.isArray(questions)) return []
  return questions.flatMap((q) =>
    typeof q === 'object' && q !== null && !Array.isArray(q) && typeof q.question === 'string'
      ? [q.question]
      : [],
  )
}

/** How a question cut short by its turn's end closed, by how the turn ended. */
const QUESTION_CLOSED_BY: Record<TurnEndReason, QuestionClosed> = {
  completed: 'turn_ended',
  stopped: 'stopped',
  aborted: 'aborted',
  error: 'failed',
  interrupted: 'interrupted',
}

/** A tool call cut short by its turn's end did not fail: how it was cut short, if that has a word. */
const TOOL_CUT_SHORT_BY: Record<TurnEndReason, ToolStatus | undefined> = {
  completed: undefined,
  stopped: 'stopped',
  aborted: undefined,
  error: undefined,
  interrupted: 'interrupted',
}

/**
 * Where a record's effect lands: a persistent list (copied on the first write, for live events)
 * or a mutable one with a key index (for replaying a whole log in linear time).
 */
interface ItemList {
  get(index: number): TranscriptItem | undefined
  find(key: string): number
  append(item: TranscriptItem): void
  replace(index: number, item: TranscriptItem): void
  readonly length: number
}

/** Copies its source on the first write, so a change that writes nothing keeps the same array. */
class CopyOnWriteList implements ItemList {
  #items: readonly TranscriptItem[]
  #copied = false

  constructor(source: readonly TranscriptItem[]) {
    this.#items = source
  }

  get items(): readonly TranscriptItem[] {
    return this.#items
  }

  get length(): number {
    return this.#items.length
  }

  get(index: number): TranscriptItem | undefined {
    return this.#items[index]
  }

  find(key: string): number {
    return findKey(this.#items, key)
  }

  append(item: TranscriptItem): void {
    this.#writable().push(item)
  }

  replace(index: number, item: TranscriptItem): void {
    this.#writable()[index] = item
  }

  #writable(): TranscriptItem[] {
    if (!this.#copied) {
      this.#items = this.#items.slice()
      this.#copied = true
    }
    return this.#items as TranscriptItem[]
  }
}

/** Writes in place and keeps a key index: a whole log replays in linear time. */
class IndexedList implements ItemList {
  readonly #byKey = new Map<string, number>()

  constructor(readonly items: TranscriptItem[]) {}

  get length(): number {
    return this.items.length
  }

  get(index: number): TranscriptItem | undefined {
    return this.items[index]
  }

  find(key: string): number {
    return this.#byKey.get(key) ?? -1
  }

  append(item: TranscriptItem): void {
    this.#byKey.set(item.key, this.items.length)
    this.items.push(item)
  }

  replace(index: number, item: TranscriptItem): void {
    this.items[index] = item
  }
}

/** Appends an item unless one with its key is there (a record applied twice shows once). */
function appendOnce(list: ItemList, item: TranscriptItem): void {
  if (list.find(item.key) < 0) list.append(item)
}

/** Ends what a turn left open: streaming text, calls and questions cut short by its end. */
function closeTurn(list: ItemList, turnId: string, reason: TurnEndReason): void {
  // A turn's items are together at the end; lines without a turn (notices) may sit among them.
  for (let i = list.length - 1; i >= 0; i--) {
    const item = list.get(i)
    if (!item || item.kind === 'notice') continue
    if (item.turnId !== turnId) break
    if (item.kind === 'assistant' && item.streaming) list.replace(i, { ...item, streaming: false })
    if (item.kind === 'tool' && item.synthetic && item.status === 'error') {
      const status = TOOL_CUT_SHORT_BY[reason]
      if (status) list.replace(i, { ...item, status })
    }
    if (item.kind === 'question' && item.closed === 'turn_ended')
      list.replace(i, { ...item, closed: QUESTION_CLOSED_BY[reason] })
  }
}

function applyRecord(list: ItemList, event: SessionEvent): void {
  switch (event.type) {
    case 'user_message':
      // Not the row position: older pages are put in front, and keys must not move.
      appendOnce(list, {
        kind: 'user',
        key: `u:${event.turnId}:${event.at}`,
        turnId: event.turnId,
        text: event.text,
        at: event.at,
        ...(event.attachments ? { attachments: event.attachments } : {}),
      })
      return
    case 'assistant_text': {
      const key = stepKey(event.turnId, event.step)
      const cutOff = event.cutOff ?? false
      const index = list.find(key)
      const current = list.get(index)
      if (
        current?.kind === 'assistant' &&
        !current.streaming &&
        current.text === event.text &&
        current.cutOff === cutOff
      )
        return
      const item: TranscriptItem = {
        kind: 'assistant',
        key,
        turnId: event.turnId,
        text: event.text,
        streaming: false,
        cutOff,
      }
      if (index >= 0) list.replace(index, item)
      else if (event.text.trim() !== '') list.append(item)
      return
    }
    case 'tool_call':
      // A call that asks the person (AskUserQuestion): shown with its questions and answers.
      if (toolCategory(event.tool) === 'ask') {
        appendOnce(list, {
          kind: 'question',
          key: event.toolCallId,
          turnId: event.turnId,
          tool: event.tool,
          input: event.input,
          questions: questionTexts(event.input),
          answers: undefined,
          closed: undefined,
        })
        return
      }
      appendOnce(list, {
        kind: 'tool',
        key: event.toolCallId,
        turnId: event.turnId,
        tool: event.tool,
        origin: 'parley',
        input: event.input,
        output: undefined,
        status: 'running',
        synthetic: false,
        permission: undefined,
      })
      return
    case 'tool_result': {
      const index = list.find(event.toolCallId)
      const current = list.get(index)
      // A call has one result: one applied again (early events after a replay) changes nothing.
      if (current?.kind === 'question' && !current.answers && !current.closed) {
        const parsed = questionResult(event.output)
        list.replace(
          index,
          parsed && !event.isError
            ? { ...current, answers: parsed.answers, closed: undefined }
            : event.synthetic
              ? { ...current, closed: 'turn_ended' }
              : { ...current, closed: 'not_asked', refusal: event.output },
        )
      } else if (current?.kind === 'tool' && current.output === undefined) {
        const denied = current.permission?.decision === 'deny'
        list.replace(index, {
          ...current,
          output: event.output,
          synthetic: event.synthetic ?? false,
          status: denied ? 'denied' : event.isError ? 'error' : 'done',
        })
      }
      return
    }
    case 'permission_request': {
      const index = list.find(event.toolCallId)
      const current = list.get(index)
      if (current?.kind === 'tool' && current.status === 'running')
        list.replace(index, { ...current, status: 'waiting' })
      return
    }
    case 'permission_decision': {
      const index = list.find(event.toolCallId)
      const current = list.get(index)
      if (current?.kind !== 'tool' || current.permission) return
      list.replace(index, {
        ...current,
        status: current.status === 'waiting' ? 'running' : current.status,
        permission: {
          decision: event.decision,
          reason: event.reason,
          remember: event.remember,
          prompted: event.requestId !== null,
          ...(event.rules ? { rules: event.rules } : {}),
        },
      })
      return
    }
    case 'turn_end':
      closeTurn(list, event.turnId, event.reason)
      if (event.reason !== 'completed')
        appendOnce(list, {
          kind: 'turn_end',
          key: `end:${event.turnId}`,
          turnId: event.turnId,
          reason: event.reason,
          error: event.error,
          errorKind: event.errorKind,
          errorDetail: event.errorDetail,
        })
      return
    // ACP agents' own activity.
    case 'agent_tool_call':
      appendOnce(list, {
        kind: 'tool',
        key: agentToolKey(event.turnId, event.toolCallId),
        turnId: event.turnId,
        tool: event.title,
        origin: 'agent',
        input: agentToolInput(event),
        output: undefined,
        status: agentToolState(event.status),
        synthetic: false,
        permission: undefined,
      })
      return
    case 'agent_tool_call_update': {
      const index = list.find(agentToolKey(event.turnId, event.toolCallId))
      const current = list.get(index)
      if (current?.kind !== 'tool') return
      list.replace(index, {
        ...current,
        tool: event.title ?? current.tool,
        input: updatedAgentToolInput(current.input, event),
        output: event.rawOutput ?? current.output,
        // A call waiting for permission says so until the request closes or the call ends.
        status:
          event.status && !(current.status === 'waiting' && event.status === 'pending')
            ? agentToolState(event.status)
            : current.status,
      })
      return
    }
    case 'interaction_request': {
      // An agent's call waits for the person while its permission request is open.
      const { source } = event
      if (event.request.kind !== 'agent_permission' || source.kind !== 'acp') return
      if (source.toolCallId === undefined) return
      const index = list.find(agentToolKey(event.turnId, source.toolCallId))
      const current = list.get(index)
      if (current?.kind === 'tool' && current.status === 'running')
        list.replace(index, { ...current, status: 'waiting', waitingOn: event.requestId })
      return
    }
    case 'interaction_response': {
      for (let i = list.length - 1; i >= 0; i--) {
        const item = list.get(i)
        if (!item || item.kind === 'notice') continue
        if (item.turnId !== event.turnId) break
        if (item.kind !== 'tool' || item.waitingOn !== event.requestId) continue
        const { waitingOn: _answered, ...rest } = item
        const status = item.status === 'waiting' ? 'running' : item.status
        // Nobody answered: the agent was sent its reject option, and the card says why.
        const permission =
          event.outcome === 'timed_out'
            ? {
                decision: 'deny' as const,
                reason: 'timed_out' as const,
                remember: false,
                prompted: true,
              }
            : item.permission
        list.replace(i, { ...rest, status, ...(permission ? { permission } : {}) })
        return
      }
      return
    }
    case 'agent_thought':
      // Thoughts carry no id, and two may share a millisecond: the position tells them apart.
      list.append({
        kind: 'thought',
        key: `thought:${event.turnId}:${event.at}:${list.length}`,
        turnId: event.turnId,
        text: event.text,
      })
      return
    case 'agent_plan': {
      const key = `plan:${event.turnId}`
      const item: TranscriptItem = {
        kind: 'plan',
        key,
        turnId: event.turnId,
        entries: event.entries,
      }
      const index = list.find(key)
      if (index >= 0) list.replace(index, item)
      else list.append(item)
      return
    }
    case 'agent_exit':
      appendOnce(list, {
        kind: 'notice',
        key: `exit:${event.at}`,
        text: agentExitText(event),
        tone: 'error',
      })
      return
    case 'checkpoint': {
      const text = checkpointNotice(event)
      if (text !== null)
        appendOnce(list, {
          kind: 'notice',
          key: `checkpoint:${event.turnId}:${event.moment}`,
          text,
          tone: event.tree === undefined ? 'error' : 'info',
          ...(event.moment === 'rewind' && event.tree !== undefined
            ? { undoTurnId: event.turnId }
            : {}),
        })
      return
    }
    case 'session_forked':
      appendOnce(list, {
        kind: 'notice',
        key: `fork:${event.forkId}`,
        text: 'The conversation was rewound to before a message: it goes on in a new session, and this one stays as it was.',
        tone: 'info',
      })
      return
    // Records that show nothing in the transcript (the session's own state, requests whose
    // prompts live in the tray, answers that are the tool results above).
    case 'session':
    case 'session_update':
    case 'turn_retry':
    case 'user_question_request':
    case 'agent_modes':
    case 'agent_config':
    case 'agent_session':
    case 'context_usage':
      return
    default:
      return event satisfies never
  }
}

/** What a checkpoint record says in the transcript: a failure, or a rewind; else nothing. */
function checkpointNotice(event: SessionEventOf<'checkpoint'>): string | null {
  if (event.tree === undefined)
    return `No checkpoint was taken ${event.moment === 'rewind' ? 'before the rewind' : 'before this turn'}: ${event.failure ?? 'unknown reason'}. The turn went on; its files cannot be rewound to this point.`
  if (event.moment === 'rewind')
    return 'Files were rewound to before a message. How they were just before is kept in a checkpoint too.'
  return null
}

/** Applies one committed session record; records that show nothing return the same transcript. */
export function applySessionEvent(transcript: Transcript, event: SessionEvent): Transcript {
  const list = new CopyOnWriteList(transcript.items)
  applyRecord(list, event)
  return list.items === transcript.items ? transcript : { ...transcript, items: list.items }
}

/**
 * Builds a transcript from a run of a session's log starting at record `start` (openSession sends
 * the newest records from a clean cut), in time linear in its length.
 */
export function transcriptFromEvents(events: readonly SessionEvent[], start = 0): Transcript {
  const list = new IndexedList([])
  for (const event of events) applyRecord(list, event)
  return { items: list.items, start }
}

/**
 * Older records paged in (`loadOlderEvents`) in front of the items already shown. They start at
 * a clean cut and end where the transcript starts, so their items stand on their own. A page that
 * does not end where this transcript starts (the session was reopened meanwhile) is ignored.
 */
export function prependEvents(
  transcript: Transcript,
  events: readonly SessionEvent[],
  page: { start: number; before: number },
): Transcript {
  if (page.before !== transcript.start || page.start >= transcript.start) return transcript
  const older = transcriptFromEvents(events)
  return { items: [...older.items, ...transcript.items], start: page.start }
}

/**
 * Appends a batch of live text deltas (a frame's worth) to their streaming items, copying the
 * item list at most once. Deltas for a step already committed are late and ignored.
 */
export function applyTextDeltas(transcript: Transcript, deltas: readonly TextDelta[]): Transcript {
  const list = new CopyOnWriteList(transcript.items)
  for (const delta of deltas) {
    if (delta.text === '') continue
    const key = stepKey(delta.turnId, delta.step)
    const index = list.find(key)
    const current = list.get(index)
    if (current) {
      if (current.kind !== 'assistant' || !current.streaming) continue
      list.replace(index, { ...current, text: current.text + delta.text })
    } else {
      list.append({
        kind: 'assistant',
        key,
        turnId: delta.turnId,
        text: delta.text,
        streaming: true,
        cutOff: false,
      })
    }
  }
  return list.items === transcript.items ? transcript : { ...transcript, items: list.items }
}

/** Adds a log notice (a skipped malformed record, a repaired tail) as a line of its own, once. */
export function applyNotice(transcript: Transcript, notice: LogNotice): Transcript {
  return addNotice(transcript, {
    key: `n:${notice.offset}:${notice.message}`,
    text: `Log notice: ${notice.message}`,
    tone: 'info',
  })
}

/**
 * Adds a line a client writes itself (a failed send, a command's answer). Without a key, each
 * call adds a line; with one, a line with that key is added once.
 */
export function addNotice(
  transcript: Transcript,
  notice: { text: string; tone: 'info' | 'error'; key?: string },
): Transcript {
  const key = notice.key ?? `note:${transcript.items.length}:${notice.text}`
  if (findKey(transcript.items, key) >= 0) return transcript
  const item: TranscriptItem = { kind: 'notice', key, text: notice.text, tone: notice.tone }
  return { ...transcript, items: [...transcript.items, item] }
}

/**
 * Applies a session's live bridge events in order: records, text deltas (each run of them copies
 * the list once) and log notices. Events of other sessions, and kinds that are not about the
 * transcript, change nothing.
 */
export function applyLiveEvents(
  transcript: Transcript,
  sessionId: string,
  events: readonly BridgeEvent[],
): Transcript {
  let next = transcript
  let deltas: TextDelta[] = []
  const flush = () => {
    if (deltas.length > 0) next = applyTextDeltas(next, deltas)
    deltas = []
  }
  for (const event of events) {
    if (event.sessionId !== sessionId) continue
    if (event.type === 'text_delta') {
      deltas.push(event)
      continue
    }
    flush()
    if (event.type === 'session_event') next = applySessionEvent(next, event.event)
    else if (event.type === 'notice') next = applyNotice(next, event.notice)
  }
  flush()
  return next
}

/**
 * A freshly loaded log plus the items still streaming in the old transcript whose step is not in
 * the log yet, so switching back to a session mid-stream keeps the text already shown.
 */
export function reloadTranscript(
  old: Transcript | undefined,
  events: readonly SessionEvent[],
  start = 0,
): Transcript {
  const fresh = transcriptFromEvents(events, start)
  const live = (old?.items ?? []).filter(
    (item) => item.kind === 'assistant' && item.streaming && findKey(fresh.items, item.key) < 0,
  )
  return live.length === 0 ? fresh : { items: [...fresh.items, ...live], start }
}

/** One answer in words: the label or text, a multi-select question's labels joined, or null. */
export function answerText(
  answer: AskUserQuestionResult['answers'][number]['answer'],
): string | null {
  if (answer === null) return null
  return typeof answer === 'string' ? answer : answer.join(', ')
}

/** Why a question closed without answers, in plain words. */
export function questionClosedText(closed: QuestionClosed): string {
  switch (closed) {
    case 'turn_ended':
    case 'aborted':
      return 'Not answered: the turn ended first.'
    case 'stopped':
      return 'Not answered: the turn was stopped.'
    case 'failed':
      return 'Not answered: the turn failed.'
    case 'interrupted':
      return 'Not answered: the app closed while it waited.'
    case 'not_asked':
      return 'The agent’s question could not be asked.'
  }
}
