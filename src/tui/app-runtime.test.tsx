import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { render } from 'ink-testing-library'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { createRuntime } from '../main/runtime/create-runtime'
import type { Runtime } from '../main/runtime/runtime-types'
import type { Scenario } from '../shared/scenario'
import type { SessionEvent } from '../shared/session-events'
import { readCleanLog } from '../main/runtime/sessions/testing/clean-log'
import { App } from './app'
import { KEYS, press, waitArmed, waitForFrame, type InkHandle } from './testing/ink-driver'
import { bridgeFromRuntime } from './tui-bridge'

/** The real runtime on the scripted fake backend, in a throwaway data folder and workspace. */
interface Rig {
  dir: string
  dataDir: string
  workspace: string
  runtime: Runtime
  app: InkHandle & { unmount(): void }
  /** Quits: unmounts the app and closes the runtime (open requests stay open in the log). */
  close(): Promise<void>
}

const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function startTui(scenario: Scenario): Promise<Rig> {
  const dir = mkdtempSync(join(tmpdir(), 'parley-tui-'))
  mkdirSync(join(dir, 'ws'), { recursive: true })
  writeFileSync(join(dir, 'scenario.json'), JSON.stringify(scenario))
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }))
  const rig = await openTui(dir)
  await waitForFrame(rig.app, 'Enter send')
  return rig
}

/** Starts a runtime and the app on an existing folder, optionally resuming a session. */
async function openTui(dir: string, sessionId?: string): Promise<Rig> {
  const dataDir = join(dir, 'data')
  const workspace = join(dir, 'ws')
  const scenarioPath = join(dir, 'scenario.json')
  const runtime = await createRuntime({
    dataDir,
    scenarioPath,
    workspace,
    interactive: true,
    env: { PARLEY_FAKE_DELAY_MS: '1' },
  })
  const app = render(
    <App
      bridge={bridgeFromRuntime(runtime)}
      sessionId={sessionId}
      onExit={() => {}}
      size={{ columns: 100, rows: 30 }}
    />,
  )
  let closed = false
  const close = async () => {
    if (closed) return
    closed = true
    app.unmount()
    await runtime.close()
  }
  cleanups.push(close)
  return { dir, dataDir, workspace, runtime, app, close }
}

/** The frame's text with wrapped lines joined again (ink wraps at spaces). */
const unwrapped = (frame: string): string =>
  frame
    .split('\n')
    .map((line) => line.trim())
    .join(' ')

/** The id of the one session in the data folder. */
function onlySessionId(dataDir: string): string {
  const files = readdirSync(join(dataDir, 'sessions')).filter((f) => f.endsWith('.jsonl'))
  expect(files).toHaveLength(1)
  return (files[0] ?? '').replace(/\.jsonl$/, '')
}

/** Every record of the one session log in the data folder. */
function sessionLog(dataDir: string): SessionEvent[] {
  return readCleanLog(join(dataDir, 'sessions', `${onlySessionId(dataDir)}.jsonl`))
}

/** Waits until the turn is over and the message box is back. */
const idle = (app: InkHandle) =>
  waitForFrame(app, (f) => f.includes('Enter send') && !f.includes('Working…'))

/** Real runtime, real timers: generous, for a loaded CI machine. */
const SLOW = 60_000

describe('terminal client with the real runtime', () => {
  test(
    'two questions, Other text and Esc: answers submitted once and the same turn continues',
    async () => {
      const { app, dataDir } = await startTui({
        turns: [
          {
            steps: [
              {
                say: 'Two decisions first.',
                call: [
                  {
                    tool: 'AskUserQuestion',
                    input: {
                      questions: [
                        {
                          question: 'Which language?',
                          options: [
                            { label: 'TypeScript', description: 'same as the client' },
                            { label: 'Rust' },
                          ],
                        },
                        {
                          question: 'Where should it run?',
                          options: [{ label: 'Fly.io' }, { label: 'Bare metal' }],
                        },
                      ],
                    },
                  },
                ],
              },
              { say: 'You chose {{lastToolResult}}' },
            ],
          },
        ],
      })
      await press(app, 'Plan the service\r', 'Question 1 / 2')
      await waitArmed(app)
      await press(app, KEYS.down, '❯ 2. ( ) Rust')
      await press(app, KEYS.down, '❯ 3. ( ) Other')
      await press(app, KEYS.enter, 'Esc back to the options')
      await press(app, 'Go, with a twist', '› Go, with a twist')
      await press(app, KEYS.enter, 'Question 2 / 2')
      await press(app, KEYS.escape, 'Review your answers')
      const frame = await press(app, KEYS.enter, (f) => unwrapped(f).includes('null}]}'))

      const text = unwrapped(frame)
      const echoed = text.slice(text.indexOf('You chose ') + 'You chose '.length)
      expect(JSON.parse(echoed.slice(0, echoed.indexOf('}]}') + 3))).toEqual({
        answers: [
          { question: 'Which language?', answer: 'Go, with a twist' },
          { question: 'Where should it run?', answer: null },
        ],
      })
      expect(text).toContain('✓ AskUserQuestion 2 questions ok · Go, with a twist · —')
      await idle(app)

      const log = sessionLog(dataDir)
      const withAnswer = log.filter((e) => JSON.stringify(e).includes('Go, with a twist'))
      // Persisted exactly once, as the tool result; the other record is the model echoing it.
      expect(withAnswer.map((e) => e.type)).toEqual(['tool_result', 'assistant_text'])
      expect(log.filter((e) => e.type === 'tool_result')).toHaveLength(1)
      expect(log.filter((e) => e.type === 'user_message')).toHaveLength(1)
      const turns = new Set(log.flatMap((e) => ('turnId' in e ? [e.turnId] : [])))
      expect(turns.size).toBe(1)
      expect(log.at(-1)).toMatchObject({ type: 'turn_end', reason: 'completed' })
    },
    SLOW,
  )

  test(
    'permission prompts: allow runs the tool, deny refuses it, remember covers the turn',
    async () => {
      const write = (path: string, content: string) => ({
        tool: 'write_file',
        input: { path, content },
      })
      const { app, dataDir, workspace } = await startTui({
        turns: [
          {
            when: '^allow',
            steps: [
              { call: [write('allowed.txt', 'yes\n')] },
              { say: 'Allow: {{lastToolResult}}' },
            ],
          },
          {
            when: '^deny',
            steps: [{ call: [write('denied.txt', 'no\n')] }, { say: 'Deny: {{lastToolResult}}' }],
          },
          {
            when: '^remember',
            steps: [
              { call: [write('kept.txt', 'first\n')] },
              { call: [write('kept.txt', 'second\n')] },
              { say: 'Remember: {{lastToolResult}}' },
            ],
          },
        ],
      })

      let frame = await press(app, 'allow it\r', 'Permission request')
      expect(frame).toContain('write_file')
      expect(frame).toMatch(/denied in (5:00|4:5\d)/)
      expect(frame).toContain('allowed.txt')
      await waitArmed(app)
      await press(app, KEYS.enter, 'Allow: ')
      await idle(app)
      expect(readFileSync(join(workspace, 'allowed.txt'), 'utf8')).toBe('yes\n')

      await press(
        app,
        'deny it\r',
        (f) => f.includes('Permission request') && f.includes('denied.txt'),
      )
      await waitArmed(app)
      frame = await press(app, KEYS.escape, 'Deny: ')
      expect(frame).toContain('✗ write_file denied.txt error · denied')
      await idle(app)
      expect(existsSync(join(workspace, 'denied.txt'))).toBe(false)

      await press(
        app,
        'remember it\r',
        (f) => f.includes('Permission request') && f.includes('kept.txt'),
      )
      await waitArmed(app)
      await press(app, '2\r', 'Remember: ')
      await idle(app)
      expect(readFileSync(join(workspace, 'kept.txt'), 'utf8')).toBe('second\n')

      const log = sessionLog(dataDir)
      expect(log.filter((e) => e.type === 'permission_request')).toHaveLength(3)
      expect(
        log.flatMap((e) =>
          e.type === 'permission_decision' ? [`${e.decision}:${e.reason}:${e.remember}`] : [],
        ),
      ).toEqual([
        'allow:user:false',
        'deny:user:false',
        'allow:user:true',
        'allow:remembered:false',
      ])
    },
    SLOW,
  )

  test(
    'quitting halfway through the questions resumes at the same question after a restart',
    async () => {
      const rig = await startTui({
        turns: [
          {
            steps: [
              {
                call: [
                  {
                    tool: 'AskUserQuestion',
                    input: {
                      questions: [
                        {
                          question: 'Which language?',
                          options: [{ label: 'Go' }, { label: 'Rust' }],
                        },
                        {
                          question: 'Which database?',
                          options: [{ label: 'SQLite' }, { label: 'Postgres' }],
                        },
                      ],
                    },
                  },
                ],
              },
              { say: 'You chose {{lastToolResult}}' },
            ],
          },
        ],
      })
      await press(rig.app, 'Pick a stack\r', 'Question 1 / 2')
      await waitArmed(rig.app)
      await press(rig.app, '3', 'Esc back to the options')
      await press(rig.app, 'Zig', '› Zig')
      await press(rig.app, KEYS.enter, 'Question 2 / 2')
      // The draft is saved as the person goes; quitting now leaves the request open.
      const sessionId = onlySessionId(rig.dataDir)
      await vi.waitFor(async () => {
        const [pending] = await rig.runtime.listPending({ sessionId })
        expect(pending?.kind === 'question' ? pending.draft?.index : undefined).toBe(1)
      })
      await rig.close()

      const again = await openTui(rig.dir, sessionId)
      let frame = await waitForFrame(
        again.app,
        (f) => f.includes('Question 2 / 2') && f.includes('› Pick a stack'),
      )
      expect(frame).toContain('Waiting since')
      await waitArmed(again.app)
      await press(again.app, '2', 'Which database? → Postgres')
      frame = await press(again.app, KEYS.enter, (f) => unwrapped(f).includes('You chose'))
      await idle(again.app)
      frame = unwrapped(frame)
      expect(frame).toContain('"answer":"Zig"')
      expect(frame).toContain('"answer":"Postgres"')
    },
    SLOW,
  )

  test(
    'with no model configured, the demo agent tells a terminal user how to get a real one',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'parley-tui-'))
      mkdirSync(join(dir, 'ws'))
      const runtime = await createRuntime({
        dataDir: join(dir, 'data'),
        workspace: join(dir, 'ws'),
        interactive: true,
        // No keys and no scenario: the built-in demo runs.
        env: { PARLEY_FAKE_DELAY_MS: '1' },
      })
      const app = render(
        <App
          bridge={bridgeFromRuntime(runtime)}
          onExit={() => {}}
          size={{ columns: 100, rows: 30 }}
        />,
      )
      cleanups.push(async () => {
        app.unmount()
        await runtime.close()
        rmSync(dir, { recursive: true, force: true })
      })
      await waitForFrame(app, 'Enter send')
      // Waits for the end of the demo's reply (its last words), not for a word while it streams.
      const advice = 'set ANTHROPIC_API_KEY or OPENAI_API_KEY before starting Parley'
      const frame = unwrapped(await press(app, 'hello\r', (f) => unwrapped(f).includes(advice)))
      expect(frame).toContain('real model')
    },
    SLOW,
  )
})
