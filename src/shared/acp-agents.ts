import { z } from 'zod'
import { LIMITS } from './limits'

/**
 * An ACP agent Parley can start for a session: a program that speaks the Agent Client Protocol on
 * its stdin/stdout. It is run directly (never through a shell), in its own process group, with
 * Parley's environment plus `env`.
 */
export const AgentSpecSchema = z.strictObject({
  /** Stable key in Settings, and what a session records to find its agent again after a restart. */
  id: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[a-z0-9][a-z0-9-]*$/, 'agent ids are lower-case letters, digits and -'),
  /** Shown in the New-session picker and as the asker in the tray until the agent names itself. */
  name: z.string().trim().min(1).max(100),
  command: z.string().min(1).max(LIMITS.path),
  args: z.array(z.string().max(LIMITS.path)).max(50),
  /**
   * Extra environment variables for the agent. Stored in `settings.json` in plain text: put API
   * keys in the environment Parley starts from instead — except Parley's own provider keys
   * (OPENAI_API_KEY, ANTHROPIC_API_KEY, ANTHROPIC_AUTH_TOKEN), which an agent gets only from here.
   */
  env: z.record(
    z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'variable names are letters, digits and _'),
    z.string().max(LIMITS.path),
  ),
})
export type AgentSpec = z.infer<typeof AgentSpecSchema>

/** At most this many named agents in Settings. */
export const MAX_AGENTS = 20

/**
 * The agents Settings offers out of the box; each is started with npx or its own CLI (installed
 * from npm: `@google/gemini-cli`, `opencode-ai`, `@qwen-code/qwen-code`, `@github/copilot`). Claude
 * Code's current adapter forwards Claude's AskUserQuestion as a form and starts in its "Auto"
 * mode; the newer Codex adapter asks with forms in plan mode.
 */
export const ACP_AGENT_PRESETS: readonly AgentSpec[] = [
  {
    id: 'claude-code',
    name: 'Claude Code',
    command: 'npx',
    args: ['@agentclientprotocol/claude-agent-acp'],
    env: {},
  },
  { id: 'codex', name: 'Codex', command: 'npx', args: ['@agentclientprotocol/codex-acp'], env: {} },
  // Gemini CLI 0.33 and later; older versions take `--experimental-acp` (see docs/acp.md).
  { id: 'gemini', name: 'Gemini', command: 'gemini', args: ['--acp'], env: {} },
  { id: 'goose', name: 'goose', command: 'goose', args: ['acp'], env: {} },
  { id: 'opencode', name: 'opencode', command: 'opencode', args: ['acp'], env: {} },
  { id: 'qwen-code', name: 'Qwen Code', command: 'qwen', args: ['--acp'], env: {} },
  { id: 'copilot', name: 'Copilot CLI', command: 'copilot', args: ['--acp'], env: {} },
]

/**
 * npm packages of known ACP adapters (current and older ones) and the agent each runs, so a
 * command line that runs one — `npx pkg`, or `node …/node_modules/pkg/dist/index.js` — is named
 * after the agent, not after a script file.
 */
export const ACP_AGENT_PACKAGES: Readonly<Record<string, string>> = {
  '@agentclientprotocol/claude-agent-acp': 'Claude Code',
  '@zed-industries/claude-code-acp': 'Claude Code',
  '@agentclientprotocol/codex-acp': 'Codex',
  '@zed-industries/codex-acp': 'Codex',
  '@google/gemini-cli': 'Gemini',
  'opencode-ai': 'opencode',
  '@qwen-code/qwen-code': 'Qwen Code',
  '@github/copilot': 'Copilot CLI',
}

/** The `agents` field of Settings: unique ids, at most `MAX_AGENTS`. */
export const AgentListSchema = z
  .array(AgentSpecSchema)
  .max(MAX_AGENTS)
  .refine((agents) => new Set(agents.map((a) => a.id)).size === agents.length, {
    message: 'agent ids must be unique',
  })

/** One of an ACP agent's own slash commands (`available_commands_update`), for the `/` menu. */
export const AgentCommandSchema = z.strictObject({
  name: z.string().min(1).max(LIMITS.id),
  description: z.string().max(1_000),
  /** What to type after the name, when the command takes input. */
  hint: z.string().max(200).optional(),
})
export type AgentCommand = z.infer<typeof AgentCommandSchema>
