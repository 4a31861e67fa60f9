import { render } from 'ink-testing-library'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { FORM_MESSAGES } from '../shared/form-answers'
import type { FormDraft, FormResponse } from '../shared/form-schema'
import { questionsToForm } from '../shared/form-state'
import type { FormInteraction } from '../shared/interactions'
import { formInteraction } from '../shared/testing/form-fixtures'
import { FormPrompt } from './form-prompt'
import { KeyRouter } from './key-router'
import { KEYS, plainFrame, press, waitForFrame } from './testing/ink-driver'

const mounted: Array<{ unmount(): void }> = []
afterEach(() => {
  for (const app of mounted.splice(0)) app.unmount()
})

function start(
  interaction: FormInteraction = formInteraction(),
  size = { width: 100, height: 40 },
  settled: boolean | void = undefined,
) {
  const onRespond = vi.fn<(r: FormResponse) => boolean | void>(() => settled)
  const onSendAsMessage = vi.fn<(r: FormResponse) => void>()
  const onDismiss = vi.fn<() => void>()
  const onDraft = vi.fn<(d: FormDraft) => void>()
  const app = render(
    <KeyRouter global={() => false}>
      <FormPrompt
        interaction={interaction}
        draft={null}
        width={size.width}
        height={size.height}
        armingMs={0}
        onDraft={onDraft}
        onRespond={onRespond}
        onSendAsMessage={onSendAsMessage}
        onDismiss={onDismiss}
      />
    </KeyRouter>,
  )
  mounted.push(app)
  return { app, onRespond, onSendAsMessage, onDismiss, onDraft }
}

/** The frame's lines, trailing spaces dropped. */
const lines = (frame: string) => frame.split('\n').map((l) => l.trimEnd())

describe('terminal form prompt', () => {
  it('shows every field type with the asker, titles, options, bounds and the keys', async () => {
    const { app } = start(formInteraction(), { width: 100, height: 60 })
    const frame = await waitForFrame(app, 'Codex asks')
    for (const text of [
      'Agent question',
      'Set up the release.',
      'Project name (required)',
      'Lower case, no spaces.',
      'pattern (shown, not checked): ^[a-z-]+$',
      'Contact email (required) · email',
      'Workers (required) · whole number 1–16',
      '› 4',
      '[x] Notify the team',
      '1 ( ) Stable — Everyone gets it',
      '3 ( ) Other — type your own answer',
      'Targets (required) · choose 1–2',
      '1 [ ] Linux',
      'not shown: Parley never takes secrets',
      '↑↓ move · Tab/Shift+Tab field · type to fill',
      'Enter submit',
      'Esc cancel',
    ])
      expect(frame, text).toContain(text)
    // The first row is highlighted and being typed into.
    expect(frame).toMatch(/❯ › /)
  })

  it('answers every field type with keys and submits with Enter', async () => {
    const { app, onRespond, onDraft } = start()
    await waitForFrame(app, 'Codex asks')
    await press(app, 'parley', '› parley')
    await press(app, KEYS.down, (f) => /❯ › \s*$/m.test(f) || f.includes('❯ › '))
    await press(app, 'dev@example.com', '› dev@example.com')
    await press(app, KEYS.down, (f) => f.includes('❯ › (empty)') || f.includes('❯ › '))
    await press(app, '2026-02-28', '› 2026-02-28')
    await press(app, KEYS.down, '❯ › 4')
    await press(app, KEYS.backspace, (f) => !f.includes('› 4'))
    await press(app, '8', '› 8')
    await press(app, KEYS.down, (f) => f.includes('❯ › '))
    await press(app, '.5', '› .5')
    await press(app, KEYS.down, '❯ [x] Notify the team')
    await press(app, ' ', '❯ [ ] Notify the team')
    await press(app, KEYS.down, '❯ 1 ( ) Stable')
    await press(app, '2', '2 (•) Beta')
    await press(app, '\t', '❯ 1 ( ) Europe')
    await press(app, '3', '❯ 3 (•) Other')
    await press(app, 'Mars', 'Other: Mars')
    await press(app, '\t', '❯ 1 [ ] Linux')
    await press(app, ' ', '❯ 1 [x] Linux')
    await press(app, '3', '3 [x] Windows')
    await press(app, KEYS.enter, 'Sending…')
    expect(onRespond).toHaveBeenCalledWith({
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
    })
    expect(onDraft.mock.calls.at(-1)?.[0].values[7]).toEqual({ kind: 'other', text: 'Mars' })
  })

  it('refuses Enter with each problem at its field and the cursor on the first', async () => {
    const { app, onRespond } = start(formInteraction(), { width: 100, height: 70 })
    await waitForFrame(app, 'Codex asks')
    await press(app, '😀😀', '› 😀😀')
    await press(app, KEYS.down, (f) => f.includes('❯ › '))
    await press(app, 'dev at example', '› dev at example')
    await press(app, KEYS.down, (f) => f.includes('❯ › '))
    await press(app, '2026-02-30', '› 2026-02-30')
    await press(app, KEYS.down, '❯ › 4')
    await press(app, `${KEYS.backspace}17`, '› 17')
    await press(app, KEYS.down, (f) => f.includes('❯ › '))
    await press(app, '1e', '› 1e')
    const frame = await press(app, KEYS.enter, `✗ ${FORM_MESSAGES.email}`)
    expect(onRespond).not.toHaveBeenCalled()
    const text = lines(frame).join('\n')
    // Each message sits under its own field.
    const under = (title: string, message: string) => {
      const from = text.indexOf(title)
      const next = text.indexOf('(required)', from + title.length + 12)
      const at = text.indexOf(`✗ ${message}`, from)
      expect(at, `${message} under ${title}`).toBeGreaterThan(from)
      if (next > 0 && title !== 'Sample ratio') expect(at).toBeLessThan(next + 200)
    }
    under('Project name', FORM_MESSAGES.minLength(3, 2))
    under('Contact email', FORM_MESSAGES.email)
    under('Release date', FORM_MESSAGES.date)
    under('Workers', FORM_MESSAGES.maximum(16))
    under('Sample ratio', FORM_MESSAGES.number)
    under('Channel', FORM_MESSAGES.requiredChoice)
    under('Targets', FORM_MESSAGES.requiredMulti)
    // Back on the first field with a problem.
    expect(frame).toMatch(/❯ › 😀😀/)
  })

  it('declines with d and cancels with Esc, asking first once something is filled in', async () => {
    const declined = start()
    await waitForFrame(declined.app, 'Codex asks')
    for (let i = 0; i < 5; i++) declined.app.stdin.write('\t')
    await waitForFrame(declined.app, '❯ [x] Notify the team')
    await press(declined.app, 'd', 'Sending…')
    expect(declined.onRespond).toHaveBeenCalledWith({ action: 'decline' })

    const cancelled = start()
    await waitForFrame(cancelled.app, 'Codex asks')
    await press(cancelled.app, 'x', '› x')
    await press(cancelled.app, KEYS.escape, 'Throw away what you filled in?')
    await press(cancelled.app, 'n', (f) => !f.includes('Throw away'))
    await press(cancelled.app, KEYS.escape, 'y/Enter cancel the form · d decline it')
    await press(cancelled.app, 'y', 'Sending…')
    expect(cancelled.onRespond).toHaveBeenCalledWith({ action: 'cancel' })
  })

  it('lets the person try again when the answer was not taken', async () => {
    const { app, onRespond } = start(formInteraction(), undefined, false)
    await waitForFrame(app, 'Codex asks')
    await press(app, KEYS.escape, 'That was not accepted; try again.')
    expect(onRespond).toHaveBeenCalledWith({ action: 'cancel' })
  })

  it('says plainly when the asker is gone and offers send as message or dismiss', async () => {
    const { app, onDismiss, onRespond } = start(
      formInteraction({ orphaned: true, recovered: true }),
    )
    const frame = await waitForFrame(app, 'Codex is no longer waiting')
    expect(frame).toContain('Enter send as message · x dismiss')
    expect(frame).toContain('asked before a restart')
    for (let i = 0; i < 5; i++) app.stdin.write('\t')
    await waitForFrame(app, '❯ [x] Notify the team')
    await press(app, 'x', 'Sending…')
    expect(onDismiss).toHaveBeenCalledTimes(1)
    expect(onRespond).not.toHaveBeenCalled()
  })

  it('stays within its height, scrolling the fields inside while the header and keys stay', async () => {
    const { app } = start(formInteraction(), { width: 60, height: 22 })
    const first = await waitForFrame(app, (f) => /lines 1–\d+ of \d+/.test(f))
    expect(first).not.toContain('Targets')
    // Down to the last field: the window follows the cursor; the header never leaves.
    for (let i = 0; i < 8; i++) app.stdin.write('\t')
    await waitForFrame(app, '❯ 1 [ ] Linux')
    const last = plainFrame(app)
    expect(lines(last).length).toBeLessThanOrEqual(22)
    expect(last).toContain('Codex asks')
    expect(last).toContain('Targets')
    expect(last).not.toContain('Project name')
    expect(last).toContain('Esc cancel')
    // No frame was ever taller than the terminal, the first one included.
    for (const frame of app.frames) expect(lines(frame).length).toBeLessThanOrEqual(22)
  })

  it('shows AskUserQuestion as a preset: a question at a time, progress, review, submit', async () => {
    const form = questionsToForm([
      {
        question: 'Which database?',
        options: [{ label: 'Postgres', description: 'Relational' }, { label: 'SQLite' }],
      },
      {
        question: 'Which targets?',
        multiSelect: true,
        options: [{ label: 'Linux' }, { label: 'macOS' }],
      },
    ])
    const { app, onRespond } = start(
      formInteraction({ form, source: { kind: 'parley', toolCallId: 'c1' } }),
    )
    const first = await waitForFrame(app, '1 / 2')
    expect(first).toContain('The agent asks')
    expect(first).toContain('Which database?')
    expect(first).not.toContain('Which targets?')
    await press(app, '2', '2 (•) SQLite')
    await press(app, KEYS.enter, '2 / 2')
    await press(app, ' ', '❯ 1 [x] Linux')
    await press(app, '2', '2 [x] macOS')
    await press(app, KEYS.enter, 'Review your answers')
    expect(plainFrame(app)).toContain('Which targets?: Linux, macOS')
    await press(app, KEYS.enter, 'Sending…')
    expect(onRespond).toHaveBeenCalledWith({
      action: 'accept',
      content: { question_0: 'SQLite', question_1: ['Linux', 'macOS'] },
    })
  })
})

describe('terminal form prompt: frames to look at', () => {
  it.each([60, 100])('renders at %i columns without breaking its border', async (width) => {
    const { app } = start(formInteraction(), { width, height: 30 })
    await waitForFrame(app, 'Codex asks')
    await press(app, KEYS.enter, '✗')
    const frame = plainFrame(app)
    if (process.env['PRINT_FRAMES']) console.log(`--- ${width} columns ---\n${frame}`)
    for (const line of lines(frame)) expect(line.length).toBeLessThanOrEqual(width)
    expect(lines(frame).length).toBeLessThanOrEqual(30)
    expect(lines(frame)[0]).toMatch(/^╭─+╮$/)
    expect(lines(frame).at(-1)).toMatch(/^╰─+╯$/)
  })
})
