// `parley mcp login` / `logout` and headless `parley run` against a real OAuth-protected MCP
// server: the MCP conformance suite's `auth/metadata-default` server, started on its own
// (interactive mode). Driven as a black box through the built CLI.
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const root = resolve(__dirname, '../../..')
const cli = join(root, 'out/cli/parley.js')
const node = join(root, 'node_modules/.bin/node')
const follow = join(root, 'scripts/conformance/follow-authorization.mjs')

type Result = { code: number; stdout: string; stderr: string }

let server: ChildProcess
let serverUrl = ''
const work = mkdtempSync(join(tmpdir(), 'parley-mcp-login-'))
const dataDir = join(work, 'data')

function parley(args: string[], env: Record<string, string | undefined> = {}): Promise<Result> {
  const { BROWSER: _browser, ...inherited } = process.env
  return new Promise((done) => {
    execFile(
      process.execPath,
      [cli, ...args],
      { env: { ...inherited, PARLEY_FAKE_DELAY_MS: '0', ...env }, timeout: 30_000, cwd: work },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0
        done({ code, stdout, stderr })
      },
    )
  })
}

beforeAll(async () => {
  server = spawn(
    node,
    [
      join(root, 'node_modules/@modelcontextprotocol/conformance/dist/index.js'),
      'client',
      '--scenario',
      'auth/metadata-default',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  serverUrl = await new Promise<string>((found, failed) => {
    let output = ''
    const read = (chunk: Buffer) => {
      output += chunk.toString()
      const match = /Server URL: (\S+)/.exec(output)
      if (match?.[1]) found(match[1])
    }
    server.stdout?.on('data', read)
    server.stderr?.on('data', read)
    server.once('exit', () => failed(new Error(`the conformance server exited:\n${output}`)))
  })
  writeFileSync(
    join(work, 'scenario.json'),
    JSON.stringify({
      turns: [
        {
          steps: [
            { say: 'Calling.', call: [{ tool: 'mcp__tracker__test-tool', input: {} }] },
            { say: 'Got {{lastToolResult}}' },
          ],
        },
      ],
    }),
  )
  const config = JSON.stringify({ mcpServers: { tracker: { type: 'http', url: serverUrl } } })
  writeFileSync(join(work, 'mcp.json'), config)
})

afterAll(() => {
  server.kill()
  rmSync(work, { recursive: true, force: true })
})

const run = (env: Record<string, string> = {}) =>
  parley(
    [
      'run',
      '--data-dir',
      dataDir,
      '--workspace',
      work,
      '--mcp-config',
      join(work, 'mcp.json'),
      '--scenario',
      join(work, 'scenario.json'),
      '--mode',
      'bypass',
      'go',
    ],
    env,
  )

describe('signing in to an MCP server that uses OAuth, from the command line', () => {
  it('headless run without $BROWSER opens nothing and names `parley mcp login NAME` in one line', async () => {
    const result = await run()
    expect(result.stderr).toContain(
      'parley run: MCP server "tracker" needs you to sign in: run `parley mcp login tracker`',
    )
    expect(result.stdout).not.toContain('Got {"content":[{"type":"text","text":"test"}]')
  })

  it('login opens $BROWSER, keeps the tokens in the secret store (not mcp.json), and run then uses them', async () => {
    const before = readFileSync(join(work, 'mcp.json'), 'utf8')
    const login = await parley(
      ['mcp', 'login', 'tracker', '--data-dir', dataDir, '--mcp-config', join(work, 'mcp.json')],
      { BROWSER: `${node} ${follow}` },
    )
    expect(login.stderr).toMatch(/Sign in to MCP server "tracker" at localhost:\d+:\n {2}http/)
    expect(login.stdout).toBe('Signed in to MCP server "tracker".\n')
    expect(login.code).toBe(0)
    expect(readFileSync(join(work, 'mcp.json'), 'utf8')).toBe(before)
    const secrets = readFileSync(join(dataDir, 'secrets.json'), 'utf8')
    expect(secrets).toMatch(/"mcpOAuth:[0-9a-f]{32}"/)
    expect(secrets).toContain('test-token-')

    const used = await run()
    expect(used.stdout).toContain('"text":"test"')
    expect(used.stderr).not.toContain('parley mcp login')
    expect(used.code).toBe(0)
  })

  it('logout forgets the tokens: the next headless run asks for login again', async () => {
    const logout = await parley([
      'mcp',
      'logout',
      'tracker',
      '--data-dir',
      dataDir,
      '--mcp-config',
      join(work, 'mcp.json'),
    ])
    expect(logout.stdout).toBe('Signed out of MCP server "tracker": its tokens are removed.\n')
    expect(readFileSync(join(dataDir, 'secrets.json'), 'utf8')).not.toContain('test-token-')
    expect((await run()).stderr).toContain('run `parley mcp login tracker`')
  })

  it('login names the configured servers when the name is unknown, with exit code 2', async () => {
    const result = await parley([
      'mcp',
      'login',
      'nope',
      '--data-dir',
      dataDir,
      '--mcp-config',
      join(work, 'mcp.json'),
    ])
    expect(result.code).toBe(2)
    expect(result.stderr).toBe(
      'parley mcp: no MCP server named "nope" is configured (configured: tracker)\n',
    )
  })
})
