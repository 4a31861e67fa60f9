import { toolCategory } from './pinned-tools'
import { questionResult } from './question-result'
import type { Json, SessionEvent, SessionEventOf, TurnEndReason } from './session-events'
import type { QuestionClosed, ToolStatus, TranscriptItem } from './transcript-items'
import { AGENT_RECORDS } from './transcript-agent-records'
import {
  appendOnce,
  itemAt,
  stepKey,
  type ItemList,
  type RecordHandler,
  type RecordHandlers,
} from './transcript-list'

/**
 * How each committed record changes the transcript's items, one handler per record type. A
 * record applied twice (early events after a replay) changes nothing the second time.
 */

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

/** What a checkpoint record says in the transcript: a failure, or a rewind; else nothing. */
function checkpointNotice(event: SessionEventOf<'checkpoint'>): string | null {
  if (event.tree === undefined)
    return `No checkpoint was taken ${event.moment === 'rewind' ? 'before the rewind' : 'before this turn'}: ${event.failure ?? 'unknown reason'}. The turn went on; its files cannot be rewound to this point.`
  if (event.moment === 'rewind')
    return 'Files were rewound to before a message. How they were just before is kept in a checkpoint too.'
  return null
}

/** Records that show nothing in the transcript. */
const nothing = () => undefined

/** Parley's own turn: messages, step texts, tool calls with their permissions, the turn's end. */
const TURN_RECORDS = {
  user_message(list, event) {
    // Not the row position: older pages are put in front, and keys must not move.
    appendOnce(list, {
      kind: 'user',
      key: `u:${event.turnId}:${event.at}`,
      turnId: event.turnId,
      text: event.text,
      at: event.at,
      ...(event.attachments ? { attachments: event.attachments } : {}),
    })
  },

  assistant_text(list, event) {
    const key = stepKey(event.turnId, event.step)
    const cutOff = event.cutOff ?? false
    const { index, current } = itemAt(list, key)
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
  },

  tool_call(list, event) {
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
  },

  tool_result(list, event) {
    const { index, current } = itemAt(list, event.toolCallId)
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
  },

  permission_request(list, event) {
    const { index, current } = itemAt(list, event.toolCallId)
    if (current?.kind === 'tool' && current.status === 'running')
      list.replace(index, { ...current, status: 'waiting' })
  },

  permission_decision(list, event) {
    const { index, current } = itemAt(list, event.toolCallId)
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
  },

  turn_end(list, event) {
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
  },
} satisfies RecordHandlers

/** What happened to the session as a whole: a checkpoint that failed or a rewind, a fork. */
const SESSION_RECORDS = {
  checkpoint(list, event) {
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
  },

  session_forked(list, event) {
    appendOnce(list, {
      kind: 'notice',
      key: `fork:${event.forkId}`,
      text: 'The conversation was rewound to before a message: it goes on in a new session, and this one stays as it was.',
      tone: 'info',
    })
  },

  // Records that show nothing in the transcript (the session's own state, requests whose
  // prompts live in the tray, answers that are the tool results above).
  session: nothing,
  session_update: nothing,
  turn_retry: nothing,
  user_question_request: nothing,
  agent_modes: nothing,
  agent_config: nothing,
  agent_session: nothing,
  context_usage: nothing,
} satisfies RecordHandlers

/** Every record type's handler: a new record type fails to compile until it has one. */
const RECORD_HANDLERS: { [T in SessionEvent['type']]: RecordHandler<T> } = {
  ...TURN_RECORDS,
  ...AGENT_RECORDS,
  ...SESSION_RECORDS,
}

function dispatch<T extends SessionEvent['type']>(
  list: ItemList,
  event: { type: T } & SessionEventOf<T>,
): void {
  RECORD_HANDLERS[event.type](list, event)
}

/** Applies one committed session record to the items. */
export function applyRecord(list: ItemList, event: SessionEvent): void {
  dispatch(list, event)
}
