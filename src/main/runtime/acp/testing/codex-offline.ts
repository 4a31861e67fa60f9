import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { LLMock, type Fixture } from '@copilotkit/aimock'
import type { AgentSpec } from '../../../../shared/acp-agents'

const require = createRequire(__filename)

/**
 * The real Codex ACP agent, offline: `@zed-industries/codex-acp` (its binary, spawned directly)
 * against a local mock model (aimock, OpenAI Responses API), configured through CODEX_HOME.
 */

/** The codex-acp binary of this platform, as npm installed it. */
export function codexAcpBinary(): string {
  const name = process.platform === 'win32' ? 'codex-acp.exe' : 'codex-acp'
  const pkg = `@zed-industries/codex-acp-${process.platform}-${process.arch}`
  return join(dirname(require.resolve(`${pkg}/package.json`)), 'bin', name)
}

/** The npm `codex-acp` command: a Node wrapper that runs the binary and waits for it. */
export function codexAcpWrapper(): string {
  return join(
    dirname(require.resolve('@zed-industries/codex-acp/package.json')),
    'bin',
    'codex-acp.js',
  )
}

/**
 * A model name from codex-acp 0.16's built-in list (another name makes Codex stream a warning as
 * agent text). The newer adapter's Codex knows other names (`gpt-6.1-sol`).
 */
const MODEL = 'gpt-5.4-mini'

export interface MockModel {
  url: string
  mock: LLMock
  stop(): Promise<void>
}

/** aimock on 127.0.0.1 with `fixtures`; Codex's requests are in `mock.getRequests()`. */
export async function startMockModel(fixtures: Fixture[]): Promise<MockModel> {
  const mock = new LLMock({ port: 0, host: '127.0.0.1' })
  mock.addFixtures(fixtures)
  const url = await mock.start()
  return { url, mock, stop: () => mock.stop() }
}

/**
 * Writes CODEX_HOME/config.toml under `root` and returns the agent's environment. `provider`
 * `mock` is a custom provider (no ACP authentication needed); `openai` is Codex's built-in one
 * pointed at the mock, which wants `authenticate` with an API key first.
 */
export function codexHome(
  root: string,
  modelUrl: string,
  provider: 'mock' | 'openai',
  model = MODEL,
): { CODEX_HOME: string; HOME: string; PATH: string; MOCK_MODEL_KEY: string } {
  const home = join(root, 'home')
  const codex = join(root, 'codex-home')
  mkdirSync(home, { recursive: true })
  mkdirSync(codex, { recursive: true })
  const config =
    provider === 'mock'
      ? [
          `model = "${model}"`,
          'model_provider = "mock"',
          '[model_providers.mock]',
          'name = "mock"',
          `base_url = "${modelUrl}/v1"`,
          'wire_api = "responses"',
          'env_key = "MOCK_MODEL_KEY"',
          'request_max_retries = 0',
          'stream_max_retries = 0',
        ]
      : [`model = "${model}"`, `openai_base_url = "${modelUrl}/v1"`]
  writeFileSync(join(codex, 'config.toml'), `${config.join('\n')}\n`)
  return { CODEX_HOME: codex, HOME: home, PATH: process.env.PATH ?? '', MOCK_MODEL_KEY: 'mock-key' }
}

export function codexAgent(command = codexAcpBinary(), args: string[] = []): AgentSpec {
  return { id: 'codex', name: 'Codex', command, args, env: {} }
}

/** Model output that makes Codex run `command` unsandboxed, which it must ask the client about. */
export function escalatedCommand(command: string): Fixture['response'] {
  return {
    toolCalls: [
      {
        name: 'exec_command',
        arguments: JSON.stringify({
          cmd: command,
          // The sandbox needs bubblewrap, which CI lacks; an escalated command is asked about instead.
          sandbox_permissions: 'require_escalated',
          justification: `Run ${command} for you`,
        }),
      },
    ],
  }
}

/** Pids of live processes whose environment has CODEX_HOME=`codexHomePath` (Linux /proc). */
export function processesWithCodexHome(codexHomePath: string): number[] {
  return processesWithEnv('CODEX_HOME', codexHomePath)
}

/** Pids of live processes whose environment has `name`=`value` (Linux /proc). */
export function processesWithEnv(name: string, value: string): number[] {
  if (!existsSync('/proc')) return []
  const needle = `${name}=${value}\0`
  return readdirSync('/proc').flatMap((entry) => {
    if (!/^\d+$/.test(entry)) return []
    try {
      if (/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${entry}/stat`, 'utf8'))) return []
      return `${readFileSync(`/proc/${entry}/environ`, 'utf8')}\0`.includes(needle)
        ? [Number(entry)]
        : []
    } catch {
      return []
    }
  })
}

/** The structured question Codex's `request_user_input` asks in plan mode in these tests. */
export const CODEX_DB_QUESTION = {
  id: 'db_choice',
  header: 'Database',
  question: 'Which database should I use?',
  options: [
    { label: 'Postgres (Recommended)', description: 'A server database.' },
    { label: 'SQLite', description: 'A single file.' },
  ],
}

/** The mock model's turn for `prompt`: ask CODEX_DB_QUESTION, then say `reply` once answered. */
export function codexQuestionFixtures(prompt: string, reply: string): Fixture[] {
  return [
    {
      match: { userMessage: prompt, hasToolResult: false },
      response: {
        toolCalls: [
          {
            name: 'request_user_input',
            arguments: JSON.stringify({ questions: [CODEX_DB_QUESTION] }),
          },
        ],
      },
    },
    { match: { userMessage: prompt, hasToolResult: true }, response: { content: reply } },
  ]
}

/**
 * The bodies of the requests Codex made for its turns, oldest first: without its side request for
 * a session title, which may come after the turn's last one.
 */
export function turnRequestBodies(mock: LLMock): string[] {
  return mock
    .getRequests()
    .map((request) => JSON.stringify(request.body))
    .filter((body) => !body.includes('generate a very short title'))
}
