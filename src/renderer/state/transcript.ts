import {
  AskUserQuestionInputSchema,
  AskUserQuestionResultSchema,
  type AskUserQuestionResult,
  type BridgeEvent,
  type Json,
  type Question,
  type SessionEvent,
  type TurnEndReason,
} from '../../shared'

/** How a tool card's call stands. */
export type ToolStatus = 'running' | 'waiting' | 'done' | 'error' | 'denied'

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
    }
  | { kind: 'notice'; key: string; text: string }

/** The transcript of one session. Items are replaced, never mutated, so rows can memoize. */
export type Transcript = {
  readonly items: readonly TranscriptItem[]
}

export const EMPTY_TRANSCRIPT: Transcript = { items: [] }

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

/** Applies one committed session record; records that show nothing return the same transcript. */
export function applySessionEvent(transcript: Transcript, event: SessionEvent): Transcript {
  const { items } = transcript
  switch (event.type) {
    case 'user_message':
      return {
        items: [
          ...items,
          {
            kind: 'user',
            key: `u:${event.turnId}:${event.at}:${items.length}`,
            turnId: event.turnId,
            text: event.text,
            at: event.at,
          },
        ],
      }
    case 'assistant_text': {
      const key = stepKey(event.turnId, event.step)
      const item: TranscriptItem = {
        kind: 'assistant',
        key,
        turnId: event.turnId,
        text: event.text,
        streaming: false,
      }
      const index = findKey(items, key)
      if (index >= 0) return { items: replaceAt(items, index, item) }
      if (event.text.trim() === '') return transcript
      return { items: [...items, item] }
    }
    case 'tool_call': {
      if (findKey(items, event.toolCallId) >= 0) return transcript
      if (event.tool === 'AskUserQuestion') {
        const parsed = AskUserQuestionInputSchema.safeParse(event.input)
        const questions = parsed.success ? parsed.data.questions : []
        return {
          items: [
            ...items,
            {
              kind: 'question',
              key: event.toolCallId,
              turnId: event.turnId,
              questions,
              answers: undefined,
              closedWithoutAnswer: undefined,
            },
          ],
        }
      }
      return {
        items: [
          ...items,
          {
            kind: 'tool',
            key: event.toolCallId,
            turnId: event.turnId,
            tool: event.tool,
            input: event.input,
            output: undefined,
            status: 'running',
            synthetic: false,
            permission: undefined,
          },
        ],
      }
    }
    case 'tool_result': {
      const index = findKey(items, event.toolCallId)
      const current = items[index]
      if (!current) return transcript
      if (current.kind === 'question') {
        const parsed = AskUserQuestionResultSchema.safeParse(event.output)
        return {
          items: replaceAt(
            items,
            index,
            parsed.success && !event.isError
              ? { ...current, answers: parsed.data.answers }
              : {
                  ...current,
                  closedWithoutAnswer: outputText(event.output) ?? 'Closed without an answer',
                },
          ),
        }
      }
      if (current.kind !== 'tool') return transcript
      const denied = current.permission?.decision === 'deny'
      return {
        items: replaceAt(items, index, {
          ...current,
          output: event.output,
          synthetic: event.synthetic ?? false,
          status: denied ? 'denied' : event.isError ? 'error' : 'done',
        }),
      }
    }
    case 'permission_request': {
      const index = findKey(items, event.toolCallId)
      const current = items[index]
      if (!current || current.kind !== 'tool' || current.status !== 'running') return transcript
      return { items: replaceAt(items, index, { ...current, status: 'waiting' }) }
    }
    case 'permission_decision': {
      const index = findKey(items, event.toolCallId)
      const current = items[index]
      if (!current || current.kind !== 'tool') return transcript
      return {
        items: replaceAt(items, index, {
          ...current,
          status: current.status === 'waiting' ? 'running' : current.status,
          permission: { decision: event.decision, reason: event.reason },
        }),
      }
    }
    case 'turn_end': {
      // A streaming row of this turn that never got its commit is final now.
      let next = items
      items.forEach((item, i) => {
        if (item.kind === 'assistant' && item.streaming && item.turnId === event.turnId) {
          if (next === items) next = items.slice()
          ;(next as TranscriptItem[])[i] = { ...item, streaming: false }
        }
      })
      if (event.reason === 'completed') return next === items ? transcript : { items: next }
      return {
        items: [
          ...next,
          {
            kind: 'turn_end',
            key: `end:${event.turnId}`,
            turnId: event.turnId,
            reason: event.reason,
            error: event.error,
          },
        ],
      }
    }
    default:
      return transcript
  }
}

/** Builds a transcript from a session's full log (openSession). */
export function transcriptFromEvents(events: readonly SessionEvent[]): Transcript {
  return events.reduce(applySessionEvent, EMPTY_TRANSCRIPT)
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
  return items === transcript.items ? transcript : { items }
}

/** Adds a log notice (a skipped malformed line, a repaired tail) as a plain row. */
export function applyNotice(transcript: Transcript, offset: number, message: string): Transcript {
  const key = `n:${offset}:${message}`
  if (findKey(transcript.items, key) >= 0) return transcript
  return { items: [...transcript.items, { kind: 'notice', key, text: message }] }
}

/**
 * A freshly loaded log plus the rows still streaming in the old transcript whose step is not in
 * the log yet, so switching back to a session mid-stream keeps the text already shown.
 */
export function reloadTranscript(old: Transcript | undefined, events: readonly SessionEvent[]) {
  const fresh = transcriptFromEvents(events)
  const live = (old?.items ?? []).filter(
    (item) => item.kind === 'assistant' && item.streaming && findKey(fresh.items, item.key) < 0,
  )
  return live.length === 0 ? fresh : { items: [...fresh.items, ...live] }
}
