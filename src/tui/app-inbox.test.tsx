import { afterEach, describe, expect, test } from 'vitest'
import type { SessionSummary } from '../shared/bridge'
import { inboxItems } from '../shared/inbox'
import { createFakeBridge } from './testing/fake-bridge'
import { agentPermission, permission } from './testing/fixtures'
import { KEYS, press, waitArmed, waitForFrame } from './testing/ink-driver'
import { startApp, unmountApps } from './testing/start-app'

afterEach(unmountApps)

const elsewhere: SessionSummary = {
  id: 'other',
  title: 'Fix the flaky build',
  workspace: '/home/me/build',
  mode: 'ask',
  backend: 'fake:test',
  createdAt: 0,
  updatedAt: 0,
  running: true,
  pendingCount: 1,
}

/** Two sessions waiting: Parley's agent in "Migrate the database", Codex in the other. */
const waiting = () =>
  createFakeBridge({
    session: { title: 'Migrate the database' },
    others: [{ session: elsewhere, events: [] }],
    inbox: inboxItems([
      {
        sessionId: 'other',
        title: 'Fix the flaky build',
        pending: [agentPermission({ sessionId: 'other', createdAt: 1_000 })],
      },
      {
        sessionId: 's1',
        title: 'Migrate the database',
        pending: [permission({ requestId: 'p9', sessionId: 's1', createdAt: 2_000 })],
      },
    ]),
  })

async function openInbox(fake = waiting()) {
  const started = startApp(fake, { size: { columns: 100, rows: 30 } })
  await waitForFrame(started.app, 'Message')
  const frame = await press(started.app, '/inbox\r', 'Waiting for you')
  return { ...started, frame }
}

describe('/inbox', () => {
  test('lists every request waiting in every session, oldest first, with its asker', async () => {
    const { frame } = await openInbox()
    expect(frame).toContain('2 in all sessions, oldest first')
    const first = frame.indexOf('1. Fix the flaky build · Permission from Codex')
    const second = frame.indexOf('2. Migrate the database · Permission from The agent')
    expect(first).toBeGreaterThan(-1)
    expect(second).toBeGreaterThan(first)
  })

  test('Enter answers the highlighted request with its own prompt, then comes back to the list', async () => {
    const { app, fake } = await openInbox()
    await press(app, KEYS.down + KEYS.enter, 'Permission request')
    await waitArmed(app)
    const frame = await press(app, '1', '1 in all sessions')
    expect(fake.callsOf('respondToPermission')).toEqual([
      { requestId: 'p9', decision: 'allow', remember: false },
    ])
    expect(frame).toContain('1. Fix the flaky build')
    expect(frame).not.toContain('Migrate the database · Permission')
  })

  test('o opens the session the highlighted request belongs to', async () => {
    const { app, fake } = await openInbox()
    await press(app, 'o', (frame) => !frame.includes('Waiting for you'))
    expect(fake.callsOf('openSession').at(-1)).toEqual({ sessionId: 'other' })
  })

  test('Esc goes back to the message box', async () => {
    const { app } = await openInbox()
    await press(app, KEYS.escape, (frame) => !frame.includes('Waiting for you'))
  })
})
