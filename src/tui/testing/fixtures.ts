import type { BridgeEvent } from '../../shared/bridge'
import type {
  AgentPermissionInteraction,
  PendingInteraction,
  PermissionInteraction,
  QuestionInteraction,
} from '../../shared/interactions'
import type { SessionEvent } from '../../shared/session-events'

/** An AskUserQuestion request with two questions, in session s1. */
export const question = (over: Partial<QuestionInteraction> = {}): QuestionInteraction => ({
  kind: 'question',
  requestId: 'q1',
  sessionId: 's1',
  turnId: 't1',
  toolCallId: 'c1',
  source: { kind: 'parley', toolCallId: 'c1' },
  createdAt: Date.now(),
  recovered: false,
  draft: null,
  questions: [
    {
      question: 'Which language?',
      options: [
        { label: 'TypeScript', description: 'typed JavaScript' },
        { label: 'Rust', description: 'fast and safe' },
      ],
    },
    { question: 'Which editor?', options: [{ label: 'vim' }, { label: 'emacs' }] },
  ],
  ...over,
})

/** A high-risk run_command permission request, in session s1. */
export const permission = (over: Partial<PermissionInteraction> = {}): PermissionInteraction => ({
  kind: 'permission',
  requestId: 'p1',
  sessionId: 's1',
  turnId: 't1',
  toolCallId: 'c2',
  source: { kind: 'parley', toolCallId: 'c2' },
  createdAt: Date.now(),
  recovered: false,
  tool: 'run_command',
  summary: 'Run a shell command',
  detail: 'rm -rf build \u202E# harmless',
  risk: 'high',
  intent: 'run_command: rm',
  rememberScope: ['run_command: rm'],
  expiresAt: Date.now() + 300_000,
  ...over,
})

/** An ACP agent's permission request with its own options. */
export const agentPermission = (
  over: Partial<AgentPermissionInteraction> = {},
): AgentPermissionInteraction => ({
  kind: 'agent_permission',
  requestId: 'a1',
  sessionId: 's1',
  turnId: 't1',
  source: { kind: 'acp', agent: 'Codex', rpcId: 7 },
  createdAt: Date.now(),
  recovered: false,
  title: 'npm install left-pad',
  detail: 'Installs one package.',
  toolKind: 'execute',
  locations: [],
  options: [
    { optionId: 'yes', name: 'Yes, proceed', kind: 'allow_once' },
    { optionId: 'always', name: 'Always allow npm', kind: 'allow_always' },
    { optionId: 'no', name: 'No, stop', kind: 'reject_once' },
  ],
  orphaned: false,
  ...over,
})

/** The live event that queues a request. */
export const added = (interaction: PendingInteraction): BridgeEvent => ({
  type: 'interaction_added',
  sessionId: 's1',
  interaction,
})

/** The live event of a record committed to session s1's log. */
export const logged = (event: SessionEvent): BridgeEvent => ({
  type: 'session_event',
  sessionId: 's1',
  event,
})
