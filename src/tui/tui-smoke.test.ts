import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { fileURLToPath } from 'node:url'
import { afterAll, expect, test } from 'vitest'

const root = fileURLToPath(new URL('../..', import.meta.url))
const out = mkdtempSync(join(tmpdir(), 'parley-tui-smoke-'))
afterAll(() => rmSync(out, { recursive: true, force: true }))

const screen = (name: string) => readFileSync(join(out, `${name}.txt`), 'utf8')

// SGR escape sequences whose parameters set a colour (30–38, 90–97 text; 40–48, 100–107 background).
const ESC = String.fromCharCode(27)
const colourCodes = (text: string) =>
  [...text.matchAll(new RegExp(`${ESC}\\[([0-9;]*)m`, 'g'))].filter((m) =>
    (m[1] ?? '').split(';').some((p) => /^(3[0-8]|9[0-7]|4[0-8]|10[0-7])$/.test(p)),
  )

test('parley tui in a real tmux terminal: questions with a review, permission, quit with a question open, resume, narrow, a tall prompt at 60×20 and Ctrl+O’s output closed, an ACP agent’s permission and form, an MCP server’s form, then type-ahead, Ctrl+C, NO_COLOR and resizes that keep the shell’s scrollback', async () => {
  // The script fails, naming the step and showing the screen, when a screen never shows what it
  // should; its own output is attached to the failure.
  const run = await promisify(execFile)('bash', ['scripts/tui-smoke.sh', out], {
    cwd: root,
    timeout: 240_000,
    maxBuffer: 10_000_000,
  }).catch((error: { stdout?: string; stderr?: string }) => {
    throw new Error(`tui-smoke failed:\n${error.stdout ?? ''}\n${error.stderr ?? ''}`)
  })
  expect(run.stdout).toContain('all steps passed')

  expect(screen('1-question-1')).toContain('Question 1 / 2')
  expect(screen('1-question-1')).toContain('same stack as the client')
  expect(screen('1-review')).toContain('Which language should the service use? → Go, with a twist')
  expect(screen('1-review')).toContain('Where should it run? → not answered')
  expect(screen('1-answered')).toContain('✓ AskUserQuestion 2 questions ok · Go, with a twist · —')
  expect(screen('2-permission')).toMatch(/risk medium · denied in (5:00|4:5\d)/)
  expect(screen('2-allowed')).toContain('✓ run_command echo hello from parley ok · allowed')
  expect(screen('3-quit-while-asking').replace(/\n/g, '')).toMatch(
    /Resume with: parley tui --session \S+ --data-dir \S+ --scenario \S+ --workspace \S+/,
  )
  expect(screen('3-resumed')).toContain('Waiting since')
  expect(screen('3-answered-after-restart')).toContain('Noted: {"answers":[{"question":"Ship on')
  for (const [name, width] of [
    ['1-question-1', 80],
    ['2-permission', 80],
    ['4-narrow', 48],
    ['5-tall-prompt', 60],
    ['6-agent-form-refused', 100],
    ['6-mcp-form', 100],
  ] as const) {
    for (const line of screen(name).split('\n')) expect([...line].length).toBeLessThanOrEqual(width)
  }
  // A prompt taller than the terminal: its header, countdown and choices stay on screen...
  expect(screen('5-tall-prompt')).toMatch(
    /Permission request · run_command · risk medium\s+│\n│ denied in/,
  )
  expect(screen('5-tall-prompt')).toContain('❯ 1. Yes')
  expect(screen('5-tall-prompt')).toContain('THE-END')
  // ...and the scrollback holds each finished block once, and no copy of the prompt's frames.
  const scrollback = screen('5-scrollback')
  const count = (text: string) => scrollback.split(text).length - 1
  expect(count('Permission request')).toBe(0)
  expect(count('› plan the new service')).toBe(1)
  expect(count('› tall prompt please')).toBe(1)
  expect(count('Running the long script now.')).toBe(1)
  expect(count('The script finished cleanly.')).toBe(1)
  // Ctrl+O's output, closed: the transcript is on screen again above the message box.
  const closed = screen('5-output-closed')
  expect(closed).toContain('The script finished cleanly.')
  expect(closed.indexOf('The script finished cleanly.')).toBeLessThan(closed.indexOf('› Message'))
  expect(closed).not.toContain('Esc or Ctrl+O closes')

  // An ACP agent's permission with its own options, and its form: every field type, a value
  // refused at its field, then what the agent received.
  expect(screen('6-agent-permission')).toContain('Fake Agent asks permission')
  expect(screen('6-agent-permission')).toContain('2. Always allow npm')
  expect(screen('6-agent-permission')).toContain(
    '? npm install left-pad · waiting for your permission',
  )
  const refused = screen('6-agent-form-refused')
  expect(refused).toContain('Fake Agent asks')
  expect(refused).toMatch(
    /Replicas · whole number 1–5\s+│\n│ ❯ › 7\s+│\n│ {3}✗ Must be at most 5\./,
  )
  expect(refused).toContain('[ Submit ] [ Decline ] [ Cancel ]')
  const agentAnswered = screen('6-agent-answered').replace(/\n {2}/g, '')
  expect(agentAnswered).toContain('"optionId":"always"')
  expect(agentAnswered).toContain(
    '"content":{"version":"1.2.3","date":"2026-03-01","replicas":3,"notify":false,"channel":"beta","targets":["linux","win"]}',
  )
  // server-everything's own elicitation form, answered in the terminal; the server reports it.
  expect(screen('6-mcp-form')).toContain('MCP server everything asks')
  expect(screen('6-mcp-form')).toContain('› Ada Lovelace')
  expect(screen('6-mcp-answered')).toContain('✅ User provided the requested')
  expect(screen('6-mcp-answered').replace(/\n {2}/g, '')).toContain('- Name: Ada Lovelace')
  const after = screen('6-scrollback')
  expect(after.split('MCP server everything asks').length - 1).toBe(0)
  expect(after.split('Fake Agent asks').length - 1).toBe(0)

  // The screen is in colour (step 1); with NO_COLOR=1 it has no colour codes (step 7).
  expect(colourCodes(screen('1-colors'))).not.toEqual([])
  expect(colourCodes(screen('7-no-color'))).toEqual([])
  // A message typed while the turn ran was queued, then sent (the script checks it once in the
  // scrollback); one Ctrl+C at the idle prompt only said to press it again.
  expect(screen('7-queued')).toContain('queued and then what')
  expect(screen('7-queued')).toContain('Working…')
  expect(screen('7-one-ctrl-c')).toContain('Press Ctrl+C again to quit.')
  expect(screen('7-one-ctrl-c')).not.toContain('parley exited')
  // After width and height changes: the shell's 40 lines from before Parley are all still in
  // the scrollback (the script checks each once), and the screen ends with one message box at
  // the new width. (A frame the terminal reflowed past the top of the screen can leave a piece
  // in the scrollback, which a taller terminal shows again above it.)
  expect(screen('7-scrollback')).toContain('before-parley-1\n')
  const box = `╭${'─'.repeat(42)}╮`
  expect(screen('7-resized').split(box).length - 1).toBe(1)
  expect(screen('7-resized')).toContain('^D quit')
}, 270_000)
