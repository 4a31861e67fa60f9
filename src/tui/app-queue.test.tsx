import { afterEach, describe, expect, test, vi } from 'vitest'
import { createFakeBridge } from './testing/fake-bridge'
import { logged } from './testing/fixtures'
import { KEYS, plainFrame, press, waitForFrame } from './testing/ink-driver'
import { startApp, unmountApps } from './testing/start-app'

afterEach(unmountApps)

async function running() {
  const started = startApp(createFakeBridge({ session: { running: true } }))
  await waitForFrame(started.app, 'Working…')
  return started
}

const turnEnded = logged({ type: 'turn_end', at: 2, turnId: 't0', reason: 'completed' })

describe('typing ahead while a turn runs', () => {
  test('Enter queues the message, shown as queued with the draft free again, and it is sent when the turn ends', async () => {
    const { app, fake } = await running()
    await press(app, 'and then add tests', '› and then add tests')
    const frame = await press(app, KEYS.enter, 'queued and then add tests')
    expect(frame).toContain('› Message')
    expect(frame).toContain('sent when the turn ends')
    expect(frame).not.toContain('A turn is still running')
    expect(fake.callsOf('send')).toEqual([])
    fake.emit(turnEnded)
    await vi.waitFor(() =>
      expect(fake.callsOf('send')).toEqual([{ sessionId: 's1', text: 'and then add tests' }]),
    )
    await waitForFrame(app, (f) => !f.includes('queued'))
  })

  test('↑ takes the last queued message back to edit; Enter queues it again; Ctrl+C drops it', async () => {
    const { app, fake } = await running()
    await press(app, 'first\r', 'queued first')
    await press(app, 'second\r', 'queued second')
    let frame = await press(app, KEYS.up, '› second')
    expect(frame).not.toContain('queued second')
    expect(frame).toContain('queued first')
    await press(app, ' edited\r', 'queued second edited')
    await press(app, KEYS.up, '› second edited')
    frame = await press(app, KEYS.ctrlC, 'Draft cleared')
    expect(frame).not.toContain('second')
    fake.emit(turnEnded)
    await vi.waitFor(() =>
      expect(fake.callsOf('send')).toEqual([{ sessionId: 's1', text: 'first' }]),
    )
    // The sent message leaves the queue on the next frame.
    await waitForFrame(app, (f) => !f.includes('queued'))
  })

  test('queued messages go one per turn: the next waits until the turn the first started has ended', async () => {
    const { app, fake } = await running()
    await press(app, 'one\r', 'queued one')
    await press(app, 'two\r', 'queued two')
    fake.emit(turnEnded)
    await vi.waitFor(() => expect(fake.callsOf('send')).toHaveLength(1))
    fake.emit(logged({ type: 'user_message', at: 2, turnId: 't1', text: 'one' }))
    fake.emit({ type: 'turn_started', sessionId: 's1', turnId: 't1' })
    await waitForFrame(app, (f) => f.includes('› one') && !f.includes('queued one'))
    expect(plainFrame(app)).toContain('queued two')
    expect(fake.callsOf('send')).toEqual([{ sessionId: 's1', text: 'one' }])
    fake.emit(logged({ type: 'turn_end', at: 3, turnId: 't1', reason: 'completed' }))
    await vi.waitFor(() =>
      expect(fake.callsOf('send')).toEqual([
        { sessionId: 's1', text: 'one' },
        { sessionId: 's1', text: 'two' },
      ]),
    )
  })

  test.each([
    ['Esc', KEYS.escape],
    ['Ctrl+C', KEYS.ctrlC],
  ])(
    '%s with two queued messages stops the turn and puts both back in the box, sending neither',
    async (_, key) => {
      const { app, fake } = await running()
      await press(app, 'first\r', 'queued first')
      await press(app, 'second\r', 'queued second')
      const frame = await press(app, key, 'queued messages are back in the message box')
      expect(fake.callsOf('stop')).toEqual([{ sessionId: 's1' }])
      expect(frame).toContain('› first')
      expect(frame).toContain('second')
      expect(frame).not.toContain('queued first')
      fake.emit(logged({ type: 'turn_end', at: 2, turnId: 't0', reason: 'stopped' }))
      // The hint goes with the turn, and nothing was sent.
      await waitForFrame(app, (f) => !f.includes('Stopping the turn'))
      expect(fake.callsOf('send')).toEqual([])
      await press(app, KEYS.enter, () => fake.callsOf('send').length > 0)
      expect(fake.callsOf('send')).toEqual([{ sessionId: 's1', text: 'first\nsecond' }])
    },
  )

  test('"Stopping the turn…" clears as soon as the turn has ended', async () => {
    const { app, fake } = await running()
    await press(app, KEYS.escape, 'Stopping the turn…')
    fake.emit(logged({ type: 'turn_end', at: 2, turnId: 't0', reason: 'stopped' }))
    await waitForFrame(app, (f) => !f.includes('Stopping the turn') && !f.includes('Working'))
  })
})
