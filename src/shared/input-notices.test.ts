import { describe, expect, it } from 'vitest'
import type { InboxItem } from './inbox'
import { NO_NOTICE, nextReminderAt, planNotice, type NoticeContext } from './input-notices'

const source = { kind: 'parley', toolCallId: 'c' } as const

function permission(
  requestId: string,
  sessionId = 's1',
  expiresAt: number | null = null,
  summary = 'Run `npm test`',
): InboxItem {
  return {
    sessionId,
    sessionTitle: sessionId === 's1' ? 'Fix the tests' : 'Write docs',
    asker: 'The agent',
    waitingSince: 0,
    interaction: {
      kind: 'permission',
      sessionId,
      turnId: 't',
      requestId,
      toolCallId: 'c',
      source,
      createdAt: 0,
      recovered: false,
      tool: 'run_command',
      summary,
      detail: 'npm test',
      risk: 'medium',
      intent: 'run_command: npm test',
      rememberScope: [],
      expiresAt,
    },
  }
}

function question(requestId: string, sessionId = 's1'): InboxItem {
  return {
    sessionId,
    sessionTitle: 'Fix the tests',
    asker: 'The agent',
    waitingSince: 0,
    interaction: {
      kind: 'question',
      sessionId,
      turnId: 't',
      requestId,
      toolCallId: 'c',
      source,
      createdAt: 0,
      recovered: false,
      questions: [{ question: 'Which\ncolour?', options: [{ label: 'Red' }, { label: 'Blue' }] }],
      draft: null,
    },
  }
}

const away: NoticeContext = { looking: () => false, showWhatIsAsked: true, now: 0 }

describe('planNotice', () => {
  it('names the session and says what is asked, in one line, for one new request', () => {
    const { step } = planNotice(NO_NOTICE, [], [question('q1')], away)
    expect(step).toEqual({
      kind: 'show',
      notice: {
        title: 'Fix the tests needs your input',
        body: 'Which colour?',
        sessionId: 's1',
        requestId: 'q1',
        alert: true,
      },
    })
  })

  it('says only the kind of request when "Show what is asked" is off', () => {
    const { step } = planNotice(NO_NOTICE, [], [permission('p1')], {
      ...away,
      showWhatIsAsked: false,
    })
    expect(step.kind === 'show' && step.notice.body).toBe('A permission request is waiting')
  })

  it('folds a request that arrives while one is notified and unanswered into it, quietly', () => {
    const first = planNotice(NO_NOTICE, [], [permission('p1')], away)
    const items = [permission('p1'), question('q2', 's2')]
    const { step } = planNotice(first.state, [permission('p1')], items, away)
    expect(step).toMatchObject({
      kind: 'show',
      notice: {
        title: '2 requests waiting in 2 sessions',
        body: 'Run `npm test` · Which colour?',
        requestId: 'p1',
        alert: false,
      },
    })
  })

  it('chimes again for a request that arrives after the notified ones were answered', () => {
    const first = planNotice(NO_NOTICE, [], [permission('p1')], away)
    const answered = planNotice(first.state, [permission('p1')], [], away)
    expect(answered.step).toEqual({ kind: 'close' })
    const { step } = planNotice(answered.state, [], [question('q2')], away)
    expect(step).toMatchObject({ kind: 'show', notice: { alert: true, requestId: 'q2' } })
  })

  it('says nothing for the session the person is looking at', () => {
    const { step } = planNotice(NO_NOTICE, [], [question('q1')], {
      ...away,
      looking: (sessionId) => sessionId === 's1',
    })
    expect(step).toEqual({ kind: 'none' })
  })

  it('notifies a permission prompt again a minute before it times out, and only once', () => {
    const waiting = [permission('p1', 's1', 300_000)]
    const first = planNotice(NO_NOTICE, [], waiting, away)
    expect(nextReminderAt(first.state, waiting)).toBe(240_000)
    const early = planNotice(first.state, waiting, waiting, { ...away, now: 200_000 })
    expect(early.step).toEqual({ kind: 'none' })
    const due = planNotice(early.state, waiting, waiting, { ...away, now: 240_000 })
    expect(due.step).toMatchObject({
      kind: 'show',
      notice: {
        title: 'Fix the tests needs your input',
        body: 'Times out in 1 minute: Run `npm test`',
        alert: true,
      },
    })
    expect(nextReminderAt(due.state, waiting)).toBeNull()
    const again = planNotice(due.state, waiting, waiting, { ...away, now: 250_000 })
    expect(again.step).toEqual({ kind: 'none' })
  })

  it('reminds halfway through a timeout shorter than two minutes', () => {
    expect(nextReminderAt(NO_NOTICE, [permission('p1', 's1', 4_000)])).toBe(2_000)
    const { step } = planNotice(NO_NOTICE, [], [permission('p1', 's1', 4_000)], {
      ...away,
      now: 2_000,
      showWhatIsAsked: false,
    })
    expect(step.kind === 'show' && step.notice.body).toBe(
      'A permission request times out in 2 seconds',
    )
  })

  it('never reminds of a question or a prompt that does not time out', () => {
    expect(nextReminderAt(NO_NOTICE, [question('q1'), permission('p1')])).toBeNull()
  })
})
