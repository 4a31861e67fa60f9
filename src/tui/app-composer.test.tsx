import { afterEach, describe, expect, test, vi } from 'vitest'
import type { SessionSummary } from '../shared/bridge'
import { createFakeBridge } from './testing/fake-bridge'
import { added, logged, permission, question } from './testing/fixtures'
import { KEYS, paste, plainFrame, press, waitArmed, waitForFrame } from './testing/ink-driver'
import { startApp, unmountApps } from './testing/start-app'

afterEach(unmountApps)

async function ready(fake = createFakeBridge(), size = { columns: 80, rows: 24 }) {
  const started = startApp(fake, { size })
  await waitForFrame(started.app, 'Message')
  return started
}

const older: SessionSummary = {
  id: 'old',
  title: 'Fix the flaky build',
  workspace: '/home/me/project',
  mode: 'ask',
  backend: 'fake:test',
  createdAt: Date.now() - 3_600_000,
  updatedAt: Date.now() - 300_000,
  running: false,
  pendingCount: 0,
}
const olderLog = [
  { type: 'user_message' as const, at: 1, turnId: 'o1', text: 'why is the build flaky?' },
  { type: 'assistant_text' as const, at: 2, turnId: 'o1', step: 0, text: 'A race in the cache.' },
]

describe('assistant text', () => {
  test('Markdown is rendered: code blocks verbatim, emphasis and lists drawn', async () => {
    const { app, fake } = await ready()
    const text = [
      'Call it *like this*:',
      '',
      '```python',
      'def f(*args, **kwargs):  # pass **everything**',
      '    # not a heading',
      '```',
      '',
      '- one',
    ].join('\n')
    fake.emit(logged({ type: 'assistant_text', at: 1, turnId: 't1', step: 0, text }))
    const frame = await waitForFrame(app, 'pass **everything**')
    expect(frame).toContain('    def f(*args, **kwargs):  # pass **everything**')
    expect(frame).toContain('        # not a heading')
    expect(frame).toContain('Call it like this:')
    expect(frame).toContain('• one')
    expect(frame).not.toContain('```')
    expect(frame).not.toMatch(/^\s*`\s*$/m)
  })

  test('wrapped prose never starts a row with a space', async () => {
    const { app, fake } = await ready(createFakeBridge(), { columns: 30, rows: 24 })
    const text = 'The quick brown fox jumps over the lazy dog and keeps running far away.'
    fake.emit(logged({ type: 'assistant_text', at: 1, turnId: 't1', step: 0, text }))
    const frame = await waitForFrame(app, 'far away')
    const rows = frame.split('\n').filter((l) => /fox|lazy|running|away/.test(l))
    for (const row of rows) expect(row).toMatch(/^ {2}\S/)
  })
})

describe('the message box', () => {
  test('a wrapped indented line keeps its indent', async () => {
    const { app } = await ready(createFakeBridge(), { columns: 40, rows: 24 })
    await press(app, 'plan:', '› plan:')
    await press(app, KEYS.altEnter + '    step one and then step two and three', 'three')
    const rows = plainFrame(app)
      .split('\n')
      .filter((l) => l.startsWith('│'))
    expect(rows).toContain('│ › plan:                              │')
    expect(rows.filter((r) => /step|three/.test(r)).every((r) => r.startsWith('│       '))).toBe(
      true,
    )
  })

  test('a tall draft scrolls inside the box and the screen still fits a 60×20 terminal', async () => {
    const size = { columns: 60, rows: 20 }
    const { app } = await ready(createFakeBridge(), size)
    const lines = Array.from({ length: 30 }, (_, i) => `line ${i + 1}`).join('\n')
    // Typed with Ctrl+J between lines (a paste this long would be collapsed).
    const frame = await press(app, lines, 'rows ')
    expect(frame.split('\n').length).toBeLessThanOrEqual(size.rows - 1)
    expect(frame).toMatch(/rows \d+–\d+ of \d+/)
    expect(frame).toContain('Enter send')
  })

  test('↑ brings back sent messages and ↓ returns to the draft', async () => {
    const fake = createFakeBridge({
      events: [
        { type: 'user_message', at: 1, turnId: 't0', text: 'first message' },
        { type: 'user_message', at: 2, turnId: 't1', text: 'second message' },
      ],
    })
    const { app } = startApp(fake, { sessionId: 's1' })
    await waitForFrame(app, 'Message')
    // The message box's row, not the transcript's copy of the message.
    await press(app, 'draft', '│ › draft')
    await press(app, KEYS.up, '│ › second message')
    await press(app, KEYS.up, '│ › first message')
    await press(app, KEYS.down, '│ › second message')
    await press(app, KEYS.down, '│ › draft')
  })

  test('a long paste shows as one line and is sent in full', async () => {
    const { app, fake } = await ready()
    const long = Array.from({ length: 40 }, (_, i) => `row ${i + 1}`).join('\n')
    await press(app, 'look: ', '› look:')
    await press(app, paste(long), '[Pasted text #1 +40 lines]')
    expect(plainFrame(app)).not.toContain('row 2')
    app.stdin.write(KEYS.enter)
    await vi.waitFor(() =>
      expect(fake.callsOf('send')).toEqual([{ sessionId: 's1', text: `look: ${long}` }]),
    )
  })

  test('Esc interrupts a running turn', async () => {
    const { app, fake } = startApp(createFakeBridge({ session: { running: true } }))
    await waitForFrame(app, 'Working…')
    await press(app, KEYS.escape, 'Stopping the turn')
    expect(fake.callsOf('stop')).toEqual([{ sessionId: 's1' }])
  })

  test('while the agent works a spinner shows the elapsed time', async () => {
    const { app } = startApp(createFakeBridge({ session: { running: true } }))
    const frame = await waitForFrame(app, 'Working…')
    expect(frame).toMatch(/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] Working… \d+s/)
  })

  test('a passing hint goes away as soon as the person types', async () => {
    const { app } = await ready()
    await press(app, 'draft', '› draft')
    await press(app, KEYS.ctrlC, 'Draft cleared')
    const frame = await press(app, 'n', '│ › n')
    expect(frame).not.toContain('Draft cleared')
  })
})

describe('model errors', () => {
  test('a retry is said with its attempt and countdown, not a silent "Working…"', async () => {
    const { app, fake } = await ready()
    fake.emit({ type: 'turn_started', sessionId: 's1', turnId: 't1' })
    fake.emit({
      type: 'turn_retrying',
      sessionId: 's1',
      turnId: 't1',
      attempt: 2,
      maxAttempts: 3,
      retryInMs: 5_000,
      message: 'rate limited by the server',
    })
    // The countdown runs from 5 s.
    await waitForFrame(app, (f) => /Retrying 2\/3 in [45] s · rate limited by the server/.test(f))
  })

  test('a failed turn says what went wrong in plain words and keeps the message for ↑ and /retry', async () => {
    const { app, fake } = await ready()
    fake.emit(logged({ type: 'user_message', at: 1, turnId: 't1', text: 'summarise the logs' }))
    fake.emit(
      logged({
        type: 'turn_end',
        at: 2,
        turnId: 't1',
        reason: 'error',
        error: 'AI_APICallError: The server refused the API key.',
        errorKind: 'auth',
        errorDetail: 'status 401',
      }),
    )
    const frame = await waitForFrame(app, 'Turn failed: The server refused the API key.')
    expect(frame).not.toContain('AI_APICallError')
    expect(frame).toContain('status 401')
    expect(frame).toContain('/retry runs it again')
    await press(app, KEYS.up, '│ › summarise the logs')
    await press(app, KEYS.ctrlU, 'Message')
    await press(app, '/retry\r', (f) => !f.includes('› /retry'))
    await vi.waitFor(() => expect(fake.callsOf('retryTurn')).toEqual([{ sessionId: 's1' }]))
  })
})

describe('/ commands', () => {
  test('typing / lists the commands; Tab completes; /help explains them', async () => {
    const { app } = await ready()
    let frame = await press(app, '/he', '/help')
    expect(frame).toContain('keys and commands')
    await press(app, KEYS.tab, '› /help ')
    frame = await press(app, KEYS.enter, '/sessions — pick a session to open')
    expect(frame).toContain('/model [name]')
  })

  test('an unknown command is not sent to the agent', async () => {
    const { app, fake } = await ready()
    await press(app, '/frobnicate\r', 'There is no /frobnicate command')
    expect(fake.callsOf('send')).toEqual([])
  })

  test('/mode changes the mode; bypass only after a confirmation', async () => {
    const { app, fake } = await ready()
    await press(app, '/mode execute\r', 'execute ·')
    await press(app, '/mode bypass\r', 'Switch to bypass?')
    expect(fake.callsOf('setSessionMode')).toEqual([{ sessionId: 's1', mode: 'execute' }])
    await press(app, KEYS.enter, 'bypass ·')
    expect(fake.callsOf('setSessionMode').at(-1)).toEqual({ sessionId: 's1', mode: 'bypass' })
  })

  test('Shift+Tab asks before bypass; pressing it again skips to explore, any other key stays', async () => {
    const { app, fake } = await ready()
    await press(app, KEYS.shiftTab, 'execute ·')
    await press(app, KEYS.shiftTab, 'Switch to bypass?')
    await press(app, 'x', (f) => !f.includes('Switch to bypass?'))
    expect(plainFrame(app)).toContain('execute ·')
    await press(app, KEYS.shiftTab, 'Switch to bypass?')
    await press(app, KEYS.shiftTab, 'explore ·')
    expect(fake.callsOf('setSessionMode').map((c) => c.mode)).toEqual(['execute', 'explore'])
  })

  test('/model lists the models and /model NAME switches', async () => {
    const { app, fake } = await ready()
    await press(app, '/model\r', 'Available: fake-small, fake-large')
    await press(app, '/model fake-large\r', 'New turns use fake-large.')
    expect(fake.callsOf('updateSettings')).toEqual([{ model: 'fake-large' }])
  })

  test('/new starts another session in the same workspace', async () => {
    const { app, fake } = await ready()
    fake.emit(logged({ type: 'user_message', at: 1, turnId: 't1', text: 'hello' }))
    await waitForFrame(app, '› hello')
    await press(
      app,
      '/new\r',
      (f) => f.includes('Message') && fake.callsOf('createSession').length === 2,
    )
    expect(fake.callsOf('createSession')).toEqual([{}, { workspace: '/home/me/project' }])
  })

  test('/quit quits', async () => {
    const { app, onExit } = await ready()
    app.stdin.write('/quit\r')
    await vi.waitFor(() => expect(onExit).toHaveBeenCalledWith(0, 's1'))
  })
})

describe('coming back to a session', () => {
  test('a new session offers the last one; /resume opens it and drops the empty new one', async () => {
    const fake = createFakeBridge({ others: [{ session: older, events: olderLog }] })
    const { app } = await ready(fake)
    await waitForFrame(app, 'Last session: “Fix the flaky build”')
    expect(plainFrame(app)).toContain('/resume continues it')
    await press(app, '/resume\r', 'A race in the cache.')
    expect(plainFrame(app)).toContain('› why is the build flaky?')
    expect(fake.callsOf('removeSession')).toEqual([{ sessionId: 's1' }])
  })

  test('/sessions lists every session and Enter opens the highlighted one', async () => {
    const fake = createFakeBridge({ others: [{ session: older, events: olderLog }] })
    const { app } = await ready(fake)
    let frame = await press(app, '/sessions\r', 'Sessions')
    expect(frame).toContain('1. New session')
    expect(frame).toContain('2. Fix the flaky build · 5 min ago')
    frame = await press(app, KEYS.down + KEYS.enter, 'A race in the cache.')
    expect(frame).toContain('› why is the build flaky?')
  })

  test('the exit names the session that was on screen', async () => {
    const fake = createFakeBridge({ others: [{ session: older, events: olderLog }] })
    const { app, onExit } = await ready(fake)
    await press(app, '/resume\r', 'A race in the cache.')
    app.stdin.write(KEYS.ctrlD)
    await vi.waitFor(() => expect(onExit).toHaveBeenCalledWith(0, 'old'))
  })
})

describe('tool output', () => {
  test('Ctrl+O shows the last tool’s whole output; Esc closes it', async () => {
    const { app, fake } = await ready()
    fake.emit(
      logged({
        type: 'tool_call',
        at: 1,
        turnId: 't1',
        step: 0,
        toolCallId: 'c1',
        tool: 'run_command',
        input: { command: 'npm test' },
      }),
    )
    fake.emit(
      logged({
        type: 'tool_result',
        at: 2,
        turnId: 't1',
        toolCallId: 'c1',
        tool: 'run_command',
        output: { exitCode: 1, output: 'PASS a.test.ts\nFAIL b.test.ts\n' },
        isError: false,
      }),
    )
    await waitForFrame(app, '✓ run_command npm test ok')
    let frame = await press(app, KEYS.ctrlO, 'FAIL b.test.ts')
    expect(frame).toContain('PASS a.test.ts')
    expect(frame).toContain('(exit code 1)')
    frame = await press(app, KEYS.escape, 'Message')
    expect(frame).not.toContain('FAIL b.test.ts')
  })
  test('a prompt that comes up while Ctrl+O’s output is open takes its place, and the output stays closed after it', async () => {
    const { app, fake } = await ready()
    fake.emit(
      logged({
        type: 'tool_call',
        at: 1,
        turnId: 't1',
        step: 0,
        toolCallId: 'c1',
        tool: 'run_command',
        input: { command: 'npm test' },
      }),
    )
    fake.emit(
      logged({
        type: 'tool_result',
        at: 2,
        turnId: 't1',
        toolCallId: 'c1',
        tool: 'run_command',
        output: { exitCode: 0, output: 'PASS a.test.ts\n' },
        isError: false,
      }),
    )
    await waitForFrame(app, '✓ run_command npm test ok')
    await press(app, KEYS.ctrlO, 'Esc or Ctrl+O closes')
    fake.emit(added(permission()))
    let frame = await waitForFrame(app, 'Permission request')
    expect(frame).not.toContain('Esc or Ctrl+O closes')
    await waitArmed(app)
    await press(app, KEYS.escape, (f) => !f.includes('Permission request'))
    frame = await waitForFrame(app, 'Message')
    expect(frame).not.toContain('Esc or Ctrl+O closes')
  })

  test('Ctrl+O shows why an agent’s question could not be asked', async () => {
    const { app, fake } = await ready()
    const reason = 'question 1 has 4 options; a question takes 2–3'
    fake.emit(
      logged({
        type: 'tool_call',
        at: 1,
        turnId: 't1',
        step: 0,
        toolCallId: 'q1',
        tool: 'AskUserQuestion',
        input: { questions: [{ question: 'Which language?', options: [] }] },
      }),
    )
    fake.emit(
      logged({
        type: 'tool_result',
        at: 2,
        turnId: 't1',
        toolCallId: 'q1',
        tool: 'AskUserQuestion',
        output: { error: reason },
        isError: true,
      }),
    )
    await waitForFrame(app, '✗ AskUserQuestion')
    const frame = await press(app, KEYS.ctrlO, 'Output')
    expect(frame).not.toContain('No tool has run yet')
    expect(frame).toContain('The agent’s question could not be asked.')
    expect(frame).toContain(reason)
  })

  test('an emoji joined with U+200D that the person types shows as the emoji in the box and the echo; in a command it is still revealed', async () => {
    const { app, fake } = await ready()
    const coder = '\u{1F469}\u200D\u{1F4BB}'
    let frame = await press(app, `hi ${coder}`, `› hi ${coder}`)
    expect(frame).not.toContain('\\u200D')
    app.stdin.write('\r')
    await vi.waitFor(() =>
      expect(fake.callsOf('send')).toEqual([{ sessionId: 's1', text: `hi ${coder}` }]),
    )
    fake.emit(logged({ type: 'user_message', at: 1, turnId: 't1', text: `hi ${coder}` }))
    frame = await waitForFrame(app, (f) => f.includes(`› hi ${coder}`) && f.includes('› Message'))
    expect(frame).not.toContain('\\u200D')
    fake.emit(
      logged({
        type: 'tool_call',
        at: 2,
        turnId: 't1',
        step: 0,
        toolCallId: 'c1',
        tool: 'run_command',
        input: { command: `cat ${coder}.txt` },
      }),
    )
    await waitForFrame(app, 'cat \u{1F469}\\u200D\u{1F4BB}.txt')
  })

  test('the offer says when a request waits in the last session (issue 39, item 8)', async () => {
    const waiting = { ...older, pendingCount: 1 }
    const fake = createFakeBridge({ others: [{ session: waiting, events: olderLog }] })
    const { app } = await ready(fake)
    const frame = await waitForFrame(app, 'Last session: “Fix the flaky build”')
    expect(frame).toContain('a request waits there: /resume answers')
    expect(frame).not.toContain('/resume continues it')
  })

  test('quitting with a question open says it waits, for the line printed after', async () => {
    const { app, fake, onExit } = await ready()
    fake.emit(added(question()))
    await waitForFrame(app, 'Question 1 / 2')
    app.stdin.write(KEYS.ctrlD)
    await vi.waitFor(() =>
      expect(onExit).toHaveBeenCalledWith(
        0,
        's1',
        'A question waits for your answer in this session.',
      ),
    )
  })
})
