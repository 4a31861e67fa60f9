import { mkdirSync } from 'node:fs'
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
