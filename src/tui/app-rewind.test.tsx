import { afterEach, describe, expect, test, vi } from 'vitest'
import { createFakeBridge } from './testing/fake-bridge'
import { KEYS, press, waitForFrame } from './testing/ink-driver'
import { startApp, unmountApps } from './testing/start-app'
import type { SessionEvent } from '../shared/session-events'

afterEach(unmountApps)

const HISTORY: SessionEvent[] = [
  { type: 'user_message', at: 1, turnId: 't1', text: 'first message' },
  { type: 'turn_end', at: 2, turnId: 't1', reason: 'completed' },
  { type: 'user_message', at: 3, turnId: 't2', text: 'second message' },
  { type: 'turn_end', at: 4, turnId: 't2', reason: 'completed' },
]

describe('rewinding from the terminal', () => {
  test('/rewind lists the messages newest first; picking one and Restore files asks the runtime for that turn', async () => {
    const { app, fake } = startApp(createFakeBridge({ events: HISTORY }))
    await waitForFrame(app, '› Message')
    await press(app, '/rewind', '/rewind')
    const frame = await press(app, KEYS.enter, '1. second message')
    expect(frame.indexOf('1. second message')).toBeGreaterThan(-1)
    expect(frame).toContain('2. first message')
    await press(app, KEYS.down, '❯ 2. first message')
    await press(app, KEYS.enter, 'Restore conversation')
    await vi.waitFor(() =>
      expect(fake.callsOf('previewCheckpoint')).toEqual([{ sessionId: 's1', turnId: 't1' }]),
    )
    await press(app, KEYS.enter, '› Message')
    expect(fake.callsOf('restoreCheckpoint')).toEqual([
      { sessionId: 's1', turnId: 't1', restore: 'files', force: false },
    ])
  })

  test('Esc twice in an empty message box opens the same picker', async () => {
    const { app } = startApp(createFakeBridge({ events: HISTORY }))
    await waitForFrame(app, '› Message')
    await press(app, KEYS.escape, '› Message')
    // Two Escapes in one burst read as one Alt+Escape: the person's two presses are apart.
    await new Promise((resolve) => setTimeout(resolve, 60))
    const frame = await press(app, KEYS.escape, '1. second message')
    expect(frame).toContain('1. second message')
  })
})
