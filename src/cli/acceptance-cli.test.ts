// Acceptance: the pinned command line (docs/usage.md, "The command line"), driven as a black box through the built CLI
// (`npm test` builds out/cli/parley.js before vitest runs).
import { execFile, spawn } from 'node:child_process'
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { createInterface } from 'node:readline'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { parseCleanLog, readCleanLog } from '../main/runtime/sessions/testing/clean-log'
import { connect } from '../hosts/web/testing/web-test-client'
import type { BridgeEvent } from '../shared/bridge'

const root = resolve(__dirname, '../..')
const cli = join(root, 'out/cli/parley.js')

type Result = { code: number; stdout: string; stderr: string }

function parley(args: string[], env: Record<string, string> = {}): Promise<Result> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      [cli, ...args],
      { env: { ...process.env, PARLEY_FAKE_DELAY_MS: '0', ...env }, timeout: 20_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0
        done({ code, stdout, stderr })
      },
    )
  })
}

const step = (say: string, call?: { tool: string; input: Record<string, unknown> }[]) =>
  call ? { say, call } : { say }

const SCENARIO = {
  turns: [
    { when: '^tools', steps: [step('tools={{tools}} mode={{mode}}')] },
    {
      when: '^delegate',
      steps: [
        step('Delegating.', [
          { tool: 'Task', input: { description: 'child', prompt: 'child: list your tools' } },
        ]),
        step('Child said {{lastToolResult}}'),
      ],
    },
    { when: '^child: list', steps: [step('child tools={{tools}}')] },
    {
      when: '^parallel',
      steps: [
        step('Two reads.', [
          { tool: 'read_file', input: { path: 'a.txt' } },
          { tool: 'read_file', input: { path: 'b.txt' } },
        ]),
        step('Newest {{lastToolResult}}'),
      ],
    },
    {
      when: '^write',
      steps: [
        step('Writing.', [{ tool: 'write_file', input: { path: 'new.txt', content: 'x' } }]),
        step('Wrote {{lastToolResult}}'),
      ],
    },
    {
      when: '^command',
      steps: [
        step('Running.', [{ tool: 'run_command', input: { command: 'echo ran' } }]),
        step('Ran {{lastToolResult}}'),
      ],
    },
    {
      when: '^build',
      steps: [
        step('Building.', [
          { tool: 'run_command', input: { command: 'npm run build && echo built > out.txt' } },
        ]),
        step('Built {{lastToolResult}}'),
      ],
    },
    {
      when: '^question',
      steps: [
        step('Asking.', [
          {
            tool: 'AskUserQuestion',
            input: { questions: [{ question: 'Q?', options: [{ label: 'A' }, { label: 'B' }] }] },
          },
        ]),
        step('Asked {{lastToolResult}}'),
      ],
    },
    { steps: [step('First part. '), step('unused')] },
  ],
}

const made: string[] = []
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true })
})

function folder() {
  const dir = mkdtempSync(join(tmpdir(), 'parley-acceptance-'))
  made.push(dir)
  const ws = join(dir, 'ws')
  mkdirSync(ws)
  writeFileSync(join(ws, 'a.txt'), 'alpha\n')
  writeFileSync(join(ws, 'b.txt'), 'beta\n')
  const scenario = join(dir, 'scenario.json')
  writeFileSync(scenario, JSON.stringify(SCENARIO))
  const data = join(dir, 'data')
  return {
    dir,
    ws,
    data,
    scenario,
    args: ['--scenario', scenario, '--data-dir', data, '--workspace', ws],
  }
}

function sessionLogs(data: string) {
  const dir = join(data, 'sessions')
  return readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .map((f): Array<Record<string, unknown>> => readCleanLog(join(dir, f)))
}

const PINNED_EVENTS = new Set([
  'session',
  'user_message',
  'assistant_text',
  'tool_call',
  'tool_result',
  'permission_request',
  'permission_decision',
  'user_question_request',
  'turn_end',
])

describe('parley --help and errors', () => {
  it.each([
    [
      'run',
      'parley run [--data-dir D] [--scenario F] [--workspace W] [--mode M] [--json] "prompt"',
    ],
    ['serve', 'parley serve [--port N] [--data-dir D] [--scenario F] [--workspace W]'],
    ['tui', 'parley tui [--data-dir D] [--scenario F] [--workspace W] [--session ID]'],
    ['desktop', 'parley desktop [--data-dir D] [--scenario F]'],
  ])('%s --help prints its pinned usage and exits 0', async (command, usage) => {
    const result = await parley([command, '--help'])
    expect(result.code).toBe(0)
    expect(result.stdout + result.stderr).toContain(usage)
  })

  it('top-level --help lists every subcommand', async () => {
    const result = await parley(['--help'])
    expect(result.code).toBe(0)
    for (const command of ['desktop', 'serve', 'tui', 'run'])
      expect(result.stdout).toContain(`parley ${command}`)
  })

  it.each(['run', 'serve', 'tui', 'desktop'])(
    '%s --frobnicate fails clearly, naming the flag',
    async (command) => {
      const result = await parley([command, '--frobnicate', 'x'])
      expect(result.code).not.toBe(0)
      expect(result.stderr).toContain('--frobnicate')
    },
  )

  it('flags of another subcommand are refused', async () => {
    const serve = await parley(['serve', '--mode', 'ask'])
    expect(serve.code).not.toBe(0)
    expect(serve.stderr).toContain('--mode')
    const desktop = await parley(['desktop', '--json'])
    expect(desktop.code).not.toBe(0)
    expect(desktop.stderr).toContain('--json')
  })

  it('an unknown subcommand, a bad mode, a bad port and a missing prompt each fail with a message', async () => {
    const f = folder()
    for (const args of [
      ['frob'],
      ['run', ...f.args, '--mode', 'yolo', 'hi'],
      ['serve', '--port', 'abc'],
      ['run', ...f.args],
      ['run', '--scenario', join(f.dir, 'missing.json'), '--data-dir', f.data, 'hi'],
    ]) {
      const result = await parley(args)
      expect(result.code, args.join(' ')).not.toBe(0)
      expect(result.stderr.trim(), args.join(' ')).not.toBe('')
      expect(result.stderr, args.join(' ')).not.toMatch(/\n\s+at /)
    }
  })
})

describe('parley run', () => {
  it('prints the final assistant text and exits 0; the headless toolset has Task but no AskUserQuestion', async () => {
    const f = folder()
    const result = await parley(['run', ...f.args, 'tools please'])
    expect(result).toMatchObject({ code: 0 })
    expect(result.stdout.trim()).toBe(
      'tools=Task,edit_file,list_files,read_file,run_command,search_files,write_file mode=ask',
    )
  })

  it('--mode sets {{mode}}', async () => {
    const f = folder()
    for (const mode of ['explore', 'ask', 'execute', 'bypass']) {
      const result = await parley(['run', ...f.args, '--mode', mode, 'tools please'])
      expect(result.stdout.trim()).toMatch(new RegExp(`mode=${mode}$`))
    }
  })

  it('--json prints JSONL log records ending in turn_end completed, matching the session log', async () => {
    const f = folder()
    const result = await parley(['run', ...f.args, '--json', '--mode', 'bypass', 'command now'])
    expect(result.code).toBe(0)
    const lines: Array<Record<string, unknown>> = parseCleanLog(result.stdout)
    expect(lines.map((l) => l.type)).toEqual(
      expect.arrayContaining([
        'user_message',
        'assistant_text',
        'tool_call',
        'tool_result',
        'turn_end',
      ]),
    )
    expect(lines.at(-1)).toMatchObject({ type: 'turn_end', reason: 'completed' })
    const [log] = sessionLogs(f.data)
    // Every printed record is a record of the session log, in the same order.
    const logged = (log ?? []).map((r) => JSON.stringify(r))
    const printed = lines.map((r) => JSON.stringify(r))
    expect(logged.filter((r) => printed.includes(r))).toEqual(printed)
  })

  it('the session log: header fields, per-step assistant_text, a tool_result for every tool_call', async () => {
    const f = folder()
    await parley(['run', ...f.args, '--mode', 'bypass', 'command now'])
    const logs = sessionLogs(f.data)
    expect(logs).toHaveLength(1)
    const log = logs[0] ?? []
    expect(log[0]).toMatchObject({
      type: 'session',
      v: expect.any(Number),
      id: expect.any(String),
      createdAt: expect.anything(),
      title: expect.any(String),
      workspace: f.ws,
      backend: expect.any(String),
    })
    expect(readdirSync(join(f.data, 'sessions'))).toEqual([`${String(log[0]?.id)}.jsonl`])
    for (const r of log)
      if (r.type !== 'session_update') expect(PINNED_EVENTS, String(r.type)).toContain(r.type)
    expect(log.filter((r) => r.type === 'assistant_text').map((r) => r.text)).toEqual([
      'Running.',
      expect.stringMatching(/^Ran \{"exitCode":0/),
    ])
    const calls = log.filter((r) => r.type === 'tool_call').map((r) => r.toolCallId)
    const results = log.filter((r) => r.type === 'tool_result').map((r) => r.toolCallId)
    expect(results).toEqual(calls)
  })

  it('a Task child matches the scenario against its prompt and has neither AskUserQuestion nor Task', async () => {
    const f = folder()
    const result = await parley(['run', ...f.args, 'delegate it'])
    expect(result.code).toBe(0)
    expect(result.stdout.trim()).toBe(
      'Child said {"result":"child tools=edit_file,list_files,read_file,run_command,search_files,write_file"}',
    )
  })

  it('parallel calls both run; {{lastToolResult}} is the newest result', async () => {
    const f = folder()
    const result = await parley(['run', ...f.args, '--json', 'parallel reads'])
    const lines: Array<Record<string, unknown>> = parseCleanLog(result.stdout)
    expect(lines.filter((l) => l.type === 'tool_call')).toHaveLength(2)
    expect(lines.filter((l) => l.type === 'tool_result')).toHaveLength(2)
    const last = lines.filter((l) => l.type === 'assistant_text').at(-1)
    expect(last?.text).toBe('Newest {"path":"b.txt","content":"beta\\n"}')
  })

  it('AskUserQuestion is not available headless: the model gets an error result and the turn completes', async () => {
    const f = folder()
    const result = await parley(['run', ...f.args, 'question please'])
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(/^Asked \{"error":/)
  })

  it('permission modes headless: explore refuses, ask denies, execute writes but denies commands, bypass runs all', async () => {
    const f = folder()
    const outcome = async (mode: string, prompt: string) =>
      (await parley(['run', ...f.args, '--mode', mode, prompt])).stdout.trim()
    expect(await outcome('explore', 'write it')).toMatch(/^Wrote \{"error":".*explore/)
    expect(existsSync(join(f.ws, 'new.txt'))).toBe(false)
    expect(await outcome('ask', 'write it')).toMatch(/^Wrote \{"error":/)
    expect(existsSync(join(f.ws, 'new.txt'))).toBe(false)
    expect(await outcome('execute', 'write it')).toMatch(/^Wrote \{"path":"new.txt"/)
    expect(existsSync(join(f.ws, 'new.txt'))).toBe(true)
    expect(await outcome('execute', 'command now')).toMatch(/^Ran \{"error":/)
    expect(await outcome('bypass', 'command now')).toMatch(/^Ran \{"exitCode":0.*ran/)
  })

  it('reviewing a command leaves no compile behind: V8 never optimises the shell grammar, which held the exit for seconds', async () => {
    const f = folder()
    // V8 prints each WebAssembly function it compiles and with which compiler; a TurboFan compile of
    // the grammar's lexer took 16 s of a core and 700 MB, and the process could not exit before it ended.
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--trace-wasm-compilation-times', cli, 'run', ...f.args, '--mode', 'execute', 'build it'],
      { env: { ...process.env, PARLEY_FAKE_DELAY_MS: '0' }, timeout: 60_000 },
    )
    // The trace shares stdout with the reply and may land between two writes of one line of it.
    const reply = stdout.replace(/Compiled function [^\n]*\n/g, '')
    expect(reply).toMatch(/^Built \{"error":"run_command needs permission/m)
    expect(stdout).toContain('using Liftoff')
    expect(stdout).not.toContain('using TurboFan')
  }, 70_000)

  it('PARLEY_SCENARIO and PARLEY_DATA_DIR stand in for the flags', async () => {
    const f = folder()
    const result = await parley(['run', '--workspace', f.ws, 'tools please'], {
      PARLEY_SCENARIO: f.scenario,
      PARLEY_DATA_DIR: f.data,
    })
    expect(result.code).toBe(0)
    expect(result.stdout).toContain('tools=Task,')
    expect(sessionLogs(f.data)).toHaveLength(1)
  })

  it('npm run parley -- run works from the checkout', async () => {
    const f = folder()
    const result = await new Promise<Result>((done) => {
      execFile(
        'npm',
        ['run', '--silent', 'parley', '--', 'run', ...f.args, 'tools please'],
        { cwd: root, env: { ...process.env, PARLEY_FAKE_DELAY_MS: '0' }, timeout: 60_000 },
        (error, stdout, stderr) => done({ code: error ? 1 : 0, stdout, stderr }),
      )
    })
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout.trim().split('\n').at(-1)).toMatch(/^tools=Task,.*mode=ask$/)
  }, 60_000)
})

/** Starts `parley serve --port 0` and resolves with the process and the URL it prints. */
async function serve(args: string[]) {
  const child = spawn(process.execPath, [cli, 'serve', '--port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PARLEY_FAKE_DELAY_MS: '0' },
  })
  const url = await new Promise<URL>((done, fail) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      const match = /^Parley listening on (http:\/\/127\.0\.0\.1:\d+\/\S*)$/.exec(line)
      if (match) done(new URL(match[1] as string))
    })
    child.once('exit', (code) => fail(new Error(`exited ${String(code)}`)))
  })
  return { child, url }
}

describe('parley serve', () => {
  it('quit (SIGTERM) right after the last change to a half-answered question: that change is on disk, and the server exits cleanly', async () => {
    const f = folder()
    const { child, url } = await serve(f.args)
    const exited = new Promise<{ code: number | null; signal: string | null }>((done) =>
      child.once('exit', (code, signal) => done({ code, signal })),
    )
    try {
      const tab = await connect({
        port: Number(url.port),
        origin: url.origin,
        token: new URLSearchParams(url.hash.slice(1)).get('token') ?? '',
      })
      const created = (await tab.call('createSession', {})) as { session: { id: string } }
      await tab.call('send', { sessionId: created.session.id, text: 'question' })
      const added = await tab.nextEvent(
        (e: BridgeEvent): e is Extract<BridgeEvent, { type: 'interaction_added' }> =>
          e.type === 'interaction_added',
      )
      const draft = (i: number) => ({ index: 0, values: [{ kind: 'other', text: `answer ${i}` }] })
      // The person keeps changing the answer; the app is quit right after the last change.
      for (let i = 0; i < 20; i++)
        void tab.call('saveQuestionDraft', {
          requestId: added.interaction.requestId,
          draft: draft(i),
        })
      child.kill('SIGTERM')
      expect(await exited).toEqual({ code: 0, signal: null })
      const drafts = join(f.data, 'drafts')
      expect(
        readdirSync(drafts).map((name) => JSON.parse(readFileSync(join(drafts, name), 'utf8'))),
      ).toEqual([draft(19)])
    } finally {
      child.kill('SIGKILL')
    }
  })

  it('--port 0 prints the pinned line, and the URL serves the app', async () => {
    const f = folder()
    const child = spawn(process.execPath, [cli, 'serve', '--port', '0', ...f.args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    try {
      const url = await new Promise<string>((done, fail) => {
        createInterface({ input: child.stdout }).on('line', (line) => {
          const match = /^Parley listening on (http:\/\/127\.0\.0\.1:(\d+)\/\S*)$/.exec(line)
          if (match) done(match[1] as string)
        })
        child.once('exit', (code) => fail(new Error(`exited ${String(code)}`)))
      })
      const port = Number(new URL(url).port)
      expect(port).toBeGreaterThan(0)
      const page = await fetch(url)
      expect(page.status).toBe(200)
      expect(await page.text()).toMatch(/<html/i)
    } finally {
      child.kill()
    }
  })
})
