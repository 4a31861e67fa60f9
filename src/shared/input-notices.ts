import type { InboxItem } from './inbox'
import { inboxSubject, newlyWaiting } from './inbox-words'
import type { PendingInteraction } from './interactions'
import { truncate } from './truncate'

// What every host's "needs your input" notification says and when it shows, computed from the
// runtime's inbox alone (one model of what waits). Pure: the hosts own the timers and the OS.

const MAX_BODY = 200
/** A permission prompt is notified again this long before it times out (less for short ones). */
export const REMINDER_LEAD_MS = 60_000

/** One notification, as every host shows it. */
export interface InputNotice {
  title: string
  body: string
  /** The request a click opens: the one about to time out, else the oldest it covers. */
  sessionId: string
  requestId: string
  /** True for a new alert (sound, banner); false when it quietly updates the one on screen. */
  alert: boolean
}

export interface NoticeState {
  /** The requests the notification on screen covers; empty when none is on screen. */
  readonly covered: readonly string[]
  /** Permission prompts whose "about to time out" notice was shown. */
  readonly reminded: readonly string[]
}

export const NO_NOTICE: NoticeState = { covered: [], reminded: [] }

export interface NoticeContext {
  /** Whether the person is looking at this session in a focused window (the inbox: all of them). */
  looking(sessionId: string): boolean
  /** Settings → Notifications "Show what is asked": off, the body names only the kind. */
  showWhatIsAsked: boolean
  now: number
}

export type NoticeStep =
  | { kind: 'none' }
  | { kind: 'show'; notice: InputNotice }
  /** Everything the notification covered was answered (or ended): take it away. */
  | { kind: 'close' }

/**
 * When a waiting permission prompt is notified a second time: a minute before it times out, or
 * halfway through a timeout shorter than two minutes. Null when it never times out.
 */
export function reminderAt(item: InboxItem): number | null {
  const expiresAt = expiryOf(item.interaction)
  if (expiresAt === null) return null
  const span = Math.max(0, expiresAt - item.waitingSince)
  return expiresAt - Math.min(REMINDER_LEAD_MS, span / 2)
}

/** When a waiting permission times out (Parley's or an agent's), or null when it does not. */
function expiryOf(interaction: PendingInteraction): number | null {
  switch (interaction.kind) {
    case 'permission':
      return interaction.expiresAt
    case 'agent_permission':
      return interaction.expiresAt ?? null
    case 'question':
    case 'form':
      return null
  }
}

/** The earliest reminder still to show, or null: when a host should plan again. */
export function nextReminderAt(state: NoticeState, items: readonly InboxItem[]): number | null {
  const times = items
    .filter((item) => !state.reminded.includes(item.interaction.requestId))
    .map(reminderAt)
    .filter((at): at is number => at !== null)
  return times.length === 0 ? null : Math.min(...times)
}

/**
 * What to do with the notification after the inbox went from `before` to `after` (or the clock
 * reached a reminder). New requests the person is not looking at are notified; while a
 * notification is on screen and something it covers still waits, new ones fold into it (a quiet
 * update, not a new chime); a prompt about to time out is an alert again.
 */
export function planNotice(
  state: NoticeState,
  before: readonly InboxItem[],
  after: readonly InboxItem[],
  context: NoticeContext,
): { state: NoticeState; step: NoticeStep } {
  const waiting = new Set(after.map((item) => item.interaction.requestId))
  const still = state.covered.filter((id) => waiting.has(id))
  const reminded = state.reminded.filter((id) => waiting.has(id))
  const unseen = (item: InboxItem) => !context.looking(item.sessionId)
  const arrived = newlyWaiting(before, after).filter(unseen)
  const due = after.filter((item) => {
    const at = reminderAt(item)
    return (
      at !== null &&
      at <= context.now &&
      !reminded.includes(item.interaction.requestId) &&
      unseen(item)
    )
  })
  const dueIds = due.map((item) => item.interaction.requestId)
  if (arrived.length === 0 && due.length === 0) {
    const closing = still.length === 0 && state.covered.length > 0
    return {
      state: { covered: still, reminded: [...reminded, ...dueIds] },
      step: closing ? { kind: 'close' } : { kind: 'none' },
    }
  }
  const coveredIds = new Set([
    ...still,
    ...arrived.map((item) => item.interaction.requestId),
    ...dueIds,
  ])
  const covered = after.filter((item) => coveredIds.has(item.interaction.requestId))
  const target = due[0] ?? covered[0]
  if (target === undefined) return { state, step: { kind: 'none' } }
  return {
    state: { covered: [...coveredIds], reminded: [...reminded, ...dueIds] },
    step: {
      kind: 'show',
      notice: {
        title: noticeTitle(covered),
        body: oneLine(noticeBody(covered, due, context), MAX_BODY),
        sessionId: target.sessionId,
        requestId: target.interaction.requestId,
        alert: still.length === 0 || due.length > 0,
      },
    },
  }
}

/** "<session title> needs your input", or folded: "3 requests waiting in 2 sessions". */
export function noticeTitle(items: readonly InboxItem[]): string {
  const [only] = items
  if (only !== undefined && items.length === 1) return `${only.sessionTitle} needs your input`
  const sessions = new Set(items.map((item) => item.sessionId)).size
  return `${items.length} requests waiting in ${sessions} ${sessions === 1 ? 'session' : 'sessions'}`
}

function noticeBody(
  covered: readonly InboxItem[],
  due: readonly InboxItem[],
  context: NoticeContext,
): string {
  const what = (item: InboxItem) =>
    context.showWhatIsAsked ? inboxSubject(item.interaction) : kindWords(item.interaction)
  const [expiring] = due
  if (expiring !== undefined) {
    const left = timeLeft(expiring, context.now)
    return context.showWhatIsAsked
      ? `Times out ${left}: ${what(expiring)}`
      : `A permission request times out ${left}`
  }
  if (!context.showWhatIsAsked && covered.length > 1) return 'Open Parley to answer them'
  return covered.map(what).join(' · ')
}

/** The request's kind in words, for a notification that must not say what is asked. */
function kindWords(interaction: PendingInteraction): string {
  switch (interaction.kind) {
    case 'permission':
    case 'agent_permission':
      return 'A permission request is waiting'
    case 'question':
      return 'A question is waiting'
    case 'form':
      return 'A form is waiting'
  }
}

function timeLeft(item: InboxItem, now: number): string {
  const seconds = Math.max(0, Math.round(((expiryOf(item.interaction) ?? now) - now) / 1000))
  if (seconds >= 90) return `in ${Math.round(seconds / 60)} minutes`
  if (seconds >= 55) return 'in 1 minute'
  return `in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}`
}

/** One line: line breaks and runs of spaces become one space, cut to `max`. */
function oneLine(text: string, max: number): string {
  return truncate(text.replace(/\s+/g, ' ').trim(), max)
}
