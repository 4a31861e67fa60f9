import { execFile } from 'node:child_process'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { build } from 'vite'
import { beforeAll, describe, expect, it } from 'vitest'

const run = promisify(execFile)
const root = resolve(__dirname, '../..')
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
    const records = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string })
    expect(records.map((r) => r.type)).toEqual([
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
      stderr: expect.stringContaining('--port is not a flag of "run"'),
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
})
