import type {
  AgentPermissionInteraction,
  FormInteraction,
  PermissionInteraction,
  QuestionInteraction,
  SessionEvent,
} from '../../shared'

/** A permission prompt as the runtime would queue it. */
export function permissionRequest(
  patch: Partial<PermissionInteraction> = {},
): PermissionInteraction {
  return {
    kind: 'permission',
    requestId: 'p1',
    sessionId: 's1',
    turnId: 't1',
    toolCallId: 'c1',
    source: { kind: 'parley', toolCallId: 'c1' },
    createdAt: Date.UTC(2026, 0, 1, 9, 30),
    recovered: false,
    tool: 'run_command',
    summary: 'Run `npm test`',
    detail: 'npm test -- --reporter=dot',
    risk: 'medium',
    intent: 'run_command: npm',
    rememberScope: ['run_command: npm'],
    expiresAt: null,
    ...patch,
  }
}

/** The three-question AskUserQuestion used across tests. */
export function questionRequest(patch: Partial<QuestionInteraction> = {}): QuestionInteraction {
  return {
    kind: 'question',
    requestId: 'q1',
    sessionId: 's1',
    turnId: 't1',
    toolCallId: 'c2',
    source: { kind: 'parley', toolCallId: 'c2' },
    createdAt: Date.UTC(2026, 0, 1, 9, 31),
    recovered: false,
    questions: [
      {
        question: 'Which database?',
        options: [
          { label: 'Postgres', description: 'Relational, battle-tested' },
          { label: 'SQLite', description: 'One file, zero setup' },
        ],
      },
      {
        question: 'Which language?',
        options: [{ label: 'TypeScript' }, { label: 'Go' }, { label: 'Rust' }],
      },
      {
        question: 'Add CI?',
        options: [{ label: 'Yes' }, { label: 'No' }],
      },
    ],
    draft: null,
    ...patch,
  }
}

/** An ACP agent's permission request with Codex-like options (allow, allow always, reject). */
export function agentPermissionRequest(
  patch: Partial<AgentPermissionInteraction> = {},
): AgentPermissionInteraction {
  return {
    kind: 'agent_permission',
    requestId: 'a1',
    sessionId: 's1',
    turnId: 't1',
    source: { kind: 'acp', agent: 'Codex', rpcId: 4, toolCallId: 'call-1' },
    createdAt: Date.UTC(2026, 0, 1, 9, 33),
    recovered: false,
    title: 'npm install left-pad',
    detail: 'Installs one package from the registry.',
    toolKind: 'execute',
    locations: [],
    options: [
      { optionId: 'approved', name: 'Yes', kind: 'allow_once' },
      { optionId: 'approved-for-session', name: 'Yes, and don’t ask again', kind: 'allow_always' },
      { optionId: 'abort', name: 'No, and tell Codex what to do differently', kind: 'reject_once' },
    ],
    orphaned: false,
    ...patch,
  }
}

/** A one-field form from an MCP server. */
export function formRequest(patch: Partial<FormInteraction> = {}): FormInteraction {
  return {
    kind: 'form',
    requestId: 'f1',
    sessionId: 's1',
    turnId: 't1',
    source: { kind: 'mcp', server: 'github', rpcId: 3 },
    createdAt: Date.UTC(2026, 0, 1, 9, 34),
    recovered: false,
    form: {
      message: 'Where should the issue go?',
      fields: [{ type: 'text', key: 'repo', title: 'Repository', required: true }],
    },
    draft: null,
    orphaned: false,
    ...patch,
  }
}

/** A committed user message, as the log holds it. */
export function userMessage(text: string, turnId = 't0', at = 1_000): SessionEvent {
  return { type: 'user_message', at, turnId, text }
}
