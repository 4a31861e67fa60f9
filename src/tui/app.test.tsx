import { afterEach, describe, expect, test, vi } from 'vitest'
import { createFakeBridge } from './testing/fake-bridge'
import { added, logged, permission, question } from './testing/fixtures'
import { KEYS, plainFrame, press, waitArmed, waitForFrame } from './testing/ink-driver'
import { startApp, unmountApps } from './testing/start-app'

afterEach(unmountApps)

const start = (fake = createFakeBridge(), sessionId?: string, size = { columns: 80, rows: 24 }) =>
  startApp(fake, { ...(sessionId ? { sessionId } : {}), size })

describe('terminal client', () => {
  test('a new session shows the footer with mode, backend and workspace', async () => {
    const { app, fake } = start()
    const frame = await waitForFrame(app, 'Fake test backend')
    expect(frame).toContain('ask')
    expect(frame).toContain('/home/me/project')
    expect(frame).toContain('Alt+Enter/Ctrl+J newline')
    expect(fake.callsOf('createSession')).toEqual([{}])
  })

  test('a settings file with a mistake is named with its line and column once, at start', async () => {
    const problem =
      '/home/me/.config/Parley/settings.json:6:1: Expected double-quoted property name'
    const { app } = start(createFakeBridge({ settings: { fileProblem: problem } }))
    const frame = await waitForFrame(app, 'settings.json:6:1')
    expect(frame.replace(/\s+/g, ' ')).toContain(`Settings file: ${problem}`)
    expect(frame.split('settings.json:6:1')).toHaveLength(2)
  })

  test('Enter sends the message; Alt+Enter and Ctrl+J add lines to it first', async () => {
    const { app, fake } = start()
    await waitForFrame(app, 'Message')
    await press(app, 'first', '› first')
    await press(app, KEYS.altEnter, (f) => f.includes('› first') && !f.includes('› first█'))
    await press(app, 'second', 'second')
    await press(app, KEYS.ctrlJ + 'third', 'third')
    app.stdin.write(KEYS.enter)
    await vi.waitFor(() =>
      expect(fake.callsOf('send')).toEqual([{ sessionId: 's1', text: 'first\nsecond\nthird' }]),
    )
    await waitForFrame(app, (f) => !f.includes('third'))
  })

  test('text typed together with Enter (as tmux send-keys does) is sent', async () => {
    const { app, fake } = start()
    await waitForFrame(app, 'Message')
    app.stdin.write('all at once\r')
    await vi.waitFor(() =>
      expect(fake.callsOf('send')).toEqual([{ sessionId: 's1', text: 'all at once' }]),
    )
  })

  test('pasted text keeps its line breaks in the draft and is not sent', async () => {
    const { app, fake } = start()
    await waitForFrame(app, 'Message')
    await press(app, '\u001b[200~line one\rline two\u001b[201~', 'line two')
    expect(plainFrame(app)).toContain('› line one')
    expect(fake.callsOf('send')).toEqual([])
  })

  test('streamed text appears as it arrives and is shown once when committed', async () => {
    const { app, fake } = start()
    await waitForFrame(app, 'Message')
    fake.emit({ type: 'turn_started', sessionId: 's1', turnId: 't1' })
    for (const text of ['Hello ', 'there, ', 'person.'])
      fake.emit({ type: 'text_delta', sessionId: 's1', turnId: 't1', step: 0, text })
    await waitForFrame(app, 'Hello there, person.')
    expect(plainFrame(app)).toContain('Working…')
    fake.emit(
      logged({
        type: 'assistant_text',
        at: 1,
        turnId: 't1',
        step: 0,
        text: 'Hello there, person.',
      }),
    )
    fake.emit(logged({ type: 'turn_end', at: 1, turnId: 't1', reason: 'completed' }))
    const frame = await waitForFrame(app, (f) => !f.includes('Working…'))
    expect(frame.split('Hello there, person.').length - 1).toBe(1)
  })

  test('a burst of deltas is drawn a few times, not once per delta', async () => {
    const { app, fake } = start()
    await waitForFrame(app, 'Message')
    const before = app.frames.length
    for (let i = 0; i < 200; i++)
      fake.emit({ type: 'text_delta', sessionId: 's1', turnId: 't1', step: 0, text: `w${i} ` })
    await waitForFrame(app, 'w199')
    expect(app.frames.length - before).toBeLessThan(20)
  })

  test('a tool call is one line that turns from running to ok or error', async () => {
    const { app, fake } = start()
    await waitForFrame(app, 'Message')
    fake.emit(
      logged({
        type: 'tool_call',
        at: 1,
        turnId: 't1',
        step: 0,
        toolCallId: 'c1',
        tool: 'read_file',
        input: { path: 'README.md' },
      }),
    )
    await waitForFrame(app, 'read_file README.md running')
    fake.emit(
      logged({
        type: 'tool_result',
        at: 1,
        turnId: 't1',
        toolCallId: 'c1',
        tool: 'read_file',
        output: { error: 'no such file' },
        isError: true,
      }),
    )
    await waitForFrame(app, '✗ read_file README.md error · no such file')
  })

  test('questions come one at a time under tabs; Other text and Esc; nothing is sent before the review', async () => {
    const { app, fake } = start()
    await waitForFrame(app, 'Message')
    fake.emit(added(question()))
    let frame = await waitForFrame(app, 'Question 1 / 2')
    expect(frame).toContain('Which language?')
    expect(frame).toContain('typed JavaScript')
    expect(frame).toContain('3. ( ) Other')
    expect(frame).toContain('☐ Which language?  ☐ Which editor?  Submit')
    await waitArmed(app)
    await press(app, KEYS.down, '❯ 2. ( ) Rust')
    await press(app, KEYS.down, '❯ 3. ( ) Other')
    await press(app, KEYS.enter, 'Esc back to the options')
    await press(app, 'Zig, 3 times', '› Zig, 3 times')
    frame = await press(app, KEYS.enter, 'Question 2 / 2')
    expect(frame).toContain('Which editor?')
    expect(frame).toContain('✔ Which language?  ☐ Which editor?')
    await vi.waitFor(() =>
      expect(fake.callsOf('saveQuestionDraft')).toEqual([
        {
          requestId: 'q1',
          draft: { index: 1, values: [{ kind: 'other', text: 'Zig, 3 times' }, null] },
        },
      ]),
    )
    // The last answer (here: none, with Esc) opens the review; it never sends at once.
    frame = await press(app, KEYS.escape, 'Review your answers')
    expect(frame).toContain('Which language? → Zig, 3 times')
    expect(frame).toContain('Which editor? → not answered')
    expect(frame).toContain('1 unanswered')
    expect(fake.callsOf('respondToQuestion')).toEqual([])
    await press(app, KEYS.enter, (f) => !f.includes('Agent question'))
    expect(fake.callsOf('respondToQuestion')).toEqual([
      { requestId: 'q1', answers: ['Zig, 3 times', null] },
    ])
    await waitForFrame(app, 'Message')
  })

  test('number keys pick and move on; the review sends the answers once with Enter', async () => {
    const { app, fake } = start()
    await waitForFrame(app, 'Message')
    fake.emit(added(question()))
    await waitForFrame(app, 'Question 1 / 2')
    await waitArmed(app)
    await press(app, '2', 'Question 2 / 2')
    await press(app, '1', 'Which editor? → vim')
    expect(fake.callsOf('respondToQuestion')).toEqual([])
    app.stdin.write(KEYS.enter + KEYS.enter)
    await waitForFrame(app, (f) => !f.includes('Agent question'))
    expect(fake.callsOf('respondToQuestion')).toEqual([
      { requestId: 'q1', answers: ['Rust', 'vim'] },
    ])
  })

  test('Esc on an answered question keeps its answer and moves on', async () => {
    const { app, fake } = start()
    await waitForFrame(app, 'Message')
    fake.emit(added(question()))
    await waitForFrame(app, 'Question 1 / 2')
    await waitArmed(app)
    await press(app, '2', 'Question 2 / 2')
    await press(app, KEYS.left, '❯ 2. (•) Rust')
    await press(app, KEYS.escape, 'Question 2 / 2')
    await press(app, KEYS.escape, 'Which language? → Rust')
    await press(app, KEYS.enter, (f) => !f.includes('Agent question'))
    expect(fake.callsOf('respondToQuestion')).toEqual([
      { requestId: 'q1', answers: ['Rust', null] },
    ])
  })

  test('←/→ and Tab move between the questions and the review; Enter on a reviewed question goes back to it', async () => {
    const { app, fake } = start()
    await waitForFrame(app, 'Message')
    fake.emit(added(question()))
    await waitForFrame(app, 'Question 1 / 2')
    await waitArmed(app)
    await press(app, KEYS.right, 'Question 2 / 2')
    await press(app, KEYS.tab, 'Review your answers')
    // Passing a question by without answering it leaves it unanswered, not chosen.
    expect(plainFrame(app)).toContain('Which language? → not answered')
    await press(app, KEYS.left, 'Question 2 / 2')
    await press(app, KEYS.left, 'Question 1 / 2')
    await press(app, KEYS.ctrlS, 'Review your answers')
    await press(app, KEYS.up + KEYS.up, '❯ Which language?')
    await press(app, KEYS.enter, 'Question 1 / 2')
    await press(app, '1', 'Question 2 / 2')
    await press(app, KEYS.ctrlS, 'Which language? → TypeScript')
    expect(fake.callsOf('respondToQuestion')).toEqual([])
  })

  test('a multiSelect question ticks with Space and numbers, and answers with a list', async () => {
    const { app, fake } = start()
    await waitForFrame(app, 'Message')
    fake.emit(
      added(
        question({
          questions: [
            {
              question: 'Which targets?',
              multiSelect: true,
              options: [{ label: 'Linux' }, { label: 'macOS' }, { label: 'Windows' }],
            },
          ],
        }),
      ),
    )
    let frame = await waitForFrame(app, 'Question 1 / 1')
    expect(frame).toContain('Which targets? · choose any')
    expect(frame).toContain('❯ 1. [ ] Linux')
    await waitArmed(app)
    await press(app, ' ', '❯ 1. [x] Linux')
    await press(app, '3', '3. [x] Windows')
    await press(app, '3', '3. [ ] Windows')
    await press(app, '2', '2. [x] macOS')
    frame = await press(app, KEYS.enter, 'Review your answers')
    expect(frame).toContain('Which targets? → Linux, macOS')
    await press(app, KEYS.enter, (f) => !f.includes('Agent question'))
    expect(fake.callsOf('respondToQuestion')).toEqual([
      { requestId: 'q1', answers: [['Linux', 'macOS']] },
    ])
  })

  test('a permission prompt shows the command with hidden characters visible and a countdown', async () => {
    const { app, fake } = start()
    await waitForFrame(app, 'Message')
    fake.emit(added(permission()))
    const frame = await waitForFrame(app, 'Permission request')
    expect(frame).toContain('run_command')
    expect(frame).toContain('risk high')
    expect(frame).toMatch(/denied in (5:00|4:5\d)/)
    expect(frame).toContain('rm -rf build \\u202E# harmless')
    expect(frame).toContain("2. Yes, and don't ask again this turn for run_command: rm")
    expect(frame).not.toContain('Message')
    await waitArmed(app)
    await press(app, '2', (f) => !f.includes('Permission request'))
    expect(fake.callsOf('respondToPermission')).toEqual([
      { requestId: 'p1', decision: 'allow', remember: true },
    ])
  })

  test('a diff in a permission prompt is shown line by line', async () => {
    const { app, fake } = start()
    await waitForFrame(app, 'Message')
    const diff = '--- a/x.ts\n+++ b/x.ts\n@@ -1 +1 @@\n-old line\n+new line\n'
    fake.emit(added(permission({ tool: 'edit_file', detail: diff })))
    const frame = await waitForFrame(app, '+ new line')
    expect(frame).toMatch(/│ │ 1 - old line\s+│\n│ │ 1 \+ new line/)
    expect(frame).not.toContain('+++')
  })

  test('Enter on Yes allows once and Esc denies', async () => {
    const { app, fake } = start()
    await waitForFrame(app, 'Message')
    fake.emit(added(permission({ requestId: 'p1' })))
    fake.emit(added(permission({ requestId: 'p2', summary: 'Second command' })))
    await waitForFrame(app, '1 more waiting')
    await waitArmed(app)
    await press(app, KEYS.enter, 'Second command')
    await waitArmed(app)
    await press(app, KEYS.escape, (f) => !f.includes('Permission request'))
    expect(fake.callsOf('respondToPermission')).toEqual([
      { requestId: 'p1', decision: 'allow', remember: false },
      { requestId: 'p2', decision: 'deny', remember: false },
    ])
  })

  test('a paste never answers a permission prompt', async () => {
    const { app, fake } = start()
    await waitForFrame(app, 'Message')
    fake.emit(added(permission()))
    await waitForFrame(app, 'Permission request')
    await waitArmed(app)
    await press(app, '\u001b[200~y\r\u001b[201~', 'Permission request')
    await press(app, KEYS.down, 'Permission request')
    expect(fake.callsOf('respondToPermission')).toEqual([])
  })

  test('a prompt takes the message box’s place and the draft comes back unchanged after it', async () => {
    const { app, fake } = start()
    await waitForFrame(app, 'Message')
    await press(app, 'half a thought', '› half a thought')
    fake.emit(added(question()))
    const frame = await waitForFrame(app, 'Question 1 / 2')
    expect(frame).not.toContain('half a thought')
    await waitArmed(app)
    await press(app, '1', 'Question 2 / 2')
    await press(app, '1', 'Review your answers')
    await press(app, KEYS.enter, '› half a thought')
    expect(fake.callsOf('send')).toEqual([])
  })

  test('a permission request from before a restart has no countdown and can be dismissed', async () => {
    const fake = createFakeBridge({
      pending: [
        permission({
          recovered: true,
          expiresAt: null,
          createdAt: new Date(2026, 0, 2, 9, 5).getTime(),
        }),
      ],
    })
    const { app } = start(fake, 's1')
    const frame = await waitForFrame(app, 'Permission request')
    expect(frame).toContain('Waiting since 2026-01-02 09:05')
    expect(frame).not.toContain('denied in')
    await waitArmed(app)
    await press(app, 'x', (f) => !f.includes('Permission request'))
    expect(fake.callsOf('dismissInteraction')).toEqual([{ requestId: 'p1' }])
  })

  test('requests queue: only the head is shown, with how many more wait', async () => {
    const { app, fake } = start()
    await waitForFrame(app, 'Message')
    fake.emit(added(permission()))
    fake.emit(added(question()))
    fake.emit(added(question())) // a replayed duplicate is ignored
    let frame = await waitForFrame(app, 'Permission request')
    expect(frame).toContain('1 more waiting')
    expect(frame).not.toContain('Agent question')
    await waitArmed(app)
    frame = await press(app, KEYS.escape, 'Agent question')
    expect(frame).not.toContain('more waiting')
  })

  test('a resumed session replays its history and resumes a half-answered question', async () => {
    const fake = createFakeBridge({
      events: [
        { type: 'user_message', at: 1, turnId: 't1', text: 'pick a stack' },
        { type: 'assistant_text', at: 1, turnId: 't1', step: 0, text: 'Let me ask.' },
        {
          type: 'tool_call',
          at: 1,
          turnId: 't1',
          step: 0,
          toolCallId: 'c1',
          tool: 'AskUserQuestion',
          input: { questions: [] },
        },
      ],
      pending: [
        question({
          recovered: true,
          createdAt: new Date(2026, 0, 2, 9, 5).getTime(),
          draft: { index: 1, values: [{ kind: 'option', index: 1 }, null] },
        }),
      ],
    })
    const { app } = start(fake, 's1')
    const frame = await waitForFrame(app, 'Question 2 / 2')
    expect(frame).toContain('› pick a stack')
    expect(frame).toContain('Let me ask.')
    expect(frame).toContain('? AskUserQuestion 0 questions · waiting for your answer')
    expect(frame).not.toContain('running')
    expect(frame).toContain('Waiting since 2026-01-02 09:05')
    // Where the person had got to: the second question, the first one answered.
    expect(frame).toContain('✔ Which language?')
    await waitArmed(app)
    await press(app, KEYS.ctrlS, '[»Submit«] [ Dismiss ]')
    await press(app, KEYS.right, '[ Submit ] [»Dismiss«]')
    await press(app, KEYS.enter, (f) => !f.includes('Agent question'))
    expect(fake.callsOf('dismissInteraction')).toEqual([{ requestId: 'q1' }])
    expect(fake.callsOf('respondToQuestion')).toEqual([])
  })

  test('← goes back to the previous question with its pick marked', async () => {
    const { app, fake } = start()
    await waitForFrame(app, 'Message')
    fake.emit(added(question()))
    await waitForFrame(app, 'Question 1 / 2')
    await waitArmed(app)
    await press(app, '2', 'Question 2 / 2')
    const frame = await press(app, KEYS.left, 'Question 1 / 2')
    expect(frame).toContain('❯ 2. (•) Rust')
  })

  test('an unknown --session id is reported and exits with 1', async () => {
    const { app, onExit } = start(createFakeBridge(), 'nope')
    await waitForFrame(app, 'No session with id "nope"')
    await vi.waitFor(() => expect(onExit).toHaveBeenCalledWith(1))
  })

  test('Shift+Tab cycles the permission mode', async () => {
    const { app, fake } = start()
    await waitForFrame(app, 'Message')
    await press(app, KEYS.shiftTab, 'execute ·')
    expect(fake.callsOf('setSessionMode')).toEqual([{ sessionId: 's1', mode: 'execute' }])
  })

  test('Ctrl+C stops a running turn, and a second Ctrl+C exits', async () => {
    const { app, fake, onExit } = startApp(createFakeBridge({ session: { running: true } }), {
      clock: () => 1_000_000,
    })
    await waitForFrame(app, 'Working…')
    await press(app, KEYS.ctrlC, 'press Ctrl+C again to quit')
    expect(fake.callsOf('stop')).toEqual([{ sessionId: 's1' }])
    expect(onExit).not.toHaveBeenCalled()
    app.stdin.write(KEYS.ctrlC)
    await vi.waitFor(() => expect(onExit).toHaveBeenCalledWith(0, 's1'))
  })

  test('one Ctrl+C at an idle, empty prompt does not quit: it says to press again, and a second within a second quits', async () => {
    let now = 1_000_000
    const { app, onExit } = startApp(createFakeBridge(), { clock: () => now })
    await waitForFrame(app, 'Message')
    await press(app, KEYS.ctrlC, 'Press Ctrl+C again to quit.')
    expect(onExit).not.toHaveBeenCalled()
    now += 900
    app.stdin.write(KEYS.ctrlC)
    await vi.waitFor(() => expect(onExit).toHaveBeenCalledWith(0, 's1'))
  })

  test('a second Ctrl+C more than a second after the first does not quit; it asks again', async () => {
    let now = 1_000_000
    const { app, onExit } = startApp(createFakeBridge(), { clock: () => now })
    await waitForFrame(app, 'Message')
    await press(app, 'draft', '› draft')
    await press(app, KEYS.ctrlC, 'Draft cleared. Press Ctrl+C again to quit.')
    now += 1_500
    await press(app, KEYS.ctrlC, (f) => f.includes('Press Ctrl+C again') && !f.includes('Draft'))
    expect(onExit).not.toHaveBeenCalled()
    now += 300
    app.stdin.write(KEYS.ctrlC)
    await vi.waitFor(() => expect(onExit).toHaveBeenCalledWith(0, 's1'))
  })

  test('Ctrl+C when idle clears a draft first, then exits', async () => {
    const { app, onExit } = startApp(createFakeBridge(), { clock: () => 1_000_000 })
    await waitForFrame(app, 'Message')
    await press(app, 'draft', '› draft')
    await press(app, KEYS.ctrlC, 'Draft cleared')
    expect(onExit).not.toHaveBeenCalled()
    app.stdin.write(KEYS.ctrlC)
    await vi.waitFor(() => expect(onExit).toHaveBeenCalledWith(0, 's1'))
  })

  test('Ctrl+Z suspends the process and the screen comes back when it is continued', async () => {
    let continueProcess = () => {}
    const stopProcess = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          continueProcess = resolve
        }),
    )
    const { app, onExit } = startApp(createFakeBridge(), { stopProcess })
    await waitForFrame(app, 'Message')
    app.stdin.write('\u001a')
    await vi.waitFor(() => expect(stopProcess).toHaveBeenCalledTimes(1))
    continueProcess()
    await press(app, 'back again', '› back again')
    expect(onExit).not.toHaveBeenCalled()
  })

  test('at 60 columns the footer still says how to quit', async () => {
    const { app } = start(createFakeBridge(), undefined, { columns: 60, rows: 20 })
    const frame = await waitForFrame(app, 'Enter send')
    expect(frame).toContain('^D quit')
    expect(frame).toContain('^C stop')
  })

  test.each([
    { columns: 60, rows: 20 },
    { columns: 60, rows: 12 },
    { columns: 44, rows: 12 },
  ])(
    'at $columns×$rows the footer says how to quit under the message box, a prompt and the tool output',
    async (size) => {
      const { app, fake } = start(createFakeBridge(), undefined, size)
      const footer = (frame: string) => frame.split('\n').slice(-2).join('\n')
      let frame = await waitForFrame(app, 'Enter send')
      expect(footer(frame)).toContain('^D quit')
      fake.emit(
        logged({
          type: 'tool_call',
          at: 1,
          turnId: 't1',
          step: 0,
          toolCallId: 'c1',
          tool: 'read_file',
          input: { path: 'a.txt' },
        }),
      )
      fake.emit(
        logged({
          type: 'tool_result',
          at: 2,
          turnId: 't1',
          toolCallId: 'c1',
          tool: 'read_file',
          output: { content: 'hello' },
          isError: false,
        }),
      )
      await waitForFrame(app, '✓ read_file')
      frame = await press(app, KEYS.ctrlO, 'Esc or Ctrl+O closes')
      expect(footer(frame)).toContain('^D quit')
      await press(app, KEYS.escape, 'Enter send')
      fake.emit(added(permission()))
      frame = await waitForFrame(app, (f) => /Permission( request|: run_command)/.test(f))
      expect(footer(frame)).toContain('^D quit')
    },
  )

  test('in a narrow terminal no line is wider than the terminal', async () => {
    const { app, fake } = start(createFakeBridge(), undefined, { columns: 40, rows: 20 })
    await waitForFrame(app, 'Message')
    fake.emit(added(permission({ detail: 'x'.repeat(300) })))
    const frame = await waitForFrame(app, 'Permission request')
    for (const line of frame.split('\n')) expect([...line].length).toBeLessThanOrEqual(40)
  })
})
