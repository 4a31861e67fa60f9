import { execFile, execSync, spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { build } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseCleanLog, readCleanLog } from '../../main/runtime/sessions/testing/clean-log'

const run = promisify(execFile)
const root = resolve(__dirname, '../../..')
let cli = ''

beforeAll(async () => {
  // The shipped CLI, built from the current sources into a private folder inside the checkout
  // (so its packages resolve from node_modules and a running `out/cli` is left alone).
  const cache = join(root, 'node_modules/.cache')
  mkdirSync(cache, { recursive: true })
  const outDir = mkdtempSync(join(cache, 'parley-cli-test-'))
  await build({
    configFile: join(root, 'vite.cli.config.ts'),
    logLevel: 'silent',
    build: { outDir },
  })
  cli = join(outDir, 'parley.js')
}, 60_000)

afterAll(() => rmSync(dirname(cli), { recursive: true, force: true }))

function folder() {
  const dir = mkdtempSync(join(tmpdir(), 'parley-run-'))
  mkdirSync(join(dir, 'ws'))
  const scenario = join(dir, 'scenario.json')
  writeFileSync(
    scenario,
    JSON.stringify({
      turns: [
        {
          steps: [
            {
              say: 'Writing.',
              call: [{ tool: 'write_file', input: { path: 'out.txt', content: 'hi' } }],
            },
            { say: 'Tools {{tools}}; result {{lastToolResult}}' },
          ],
        },
      ],
    }),
  )
  return {
    dir,
    scenario,
    args: ['--scenario', scenario, '--data-dir', join(dir, 'data'), '--workspace', join(dir, 'ws')],
  }
}

async function parley(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [cli, ...args], {
      env: { ...process.env, PARLEY_FAKE_DELAY_MS: '0' },
    })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr }
  }
}

describe('parley run', () => {
  it('prints the final assistant text; with nobody to ask, the permission is denied and the model told why', async () => {
    const { args } = folder()
    const result = await parley(['run', ...args, 'write a file'])
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(
      /^Tools Task,edit_file,list_files,read_file,run_command,search_files,write_file; result \{"error":"write_file needs permission in mode \\"ask\\", and this is a headless run/,
    )
  })

  it('in bypass mode runs the tool, and --json prints every log record as one JSON line', async () => {
    const { args, dir } = folder()
    const result = await parley(['run', ...args, '--mode', 'bypass', '--json', 'write a file'])
    expect(result.code).toBe(0)
    const records = parseCleanLog(result.stdout)
    expect(records.map((r) => r.type)).toEqual([
      'session',
      'session_update',
      'user_message',
      'assistant_text',
      'tool_call',
      'tool_result',
      'assistant_text',
      'turn_end',
    ])
    expect(records.at(-1)).toMatchObject({ reason: 'completed' })
    const { readFileSync } = await import('node:fs')
    expect(readFileSync(join(dir, 'ws', 'out.txt'), 'utf8')).toBe('hi')
  })

  it('answers bad flags and a bad scenario with a clear message and exit code 2', async () => {
    const { args } = folder()
    expect(await parley(['run', ...args, '--port', '3', 'x'])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--port is not an option of "run"'),
    })
    expect(await parley(['run', ...args, '--mode', 'yolo', 'x'])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--mode must be one of'),
    })
    expect(await parley(['run', '--scenario', '/no/such/file', 'x'])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('cannot read scenario'),
    })
    expect(await parley(['frobnicate'])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('unknown command "frobnicate"'),
    })
    expect(await parley(['--help'])).toMatchObject({
      code: 0,
      stdout: expect.stringContaining('parley serve [--port N]'),
    })
  })

  it('--json prints the whole log, header first, exactly as written', async () => {
    const { args, dir } = folder()
    const result = await parley(['run', ...args, '--json', 'write a file'])
    const sessions = join(dir, 'data', 'sessions')
    const logged = readFileSync(join(sessions, readdirSync(sessions)[0] ?? ''), 'utf8')
    expect(result.stdout).toBe(logged)
    expect(parseCleanLog(result.stdout)[0]).toMatchObject({ type: 'session', v: 1 })
  })

  it('a reader that closes early (| head -1) ends the run quietly, with the turn stopped', async () => {
    const { args, dir } = folder()
    const stderr = await new Promise<string>((done) => {
      const child = spawn(process.execPath, [cli, 'run', ...args, '--json', 'write a file'], {
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      let err = ''
      child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()))
      child.stdout.once('data', () => child.stdout.destroy())
      child.on('exit', () => done(err))
    })
    expect(stderr).not.toMatch(/EPIPE|Error/)
    const sessions = join(dir, 'data', 'sessions')
    const log = readCleanLog(join(sessions, readdirSync(sessions)[0] ?? ''))
    expect(log.at(-1)).toMatchObject({ type: 'turn_end' })
  })

  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    it(`${signal} stops the turn: the running command is killed and the log ends stopped`, async () => {
      const { dir } = folder()
      const seconds = signal === 'SIGINT' ? 71 : 73 // unique, to find this command among processes
      const scenario = join(dir, 'sleep.json')
      writeFileSync(
        scenario,
        JSON.stringify({
          turns: [
            {
              steps: [
                { call: [{ tool: 'run_command', input: { command: `sleep ${seconds}` } }] },
                { say: 'done' },
              ],
            },
          ],
        }),
      )
      const child = spawn(
        process.execPath,
        [
          cli,
          'run',
          '--scenario',
          scenario,
          '--data-dir',
          join(dir, 'data'),
          '--workspace',
          join(dir, 'ws'),
          '--mode',
          'bypass',
          'go',
        ],
        { stdio: 'ignore' },
      )
      const exited = new Promise<number | null>((done) => child.on('exit', (c) => done(c)))
      const sleeping = () =>
        execSync(`ps -eo pid,args | grep "[s]leep ${seconds}" || true`).toString().trim()
      await expect.poll(sleeping, { timeout: 10_000 }).not.toBe('')
      child.kill(signal)
      expect(await exited).toBe(code)
      await expect.poll(sleeping, { timeout: 5_000 }).toBe('')
      const sessions = join(dir, 'data', 'sessions')
      const records = readCleanLog(join(sessions, readdirSync(sessions)[0] ?? ''))
      expect(records.at(-1)).toMatchObject({ type: 'turn_end', reason: 'stopped' })
      expect(records.filter((r) => r.type === 'tool_result')).toHaveLength(1)
    })
  }
})
