import type { BridgeEvent, LogNotice } from './bridge'
import type { SessionEvent } from './session-events'
import type { AskUserQuestionResult } from './ask-user-question'
import type { QuestionClosed, TranscriptItem } from './transcript-items'
import { CopyOnWriteList, IndexedList, findKey, stepKey } from './transcript-list'
import { applyRecord } from './transcript-records'

/**
 * The transcript model both UIs show: a session's committed records and its live events (text
 * deltas, log notices) folded into items. Pure; each UI is a view over it (the desktop cuts long
 * replies into virtualized rows and pages older records in, the terminal prints settled items
 * once). Replaying a log and applying the same records live give the same items.
 */

export type { QuestionClosed, ToolPermission, ToolStatus, TranscriptItem } from './transcript-items'

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
