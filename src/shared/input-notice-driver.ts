import type { InboxItem } from './inbox'
import {
  NO_NOTICE,
  nextReminderAt,
  planNotice,
  type InputNotice,
  type NoticeState,
} from './input-notices'

/** Requests that arrive within this long of each other make one notification. */
export const GATHER_MS = 400

/** What a host gives the driver: its notification surface, its focus, its clock and timers. */
export interface NoticeDriverPorts {
  /** Shows `notice`, replacing the one this driver showed last if it is still on screen. */
  show(notice: InputNotice): void
  /** Takes the notification this driver showed away. */
  close(): void
  /** Whether the person is looking at this session in a focused window. */
  looking(sessionId: string): boolean
  showWhatIsAsked(): boolean
  now(): number
  setTimer(run: () => void, ms: number): unknown
  clearTimer(timer: unknown): void
}

export interface NoticeDriver {
  /** The inbox as the runtime announced it (`inbox_changed`, or `listInbox` at start). */
  inbox(items: readonly InboxItem[], options?: { initial?: boolean }): void
  stop(): void
}

/**
 * Runs `planNotice` for one host: gathers quick arrivals into one notification and plans again
 * when a permission prompt's reminder falls due. `initial` takes an inbox as already known (what
 * waited before the host started is counted, not announced), except for reminders.
 */
export function createNoticeDriver(ports: NoticeDriverPorts): NoticeDriver {
  let state: NoticeState = NO_NOTICE
  let planned: readonly InboxItem[] = []
  let latest: readonly InboxItem[] = []
  let gather: unknown = null
  let reminder: unknown = null
  let stopped = false

  const plan = () => {
    gather = null
    if (stopped) return
    const result = planNotice(state, planned, latest, {
      looking: ports.looking,
      showWhatIsAsked: ports.showWhatIsAsked(),
      now: ports.now(),
    })
    state = result.state
    planned = latest
    if (result.step.kind === 'show') ports.show(result.step.notice)
    else if (result.step.kind === 'close') ports.close()
    scheduleReminder()
  }

  const scheduleReminder = () => {
    if (reminder !== null) ports.clearTimer(reminder)
    reminder = null
    const at = nextReminderAt(state, latest)
    if (at === null) return
    reminder = ports.setTimer(
      () => {
        reminder = null
        plan()
      },
      Math.max(0, at - ports.now()),
    )
  }

  return {
    inbox(items, options) {
      if (stopped) return
      latest = items
      if (options?.initial) {
        planned = items
        scheduleReminder()
        return
      }
      if (gather === null) gather = ports.setTimer(plan, GATHER_MS)
    },
    stop() {
      stopped = true
      if (gather !== null) ports.clearTimer(gather)
      if (reminder !== null) ports.clearTimer(reminder)
    },
  }
}
