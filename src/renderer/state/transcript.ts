import {
  agentExitText,
  agentPlanText,
  agentThoughtText,
  agentToolInput,
  agentToolKey,
  agentToolState,
  updatedAgentToolInput,
  AskUserQuestionInputSchema,
  AskUserQuestionResultSchema,
  type AskUserQuestionResult,
  type BridgeEvent,
  type Json,
  type Question,
  type SessionEvent,
  type TurnEndReason,
  type TurnErrorKind,
} from '../../shared'

/** How a tool card's call stands. */
export type ToolStatus =
  'running' | 'waiting' | 'done' | 'error' | 'denied' | 'stopped' | 'interrupted'

/** One row of the transcript, derived from session events and live text deltas. */
export type TranscriptItem =
  | { kind: 'user'; key: string; turnId: string; text: string; at: number }
  /** One model step's text; `streaming` until its `assistant_text` record is committed. */
  | { kind: 'assistant'; key: string; turnId: string; text: string; streaming: boolean }
  | {
      kind: 'tool'
      key: string
      turnId: string
      tool: string
      input: Json
      output: Json | undefined
      status: ToolStatus
      /** True when the runtime wrote the result itself (stop, abort, removal). */
      synthetic: boolean
      /** Set when a permission decision was recorded for this call. */
      permission: { decision: 'allow' | 'deny'; reason: string } | undefined
    }
  /** An AskUserQuestion call: the questions and, once answered, the choices made. */
  | {
      kind: 'question'
      key: string
      turnId: string
      questions: Question[]
      answers: AskUserQuestionResult['answers'] | undefined
      /** Why it closed without answers (stop, restart…), shown plainly. */
      closedWithoutAnswer: string | undefined
    }
  /** A turn that did not complete normally; completed turns leave no row. */
  | {
      kind: 'turn_end'
      key: string
      turnId: string
      reason: TurnEndReason
      error: string | undefined
      errorKind: TurnErrorKind | undefined
      /** The technical cause, for a Details disclosure. */
      errorDetail: string | undefined
    }
  | { kind: 'notice'; key: string; text: string }

/** The transcript of one session. Items are replaced, never mutated, so rows can memoize. */
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

function replaceAt(items: readonly TranscriptItem[], index: number, item: TranscriptItem) {
  const next = items.slice()
  next[index] = item
  return next
}

/** Index of the newest item with this key; searches from the end, where live rows are. */
function findKey(items: readonly TranscriptItem[], key: string): number {
  for (let i = items.length - 1; i >= 0; i--) if (items[i]?.key === key) return i
  return -1
}

function outputText(output: Json): string | undefined {
  if (typeof output === 'string') return output
  if (output && typeof output === 'object' && !Array.isArray(output)) {
    const message = output.error ?? output.message
    if (typeof message === 'string') return message
  }
  return undefined
}

/**
 * Where a record's effect lands: a persistent list (copy on first write, for live events) or a
 * mutable one with a key index (for replaying a whole log in linear time).
 */
type ItemList = {
  get(index: number): TranscriptItem | undefined
  find(key: string): number
  append(item: TranscriptItem): void
  replace(index: number, item: TranscriptItem): void
  readonly length: number
}

function copyOnWrite(source: readonly TranscriptItem[]) {
  let items = source
  const writable = () => {
    if (items === source) items = source.slice()
    return items as TranscriptItem[]
  }
  const list: ItemList = {
    get: (index) => items[index],
    find: (key) => findKey(items, key),
    append: (item) => void writable().push(item),
    replace: (index, item) => void (writable()[index] = item),
    get length() {
      return items.length
    },
  }
  return { list, result: () => items }
}

function indexed(items: TranscriptItem[]): ItemList {
  const byKey = new Map<string, number>()
  return {
    get: (index) => items[index],
    find: (key) => byKey.get(key) ?? -1,
    append: (item) => {
      byKey.set(item.key, items.length)
      items.push(item)
    },
    replace: (index, item) => void (items[index] = item),
    get length() {
      return items.length
    },
  }
}

function applyRecord(list: ItemList, event: SessionEvent): void {
  switch (event.type) {
    case 'user_message':
      list.append({
        kind: 'user',
        // Not the row position: older pages are put in front, and keys must not move.
        key: `u:${event.turnId}:${event.at}`,
        turnId: event.turnId,
        text: event.text,
        at: event.at,
      })
      return
    case 'assistant_text': {
      const key = stepKey(event.turnId, event.step)
      const item: TranscriptItem = {
        kind: 'assistant',
        key,
        turnId: event.turnId,
        text: event.text,
        streaming: false,
      }
      const index = list.find(key)
      if (index >= 0) list.replace(index, item)
      else if (event.text.trim() !== '') list.append(item)
      return
    }
    case 'tool_call': {
      if (list.find(event.toolCallId) >= 0) return
      if (event.tool === 'AskUserQuestion') {
        const parsed = AskUserQuestionInputSchema.safeParse(event.input)
        list.append({
          kind: 'question',
          key: event.toolCallId,
          turnId: event.turnId,
          questions: parsed.success ? parsed.data.questions : [],
          answers: undefined,
          closedWithoutAnswer: undefined,
        })
        return
      }
      list.append({
        kind: 'tool',
        key: event.toolCallId,
        turnId: event.turnId,
        tool: event.tool,
        input: event.input,
        output: undefined,
        status: 'running',
        synthetic: false,
        permission: undefined,
      })
      return
    }
    case 'tool_result': {
      const index = list.find(event.toolCallId)
      const current = list.get(index)
      if (current?.kind === 'question') {
        const parsed = AskUserQuestionResultSchema.safeParse(event.output)
        list.replace(
          index,
          parsed.success && !event.isError
            ? { ...current, answers: parsed.data.answers }
            : {
                ...current,
                closedWithoutAnswer: outputText(event.output) ?? 'Closed without an answer',
              },
        )
      } else if (current?.kind === 'tool') {
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
      if (current?.kind === 'tool' && current.status === 'running') {
        list.replace(index, { ...current, status: 'waiting' })
      }
      return
    }
    case 'permission_decision': {
      const index = list.find(event.toolCallId)
      const current = list.get(index)
      if (current?.kind !== 'tool') return
      list.replace(index, {
        ...current,
        status: current.status === 'waiting' ? 'running' : current.status,
        permission: { decision: event.decision, reason: event.reason },
      })
      return
    }
    case 'turn_end': {
      // A streaming row of this turn that never got its commit is final now.
      for (let i = list.length - 1; i >= 0; i--) {
        const item = list.get(i)
        // Rows of this turn all come after its user message.
        if (item?.kind === 'user' && item.turnId === event.turnId) break
        if (item?.kind === 'assistant' && item.streaming && item.turnId === event.turnId) {
          list.replace(i, { ...item, streaming: false })
        }
        // A call cut short by Stop or by the app closing did not fail; it was cut short.
        if (item?.kind === 'tool' && item.synthetic && item.status === 'error') {
          if (event.reason === 'stopped') list.replace(i, { ...item, status: 'stopped' })
          if (event.reason === 'interrupted') list.replace(i, { ...item, status: 'interrupted' })
        }
      }
      if (event.reason !== 'completed') {
        list.append({
          kind: 'turn_end',
          key: `end:${event.turnId}`,
          turnId: event.turnId,
          reason: event.reason,
          error: event.error,
          errorKind: event.errorKind,
          errorDetail: event.errorDetail,
        })
      }
      return
    }
    // ACP agents: shown with the rows Parley already has (a tool card, a notice line).
    case 'agent_tool_call': {
      const key = agentToolKey(event.turnId, event.toolCallId)
      if (list.find(key) >= 0) return
      list.append({
        kind: 'tool',
        key,
        turnId: event.turnId,
        tool: event.title,
        input: agentToolInput(event),
        output: undefined,
        status: agentToolState(event.status),
        synthetic: false,
        permission: undefined,
      })
      return
    }
    case 'agent_tool_call_update': {
      const index = list.find(agentToolKey(event.turnId, event.toolCallId))
      const current = list.get(index)
      if (current?.kind !== 'tool') return
      list.replace(index, {
        ...current,
        tool: event.title ?? current.tool,
        input: updatedAgentToolInput(current.input, event),
        output: event.rawOutput ?? current.output,
        status: event.status ? agentToolState(event.status) : current.status,
      })
      return
    }
    case 'agent_thought':
      list.append({
        kind: 'notice',
        key: `thought:${event.turnId}:${event.at}:${list.length}`,
        text: agentThoughtText(event.text),
      })
      return
    case 'agent_plan': {
      const key = `plan:${event.turnId}`
      const item: TranscriptItem = { kind: 'notice', key, text: agentPlanText(event.entries) }
      const index = list.find(key)
      if (index >= 0) list.replace(index, item)
      else list.append(item)
      return
    }
    case 'agent_exit':
      list.append({ kind: 'notice', key: `exit:${event.at}`, text: agentExitText(event) })
      return
    case 'agent_modes':
    case 'agent_session':
      return
    default:
      return
  }
}

/** Applies one committed session record; records that show nothing return the same transcript. */
export function applySessionEvent(transcript: Transcript, event: SessionEvent): Transcript {
  const { list, result } = copyOnWrite(transcript.items)
  applyRecord(list, event)
  const items = result()
  return items === transcript.items ? transcript : { ...transcript, items }
}

/**
 * Builds a transcript from a run of a session's log starting at record `start` (openSession sends
 * the newest records from a clean cut), in time linear in its length.
 */
export function transcriptFromEvents(events: readonly SessionEvent[], start = 0): Transcript {
  const items: TranscriptItem[] = []
  const list = indexed(items)
  for (const event of events) applyRecord(list, event)
  return { items, start }
}

/**
 * Older records paged in (`loadOlderEvents`) in front of the rows already shown. They start at a
 * clean cut and end where the transcript starts, so their rows stand on their own. A page that
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
 * Appends a batch of live text deltas (one animation frame's worth) to their streaming rows.
 * Deltas for a step already committed are late and ignored.
 */
export function applyTextDeltas(transcript: Transcript, deltas: readonly TextDelta[]): Transcript {
  let items = transcript.items
  for (const delta of deltas) {
    if (delta.text === '') continue
    const key = stepKey(delta.turnId, delta.step)
    const index = findKey(items, key)
    const current = items[index]
    if (current) {
      if (current.kind !== 'assistant' || !current.streaming) continue
      items = replaceAt(items, index, { ...current, text: current.text + delta.text })
    } else {
      items = [
        ...items,
        { kind: 'assistant', key, turnId: delta.turnId, text: delta.text, streaming: true },
      ]
    }
  }
  return items === transcript.items ? transcript : { ...transcript, items }
}

/** Adds a log notice (a skipped malformed line, a repaired tail) as a plain row. */
export function applyNotice(transcript: Transcript, offset: number, message: string): Transcript {
  const key = `n:${offset}:${message}`
  if (findKey(transcript.items, key) >= 0) return transcript
  return { ...transcript, items: [...transcript.items, { kind: 'notice', key, text: message }] }
}

/**
 * A freshly loaded log plus the rows still streaming in the old transcript whose step is not in
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
