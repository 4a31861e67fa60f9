import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { ChatCompletionRequest, Fixture } from '@copilotkit/aimock'
import type { AgentSpec } from '../../../../shared/acp-agents'

/**
 * The real agents `npm run test:agents` runs, offline against aimock: where scripts/test-agents.mjs
 * installed each adapter (env `PARLEY_AGENT_<NAME>`: its entry script), and how each is pointed at
 * the mock model.
 */

/** The entry script of an installed adapter, or undefined when the script did not install it. */
export function agentEntry(name: string): string | undefined {
  const value = process.env[`PARLEY_AGENT_${name}`]
  return value && value !== '' ? value : undefined
}

/** A scratch HOME under `root`, so no agent reads or writes the real one. */
function scratchHome(root: string): string {
  const home = join(root, 'home')
  mkdirSync(home, { recursive: true })
  return home
}

/** Claude Code (either adapter) against aimock's Anthropic Messages API. */
export function claudeAgent(
  entry: string,
  root: string,
  modelUrl: string,
): { agent: AgentSpec; env: NodeJS.ProcessEnv } {
  return {
    agent: {
      id: 'claude-code',
      name: 'Claude Code',
      command: process.execPath,
      args: [entry],
      // Parley's own provider keys never reach an agent (they are taken out of what it inherits):
      // a key for the agent is the agent's own setting, as a person would configure it.
      env: { ANTHROPIC_API_KEY: 'dummy' },
    },
    env: {
      PATH: process.env.PATH ?? '',
      HOME: scratchHome(root),
      ANTHROPIC_BASE_URL: modelUrl,
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      // As root, Claude Code refuses to start a session without it (it says so on stderr).
      IS_SANDBOX: '1',
    },
  }
}

/** Gemini CLI against aimock's `streamGenerateContent`. */
export function geminiAgent(
  entry: string,
  root: string,
  modelUrl: string,
): { agent: AgentSpec; env: NodeJS.ProcessEnv } {
  return {
    agent: {
      id: 'gemini',
      name: 'Gemini',
      command: process.execPath,
      args: [entry, '--acp'],
      env: {},
    },
    env: {
      PATH: process.env.PATH ?? '',
      HOME: scratchHome(root),
      GEMINI_API_KEY: 'dummy',
      GOOGLE_GEMINI_BASE_URL: modelUrl,
    },
  }
}

/** The model name the OpenAI-compatible agents (opencode, Qwen Code, Copilot CLI) are given. */
export const OPENAI_MODEL = 'gpt-4.1'

/** A scratch HOME and XDG folders under `root` (opencode keeps its data in XDG_DATA_HOME). */
function scratchDirs(root: string): NodeJS.ProcessEnv {
  const home = scratchHome(root)
  const dirs: NodeJS.ProcessEnv = { HOME: home }
  for (const [name, sub] of [
    ['XDG_CONFIG_HOME', '.config'],
    ['XDG_DATA_HOME', '.local/share'],
    ['XDG_CACHE_HOME', '.cache'],
    ['XDG_STATE_HOME', '.local/state'],
  ] as const) {
    const dir = join(home, sub)
    mkdirSync(dir, { recursive: true })
    dirs[name] = dir
  }
  return dirs
}

/** A JS entry runs with Node; a native one (opencode's binary) runs itself. */
function runEntry(entry: string, args: string[]): { command: string; args: string[] } {
  return /\.[cm]?js$/.test(entry)
    ? { command: process.execPath, args: [entry, ...args] }
    : { command: entry, args }
}

/**
 * opencode against aimock's Chat Completions API: a provider through the bundled
 * `@ai-sdk/openai-compatible` (nothing is downloaded), asked about every command and edit.
 */
export function opencodeAgent(
  entry: string,
  root: string,
  modelUrl: string,
): { agent: AgentSpec; env: NodeJS.ProcessEnv } {
  const config = join(root, 'opencode.json')
  writeFileSync(
    config,
    JSON.stringify({
      $schema: 'https://opencode.ai/config.json',
      provider: {
        mock: {
          npm: '@ai-sdk/openai-compatible',
          name: 'Mock',
          options: { baseURL: `${modelUrl}/v1`, apiKey: 'dummy' },
          models: { [OPENAI_MODEL]: { name: 'Mock model', tool_call: true } },
        },
      },
      model: `mock/${OPENAI_MODEL}`,
      small_model: `mock/${OPENAI_MODEL}`,
      permission: { bash: 'ask', edit: 'ask' },
      autoupdate: false,
      share: 'disabled',
    }),
  )
  return {
    agent: { id: 'opencode', name: 'opencode', ...runEntry(entry, ['acp']), env: {} },
    env: {
      PATH: process.env.PATH ?? '',
      ...scratchDirs(root),
      OPENCODE_CONFIG: config,
      OPENCODE_DISABLE_MODELS_FETCH: '1',
      OPENCODE_DISABLE_AUTOUPDATE: '1',
      OPENCODE_DISABLE_LSP_DOWNLOAD: '1',
      OPENCODE_DISABLE_DEFAULT_PLUGINS: '1',
    },
  }
}

/** Qwen Code against aimock's Chat Completions API (its key must be on the command line). */
export function qwenAgent(
  entry: string,
  root: string,
  modelUrl: string,
): { agent: AgentSpec; env: NodeJS.ProcessEnv } {
  const args = [
    '--acp',
    '--auth-type',
    'openai',
    '--openai-api-key',
    'dummy',
    '--openai-base-url',
    `${modelUrl}/v1`,
    '-m',
    OPENAI_MODEL,
  ]
  return {
    agent: { id: 'qwen-code', name: 'Qwen Code', ...runEntry(entry, args), env: {} },
    env: { PATH: process.env.PATH ?? '', ...scratchDirs(root) },
  }
}

/** Copilot CLI against aimock with its own-provider variables: no GitHub sign-in. */
export function copilotAgent(
  entry: string,
  root: string,
  modelUrl: string,
): { agent: AgentSpec; env: NodeJS.ProcessEnv } {
  return {
    agent: { id: 'copilot', name: 'Copilot CLI', ...runEntry(entry, ['--acp']), env: {} },
    env: {
      PATH: process.env.PATH ?? '',
      ...scratchDirs(root),
      COPILOT_PROVIDER_BASE_URL: `${modelUrl}/v1`,
      COPILOT_PROVIDER_TYPE: 'openai',
      COPILOT_PROVIDER_API_KEY: 'dummy',
      COPILOT_MODEL: OPENAI_MODEL,
    },
  }
}

/** The names of the tools a model request offers. */
function toolNames(request: ChatCompletionRequest): string[] {
  return (request.tools ?? []).map((t) => t.function.name)
}

/** The text of the request's user messages (Gemini CLI puts its context after the prompt). */
function userText(request: ChatCompletionRequest): string {
  return request.messages
    .filter((m) => m.role === 'user')
    .map((m) =>
      typeof m.content === 'string'
        ? m.content
        : (m.content ?? []).map((p) => ('text' in p ? String(p.text) : '')).join(''),
    )
    .join('\n')
}

/** Whether the request's current turn carries a tool result (the follow-up after a call). */
function hasToolResult(request: ChatCompletionRequest): boolean {
  return request.messages.at(-1)?.role === 'tool'
}

/**
 * Fixtures for the main agent's request (it offers `tool`, unlike the agent's side requests for
 * titles and summaries) whose user message contains `prompt`: the first leg (no tool result yet)
 * or the follow-up. The older Claude adapter offers its file tools through its own MCP server
 * (`mcp__acp__Write`): `response` gets the name the request offers the tool under.
 */
export function mainRequest(
  tool: string,
  prompt: string,
  leg: 'first' | 'follow-up',
  response: (offered: string) => Fixture['response'],
): Fixture[] {
  return [tool, `mcp__acp__${tool}`].map((offered) => ({
    match: {
      predicate: (request: ChatCompletionRequest) =>
        toolNames(request).includes(offered) &&
        userText(request).includes(prompt) &&
        hasToolResult(request) === (leg === 'follow-up'),
    },
    response: response(offered),
  }))
}

/**
 * Every other request. Gemini CLI first asks a small model to score the prompt's complexity
 * (to pick its model) and expects that JSON; any other answer makes it retry with back-off for
 * about two minutes before going on. Titles, summaries and topic checks get plain text.
 */
export const SIDE_REQUESTS: Fixture[] = [
  {
    match: {
      predicate: (request: ChatCompletionRequest) =>
        request.messages.some(
          (m) =>
            m.role === 'system' &&
            typeof m.content === 'string' &&
            m.content.includes('complexity_score'),
        ),
    },
    response: {
      content: JSON.stringify({
        complexity_reasoning: 'A bounded task.',
        complexity_score: 10,
      }),
    },
  },
  { match: { predicate: () => true }, response: { content: 'Notes' } },
]
