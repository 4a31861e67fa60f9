import { afterEach, describe, expect, test, vi } from 'vitest'
import { FORM_MESSAGES } from '../shared/form-answers'
import type { FormSpec } from '../shared/form-schema'
import { formInteraction } from '../shared/testing/form-fixtures'
import { createFakeBridge } from './testing/fake-bridge'
import { added } from './testing/fixtures'
import { KEYS, paste, plainFrame, press, waitArmed, waitForFrame } from './testing/ink-driver'
import { startApp, unmountApps } from './testing/start-app'

afterEach(unmountApps)

const TALL = { columns: 100, rows: 60 }
const SMALL = { columns: 60, rows: 20 }

/** Starts the client, queues `interaction` and waits until its prompt takes keys. */
async function showing(interaction = formInteraction(), size = TALL, fake = createFakeBridge()) {
  const started = startApp(fake, { size })
  await waitForFrame(started.app, 'Message')
  fake.emit(added(interaction))
  await waitForFrame(started.app, 'asks')
  await waitArmed(started.app)
  return started
}

/** The frame fits the terminal with a row to spare (a taller frame floods the scrollback). */
const expectFits = (frame: string, size: { columns: number; rows: number }) => {
  const lines = frame.split('\n')
  expect(lines.length).toBeLessThanOrEqual(size.rows - 1)
  for (const line of lines) expect([...line].length).toBeLessThanOrEqual(size.columns)
}

const oneField = (field: FormSpec['fields'][number]): FormSpec => ({
  message: 'One thing.',
  fields: [field],
})

describe('forms in the terminal', () => {
  test('a form names its asker and shows every field type with its bounds, options and unsupported reason', async () => {
    const { app } = await showing()
    const frame = plainFrame(app)
    for (const text of [
      'Codex asks',
      'Set up the release. Everything here goes to the release script.',
      'Project name (required) · 3–20 characters',
      'Lower case, no spaces.',
      'pattern (shown, not checked): ^[a-z-]+$',
      'Contact email (required) · email',
      'Release date · date',
      'Workers (required) · whole number 1–16',
      '› 4',
      '[x] Notify the team',
      '1. ( ) Stable — Everyone gets it',
      '3. ( ) Other — type your own answer',
      'Targets (required) · choose 1–2',
      '1. [ ] Linux',
      'API token',
      'not shown: Parley never takes secrets',
      '[ Submit ] [ Decline ] [ Cancel ]',
    ])
      expect(frame, text).toContain(text)
    // The first field is being typed into.
    expect(frame).toMatch(/❯ › /)
    expect(frame).not.toContain('Message')
  })

  test('an MCP server is named as the asker', async () => {
    const { app } = await showing(
      formInteraction({ source: { kind: 'mcp', server: 'everything', rpcId: 2 } }),
    )
    expect(plainFrame(app)).toContain('MCP server everything asks')
  })

  test('every field type is answered with keys, and Submit sends exactly what was filled in', async () => {
    const { app, fake } = await showing()
    await press(app, 'parley', '› parley')
    await press(app, KEYS.enter + 'dev@example.com', '› dev@example.com')
    await press(app, KEYS.enter + '2026-02-28', '› 2026-02-28')
    await press(app, KEYS.enter + KEYS.backspace, (f) => !f.includes('› 4'))
    await press(app, '8', '› 8')
    await press(app, KEYS.enter + '.5', '› .5')
    await press(app, KEYS.enter, '❯ [x] Notify the team')
    await press(app, ' ', '❯ [ ] Notify the team')
    await press(app, KEYS.enter, '❯ 1. ( ) Stable')
    await press(app, '2', '❯ 2. (•) Beta')
    await press(app, KEYS.tab, '❯ 1. ( ) Europe')
    await press(app, '3', 'Esc back to the options')
    await press(app, 'Mars', '› Mars')
    await press(app, KEYS.enter, '3. (•) Other: Mars')
    await press(app, KEYS.tab, '❯ 1. [ ] Linux')
    await press(app, ' ', '❯ 1. [x] Linux')
    await press(app, '3', '3. [x] Windows')
    // Two of at most two: a third is not ticked.
    await press(app, '2', '❯ 2. [ ] macOS')
    await press(app, KEYS.tab, '❯ [»Submit«]')
    await press(app, KEYS.enter, (f) => !f.includes('Codex asks'))
    expect(fake.callsOf('respondToForm')).toEqual([
      {
        requestId: 'f1',
        response: {
          action: 'accept',
          content: {
            name: 'parley',
            email: 'dev@example.com',
            when: '2026-02-28',
            workers: 8,
            ratio: 0.5,
            notify: false,
            channel: 'beta',
            region_custom: 'Mars',
            targets: ['linux', 'win'],
          },
        },
      },
    ])
    await waitForFrame(app, 'Message')
  })

  test('Submit with problems shows each message at its field and goes to the first; nothing is sent', async () => {
    const { app, fake } = await showing()
    await press(app, '😀😀', '› 😀😀')
    await press(app, KEYS.enter + 'dev at example', '› dev at example')
    await press(app, KEYS.enter + '2026-02-30', '› 2026-02-30')
    await press(app, KEYS.enter + KEYS.backspace + '17', '› 17')
    await press(app, KEYS.enter + '1e', '› 1e')
    const frame = await press(app, KEYS.ctrlS, `✗ ${FORM_MESSAGES.email}`)
    expect(fake.callsOf('respondToForm')).toEqual([])
    const lines = frame.split('\n')
    /** The message is on a row after the field's title and before the next field's. */
    const under = (title: string, message: string, nextTitle: string) => {
      const from = lines.findIndex((l) => l.includes(title))
      const to = lines.findIndex((l, i) => i > from && l.includes(nextTitle))
      const at = lines.findIndex((l, i) => i > from && l.includes(`✗ ${message}`))
      expect(at, `${message} under ${title}`).toBeGreaterThan(from)
      expect(at, `${message} before ${nextTitle}`).toBeLessThan(to)
    }
    under('Project name', FORM_MESSAGES.minLength(3, 2), 'Contact email')
    under('Contact email', FORM_MESSAGES.email, 'Release date')
    under('Release date', FORM_MESSAGES.date, 'Workers')
    under('Workers', FORM_MESSAGES.maximum(16), 'Sample ratio')
    under('Sample ratio', FORM_MESSAGES.number, 'Notify the team')
    under('Channel', FORM_MESSAGES.requiredChoice, 'Region')
    under('Targets', FORM_MESSAGES.requiredMulti, 'API token')
    // Back on the first field with a problem, typing into it.
    expect(frame).toContain('❯ › 😀😀')
    // Fixing a field takes its message away at once.
    await press(app, 'x', (f) => !f.includes(FORM_MESSAGES.minLength(3, 2)))
  })

  test('a number keeps "-", "0." and "1e" while it is typed, and says what is wrong at the field', async () => {
    const { app } = await showing(
      formInteraction({
        form: oneField({
          type: 'number',
          key: 'n',
          title: 'Count',
          required: true,
          integer: true,
        }),
      }),
    )
    await press(app, '-', '› -')
    await press(app, KEYS.ctrlS, `✗ ${FORM_MESSAGES.integer}`)
    await press(app, '0.', '› -0.')
    await press(app, paste('5\n'), '› -0.5')
    expect(plainFrame(app)).toContain(`✗ ${FORM_MESSAGES.integer}`)
  })

  test('Decline and Cancel are always on screen; Cancel asks before throwing edits away', async () => {
    const declined = await showing()
    for (let i = 0; i < 9; i++) declined.app.stdin.write(KEYS.tab)
    await waitForFrame(declined.app, '❯ [»Submit«]')
    await press(declined.app, KEYS.right, '[ Submit ] [»Decline«]')
    await press(declined.app, KEYS.enter, (f) => !f.includes('Codex asks'))
    expect(declined.fake.callsOf('respondToForm')).toEqual([
      { requestId: 'f1', response: { action: 'decline' } },
    ])
    unmountApps()

    const cancelled = await showing()
    await press(cancelled.app, 'x', '› x')
    await press(cancelled.app, KEYS.escape, 'Throw away what you filled in?')
    await press(cancelled.app, 'n', (f) => !f.includes('Throw away'))
    expect(plainFrame(cancelled.app)).toContain('› x')
    await press(cancelled.app, KEYS.escape, 'Enter or y cancels the form · d declines it')
    await press(cancelled.app, 'y', (f) => !f.includes('Codex asks'))
    expect(cancelled.fake.callsOf('respondToForm')).toEqual([
      { requestId: 'f1', response: { action: 'cancel' } },
    ])
    unmountApps()

    // Nothing filled in: Esc cancels at once.
    const untouched = await showing()
    await press(untouched.app, KEYS.escape, (f) => !f.includes('Codex asks'))
    expect(untouched.fake.callsOf('respondToForm')).toEqual([
      { requestId: 'f1', response: { action: 'cancel' } },
    ])
  })

  test('a required field Parley cannot show leaves only Decline and Cancel, and says why at the field', async () => {
    const reason = 'Parley never takes secrets such as passwords or tokens in a form.'
    const { app, fake } = await showing(
      formInteraction({
        form: oneField({
          type: 'unsupported',
          key: 'password',
          title: 'Password',
          required: true,
          reason,
        }),
      }),
    )
    const frame = plainFrame(app)
    expect(frame).toContain('❯ [»Decline«] [ Cancel ]')
    expect(frame).not.toContain('Submit')
    expect(frame.replace(/(\s*│\s*)+/g, ' ')).toContain(
      `✗ ${reason} It is required, so this form can only be declined or cancelled.`,
    )
    await press(app, KEYS.ctrlS, 'Password')
    expect(fake.callsOf('respondToForm')).toEqual([])
    await press(app, KEYS.enter, (f) => !f.includes('Codex asks'))
    expect(fake.callsOf('respondToForm')).toEqual([
      { requestId: 'f1', response: { action: 'decline' } },
    ])
  })

  test('typed keys are ignored while a form appears, so type-ahead never answers it', async () => {
    const fake = createFakeBridge()
    const { app } = startApp(fake, { size: TALL })
    await waitForFrame(app, 'Message')
    fake.emit(added(formInteraction()))
    await waitForFrame(app, 'Codex asks')
    app.stdin.write('\u001b')
    app.stdin.write('oops\r')
    await waitArmed(app)
    expect(plainFrame(app)).toContain('Codex asks')
    expect(plainFrame(app)).not.toContain('oops')
    expect(fake.callsOf('respondToForm')).toEqual([])
  })
})

describe('drafts and askers that are gone', () => {
  test('the draft is saved as the form changes, and a restart brings it back where it was', async () => {
    const { app, fake } = await showing()
    await press(app, 'parley', '› parley')
    await vi.waitFor(() =>
      expect(fake.callsOf('saveFormDraft').at(-1)?.draft.values[0]).toEqual({
        kind: 'text',
        text: 'parley',
      }),
    )
    // One write after the typing, not one per key.
    expect(fake.callsOf('saveFormDraft').length).toBeLessThan(3)
    const saved = fake.callsOf('saveFormDraft').at(-1)?.draft ?? null
    unmountApps()

    const again = createFakeBridge({
      pending: [formInteraction({ draft: saved, recovered: true })],
    })
    const { app: restarted } = startApp(again, { sessionId: 's1', size: TALL })
    const frame = await waitForFrame(restarted, 'Codex asks')
    expect(frame).toContain('› parley')
    expect(frame).toContain('(asked before a restart)')
  })

  test('"Other" text still being typed is kept in the draft when the client quits', async () => {
    const { app, fake, onExit } = await showing()
    for (let i = 0; i < 7; i++) app.stdin.write(KEYS.tab)
    await waitForFrame(app, '❯ 1. ( ) Europe')
    await press(app, '3', 'Esc back to the options')
    await press(app, 'Venus', '› Venus')
    app.stdin.write(KEYS.ctrlD)
    await vi.waitFor(() =>
      expect(onExit).toHaveBeenCalledWith(0, 's1', 'A form waits for your answer in this session.'),
    )
    expect(fake.callsOf('saveFormDraft').at(-1)?.draft.values[7]).toEqual({
      kind: 'other',
      text: 'Venus',
    })
  })

  test('a form whose asker is gone says so, and its answers can be sent as a message', async () => {
    const { app, fake } = await showing(
      formInteraction({
        orphaned: true,
        recovered: true,
        form: oneField({ type: 'text', key: 'name', title: 'Name', required: true }),
      }),
    )
    const frame = plainFrame(app)
    expect(frame).toContain('Codex is no longer waiting')
    expect(frame).toContain('[ Send as message ] [ Dismiss ]')
    expect(frame).not.toContain('[ Submit ]')
    await press(app, 'Ada', '› Ada')
    await press(app, KEYS.ctrlS, (f) => !f.includes('Codex asks'))
    expect(fake.callsOf('sendFormAsMessage')).toEqual([
      { requestId: 'f1', response: { action: 'accept', content: { name: 'Ada' } } },
    ])
    expect(fake.callsOf('respondToForm')).toEqual([])
  })

  test('a form whose asker goes away while it is filled in keeps what was typed and offers Send as message', async () => {
    const interaction = formInteraction({
      form: oneField({ type: 'text', key: 'name', title: 'Name', required: true }),
    })
    const { app, fake } = await showing(interaction)
    await press(app, 'Ada', '› Ada')
    await press(app, KEYS.tab, '❯ [»Submit«]')
    await press(app, KEYS.right + KEYS.right, '[»Cancel«]')
    fake.emit({
      type: 'interaction_updated',
      sessionId: 's1',
      interaction: { ...interaction, orphaned: true },
    })
    const frame = await waitForFrame(app, 'Codex is no longer waiting')
    expect(frame).toContain('› Ada')
    expect(frame).toContain('[ Send as message ] [»Dismiss«]')
    await press(app, KEYS.left + KEYS.enter, (f) => !f.includes('Codex asks'))
    expect(fake.callsOf('sendFormAsMessage')).toEqual([
      { requestId: 'f1', response: { action: 'accept', content: { name: 'Ada' } } },
    ])
  })

  test('a form whose asker is gone can be dismissed', async () => {
    const { app, fake } = await showing(formInteraction({ orphaned: true, recovered: true }))
    for (let i = 0; i < 9; i++) app.stdin.write(KEYS.tab)
    await waitForFrame(app, '❯ [»Send as message«]')
    await press(app, KEYS.right + KEYS.enter, (f) => !f.includes('Codex asks'))
    expect(fake.callsOf('dismissInteraction')).toEqual([{ requestId: 'f1' }])
    expect(fake.callsOf('sendFormAsMessage')).toEqual([])
  })
})

describe('forms in small and big terminals', () => {
  test('a form taller than a 60×20 terminal keeps its asker, buttons and keys; the fields scroll with the cursor', async () => {
    const { app } = await showing(formInteraction(), SMALL)
    let frame = plainFrame(app)
    expectFits(frame, SMALL)
    expect(frame).toContain('Codex asks')
    expect(frame).toContain('[ Submit ] [ Decline ] [ Cancel ]')
    expect(frame).not.toContain('Targets')
    for (let i = 0; i < 8; i++) app.stdin.write(KEYS.tab)
    frame = await waitForFrame(app, '❯ 1. [ ] Linux')
    expectFits(frame, SMALL)
    expect(frame).toContain('Codex asks')
    expect(frame).toContain('Targets')
    expect(frame).not.toContain('Project name')
    expect(frame).toContain('[ Submit ]')
    // PgUp scrolls back to the top by hand.
    await press(app, KEYS.pageUp, (f) => f.includes('Targets') === false || f.includes('Channel'))
    await press(app, KEYS.pageUp, (f) => !f.includes('Targets'))
    frame = await press(app, KEYS.pageUp, 'Project name')
    expectFits(frame, SMALL)
    for (const earlier of app.frames) expect(earlier.split('\n').length).toBeLessThanOrEqual(19)
  })

  test('at 60×20 a refused Submit shows the first problem’s message in view, under its field', async () => {
    const { app } = await showing(formInteraction(), SMALL)
    await press(app, 'parley', '› parley')
    await press(app, KEYS.tab + 'dev at example', '› dev at example')
    const frame = await press(app, KEYS.ctrlS, `✗ ${FORM_MESSAGES.email}`)
    expectFits(frame, SMALL)
    expect(frame).toContain('Contact email')
    expect(frame).toContain('❯ › dev at example')
  })

  test('a long "Other" answer scrolls inside its field at 60×20', async () => {
    const { app } = await showing(formInteraction(), SMALL)
    for (let i = 0; i < 7; i++) app.stdin.write(KEYS.tab)
    await waitForFrame(app, '❯ 1. ( ) Europe')
    await press(app, '3', 'Esc back to the options')
    // Five lines: a paste of more would be collapsed to one placeholder line.
    const answer = Array.from({ length: 5 }, (_, i) => `line ${i + 1}`).join('\n')
    await press(app, paste(answer), 'line 5')
    for (const line of ['line 6', 'line 7', 'line 8']) await press(app, KEYS.altEnter + line, line)
    const frame = plainFrame(app)
    expectFits(frame, SMALL)
    expect(frame).toContain('rows 7–8 of 8')
    expect(frame).not.toContain('line 1\n')
    expect(frame).toContain('Codex asks')
  })

  test('at 200×50 the whole form shows without scrolling', async () => {
    const size = { columns: 200, rows: 50 }
    const { app } = await showing(formInteraction(), size)
    const frame = plainFrame(app)
    expectFits(frame, size)
    expect(frame).not.toMatch(/lines \d+–\d+ of/)
    expect(frame).toContain('API token')
  })
})

describe('keys typed together', () => {
  test('"2⇥ 3" from a fast typist picks, moves on and ticks, one key at a time', async () => {
    const { app, fake } = await showing()
    for (let i = 0; i < 6; i++) app.stdin.write(KEYS.tab)
    await waitForFrame(app, '❯ 1. ( ) Stable')
    app.stdin.write('2\t\t 3')
    const frame = await waitForFrame(app, '❯ 3. [x] Windows')
    expect(frame).toContain('2. (•) Beta')
    expect(frame).toContain('1. [x] Linux')
    await vi.waitFor(() =>
      expect(fake.callsOf('saveFormDraft').at(-1)?.draft.values.slice(6, 9)).toEqual([
        { kind: 'option', index: 1 },
        null,
        { kind: 'options', indexes: [0, 2], other: null },
      ]),
    )
  })
})
