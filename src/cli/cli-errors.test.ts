// How the built `parley` command reports what is wrong around it: one plain line on stderr per
// problem, `parley <command>: …`, a non-zero exit where it cannot go on, and never a stack trace.
import { execFile } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

const root = resolve(__dirname, '../..')
const cli = join(root, 'out/cli/parley.js')
const scratch = mkdtempSync(join(tmpdir(), 'parley-cli-errors-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

type Result = { code: number; stdout: string; stderr: string }

/** Runs the built command; a variable given as undefined is taken out of its environment. */
function parley(args: string[], env: Record<string, string | undefined> = {}): Promise<Result> {
  const environment: NodeJS.ProcessEnv = { ...process.env, PARLEY_FAKE_DELAY_MS: '0', ...env }
  for (const [name, value] of Object.entries(environment))
    if (value === undefined) delete environment[name]
  return new Promise((done) => {
    execFile(
      process.execPath,
      [cli, ...args],
      { env: environment, timeout: 20_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0
        done({ code, stdout, stderr })
      },
    )
  })
}

let count = 0
/** A fresh data folder and workspace, and a scenario that answers one line of text. */
function folder() {
  const dir = join(scratch, String(count++))
  const data = join(dir, 'data')
  const workspace = join(dir, 'ws')
  mkdirSync(data, { recursive: true })
  mkdirSync(workspace, { recursive: true })
  const scenario = join(dir, 'scenario.json')
  writeFileSync(scenario, JSON.stringify({ turns: [{ steps: [{ say: 'done' }] }] }))
  return {
    dir,
    data,
    workspace,
    args: ['--data-dir', data, '--scenario', scenario, '--workspace', workspace],
  }
}

const STACK = /\n\s+at /

describe('parley run with configuration files that have a mistake', () => {
  it('names settings.json with its line and column, runs on defaults and leaves the file as it was', async () => {
    const f = folder()
    const text = '{\n  "model": "mine",\n}\n'
    writeFileSync(join(f.data, 'settings.json'), text)
    const result = await parley(['run', ...f.args, 'hello'])
    expect(result.stdout).toBe('done\n')
    expect(result.stderr).toContain(
      `parley run: ${join(f.data, 'settings.json')}:3:1: Expected double-quoted property name`,
    )
    expect(result.code).toBe(0)
    expect(readFileSync(join(f.data, 'settings.json'), 'utf8')).toBe(text)
  })

  it('does not run the demo in place of a model when settings.json has a mistake: exit 2, naming it', async () => {
    const f = folder()
    writeFileSync(join(f.data, 'settings.json'), '{\n  "provider": "openai",\n}\n')
    const result = await parley(['run', '--data-dir', f.data, '--workspace', f.workspace, 'hi'], {
      OPENAI_API_KEY: undefined,
      ANTHROPIC_API_KEY: undefined,
      OPENAI_BASE_URL: undefined,
      ANTHROPIC_BASE_URL: undefined,
      PARLEY_MODEL: undefined,
      PARLEY_SCENARIO: undefined,
    })
    expect(result.code).toBe(2)
    expect(result.stdout).toBe('')
    expect(result.stderr).toContain(`${join(f.data, 'settings.json')}:3:1`)
    expect(result.stderr).toContain('fix the mistake named above, or pass --scenario F')
    expect(result.stderr).not.toContain('no model is configured')
  })

  it('refuses a scenario with a key its format does not have, naming the key, exit 2', async () => {
    const f = folder()
    const scenario = join(f.dir, 'typo.json')
    writeFileSync(scenario, JSON.stringify({ turns: [{ steps: [{ sya: 'hi' }] }] }))
    const result = await parley(['run', '--data-dir', f.data, '--scenario', scenario, 'hi'])
    expect(result.code).toBe(2)
    expect(result.stdout).toBe('')
    expect(result.stderr).toContain(`scenario ${scenario} is invalid`)
    expect(result.stderr).toContain('sya')
  })

  it('names an mcp.json that is not JSON, and one with the wrong shape', async () => {
    const f = folder()
    writeFileSync(join(f.data, 'mcp.json'), '{"mcpServers": {"a": {"command": "x"},}}')
    const broken = await parley(['run', ...f.args, 'hello'])
    expect(broken.stderr).toContain(`parley run: ${join(f.data, 'mcp.json')}:1:39: not valid JSON`)
    writeFileSync(join(f.data, 'mcp.json'), '{"servers": {}}')
    const shape = await parley(['run', ...f.args, 'hello'])
    expect(shape.stderr).toContain(`parley run: ${join(f.data, 'mcp.json')}: expected an object`)
  })

  it('stops with exit 2 when --mcp-config names a missing file, and says when workspace servers wait for approval', async () => {
    const f = folder()
    writeFileSync(
      join(f.dir, 'ws', '.mcp.json'),
      JSON.stringify({ mcpServers: { tools: { command: 'tool-server' } } }),
    )
    const result = await parley([
      'run',
      ...f.args,
      '--mcp-config',
      join(f.dir, 'missing.json'),
      'hello',
    ])
    expect(result.stderr).toContain(`${join(f.dir, 'missing.json')}: the file does not exist`)
    expect(result.code).toBe(2)
    expect(result.stdout).toBe('')
    expect(result.stderr).toContain(
      `${join(f.dir, 'ws', '.mcp.json')}: its MCP servers (tools) do not start until you approve them`,
    )
  })
})

describe('folders that cannot be used', () => {
  it('refuses a --data-dir that is a file in one line, exit 2', async () => {
    const f = folder()
    const file = join(f.dir, 'a-file')
    writeFileSync(file, '')
    for (const command of ['run', 'serve']) {
      const args =
        command === 'run' ? ['run', '--data-dir', file, 'hi'] : [command, '--data-dir', file]
      const result = await parley(args)
      expect(result.code, command).toBe(2)
      expect(result.stderr, command).toBe(
        `parley ${command}: the data folder ${file} is not a folder (--data-dir or PARLEY_DATA_DIR)\n`,
      )
    }
  })

  it('refuses serve --workspace on a folder that does not exist, as run does', async () => {
    const f = folder()
    const missing = join(f.dir, 'nowhere')
    for (const command of ['serve', 'run']) {
      const args = ['--data-dir', f.data, '--workspace', missing]
      const result = await parley(command === 'run' ? ['run', ...args, 'hi'] : [command, ...args])
      expect(result.code, command).toBe(2)
      expect(result.stderr, command).toBe(
        `parley ${command}: --workspace ${missing} is not a folder\n`,
      )
      expect(result.stdout, command).not.toContain('Parley listening')
      expect(result.stderr).not.toMatch(STACK)
    }
  })
})

describe('the command line itself', () => {
  it('prints the version and exits 0', async () => {
    expect(await parley(['--version'])).toEqual({ code: 0, stdout: 'parley 0.1.0\n', stderr: '' })
  })

  it('the built command runs as a program of its own (package.json bin, npx parley, npm link)', async () => {
    expect(statSync(cli).mode & 0o111).toBe(0o111)
    const version = await new Promise<string>((done, fail) =>
      execFile(cli, ['--version'], (error, stdout) => (error ? fail(error) : done(stdout))),
    )
    expect(version).toBe('parley 0.1.0\n')
  })

  it("refuses an unknown option with one line naming the command's --help, exit 2", async () => {
    const result = await parley(['run', '--frobnicate', 'x'])
    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr: 'parley: "run" has no option --frobnicate; `parley run --help` lists its options\n',
    })
  })

  it('refuses desktop --data-dir on a file before anything starts', async () => {
    const f = folder()
    const file = join(f.dir, 'a-file')
    writeFileSync(file, '')
    expect(await parley(['desktop', '--data-dir', file])).toEqual({
      code: 2,
      stdout: '',
      stderr: `parley desktop: the data folder ${file} is not a folder (--data-dir or PARLEY_DATA_DIR)\n`,
    })
  })
})

describe("the README's headless examples", () => {
  it('the headless scenario runs in any mode and answers without an unknown tool', async () => {
    const f = folder()
    writeFileSync(join(f.dir, 'ws', 'notes.txt'), 'hi')
    const result = await parley([
      'run',
      '--data-dir',
      f.data,
      '--workspace',
      join(f.dir, 'ws'),
      '--scenario',
      join(root, 'e2e/scenarios/headless.json'),
      'Look around',
    ])
    expect(result.code).toBe(0)
    expect(result.stdout).toContain('Here is what the workspace holds')
    expect(result.stdout).toContain('notes.txt')
    expect(result.stdout + result.stderr).not.toContain('Unknown tool')
  })

  it('a scenario written for the app says on stderr that its question could not be asked headless', async () => {
    const f = folder()
    const result = await parley([
      'run',
      '--data-dir',
      f.data,
      '--workspace',
      join(f.dir, 'ws'),
      '--scenario',
      join(root, 'e2e/scenarios/journey.json'),
      'Set up the project',
    ])
    expect(result.stderr).toContain(
      'parley run: the agent ended on a question (AskUserQuestion), which a headless run cannot ask',
    )
  })
})
