import type { SessionEvent } from '../session-events'

/** A session with an ACP agent as the runtime records it (shape of a real fake-agent run). */
export const ACP_SESSION: SessionEvent[] = [
  {
    type: 'session',
    v: 1,
    id: 's-acp',
    createdAt: 1,
    title: 'Edit the readme',
    workspace: '/ws',
    backend: 'acp:codex',
    mode: 'ask',
  },
  {
    type: 'agent_session',
    at: 2,
    agent: { id: 'codex', name: 'Codex', command: 'npx', args: ['@zed-industries/codex-acp'] },
    agentTitle: 'Codex 0.16.0',
    agentSessionId: 'abc',
    opened: 'new',
  },
  {
    type: 'agent_modes',
    at: 2,
    currentModeId: 'read-only',
    available: [
      { id: 'read-only', name: 'Read Only' },
      { id: 'auto', name: 'Default' },
    ],
    via: { kind: 'session_mode' },
  },
  { type: 'user_message', at: 3, turnId: 't-1', text: 'Edit the readme' },
  { type: 'agent_thought', at: 4, turnId: 't-1', text: 'Let me look at the file first.' },
  { type: 'assistant_text', at: 5, turnId: 't-1', step: 0, text: 'I will edit the readme.' },
  {
    type: 'agent_tool_call',
    at: 6,
    turnId: 't-1',
    toolCallId: 'edit-1',
    title: 'Edit README.md',
    kind: 'edit',
    status: 'in_progress',
    locations: [{ path: '/ws/README.md', line: 3 }],
    content: [
      { type: 'diff', path: '/ws/README.md', oldText: 'old', newText: 'new', truncated: false },
    ],
  },
  {
    type: 'agent_tool_call_update',
    at: 7,
    turnId: 't-1',
    toolCallId: 'edit-1',
    status: 'completed',
    rawOutput: '{"ok":true}',
  },
  {
    type: 'agent_plan',
    at: 8,
    turnId: 't-1',
    entries: [
      { content: 'Edit the readme', priority: 'high', status: 'completed' },
      { content: 'Run the tests', priority: 'medium', status: 'pending' },
    ],
  },
  {
    type: 'agent_plan',
    at: 9,
    turnId: 't-1',
    entries: [
      { content: 'Edit the readme', priority: 'high', status: 'completed' },
      { content: 'Run the tests', priority: 'medium', status: 'completed' },
    ],
  },
  { type: 'assistant_text', at: 10, turnId: 't-1', step: 1, text: 'Done editing.' },
  { type: 'turn_end', at: 11, turnId: 't-1', reason: 'completed' },
  { type: 'agent_exit', at: 12, code: 7, signal: null, stderr: 'starting\npanic: out of cheese\n' },
]
