import type { AgentPlanEntry, AgentToolStatus, Json, SessionEventOf } from './session-events'

/**
 * How both UIs show what an ACP agent did (its tool calls, plans, thoughts, exit) with the rows
 * they already have, until they get rows of their own. Pure, shared, so the two cannot drift.
 */

/** An agent tool call's status as a tool row's state. */
export function agentToolState(
  status: AgentToolStatus,
): 'running' | 'done' | 'error' | 'cancelled' | 'rejected' {
  switch (status) {
    case 'pending':
    case 'in_progress':
      return 'running'
    case 'completed':
      return 'done'
    case 'failed':
      return 'error'
    case 'cancelled':
      return 'cancelled'
    case 'rejected':
      return 'rejected'
  }
}

/** The key of an agent tool call's row; agent ids are only unique within their turn. */
export function agentToolKey(turnId: string, toolCallId: string): string {
  return `acp:${turnId}:${toolCallId}`
}

/** What a tool row keeps as the call's input: its kind, the files it touches and what it shows. */
export function agentToolInput(
  record: Pick<SessionEventOf<'agent_tool_call'>, 'kind' | 'locations' | 'content'>,
): Json {
  return {
    kind: record.kind,
    locations: record.locations.map((l) => (l.line === undefined ? l.path : `${l.path}:${l.line}`)),
    content: record.content,
  }
}

/** The input after an update: fields the update carries replace the ones before. */
export function updatedAgentToolInput(
  input: Json,
  update: SessionEventOf<'agent_tool_call_update'>,
): Json {
  const before = input && typeof input === 'object' && !Array.isArray(input) ? input : {}
  return {
    ...before,
    ...(update.kind !== undefined ? { kind: update.kind } : {}),
    ...(update.locations !== undefined
      ? {
          locations: update.locations.map((l) =>
            l.line === undefined ? l.path : `${l.path}:${l.line}`,
          ),
        }
      : {}),
    ...(update.content !== undefined ? { content: update.content } : {}),
  }
}

const PLAN_MARK = { pending: '○', in_progress: '◐', completed: '●' } as const

/** A plan as lines: "Plan:" then one "● step" per entry. */
export function agentPlanText(entries: readonly AgentPlanEntry[]): string {
  return ['Plan:', ...entries.map((e) => `${PLAN_MARK[e.status]} ${e.content}`)].join('\n')
}

/** A thought as one row's text, cut at `max` characters. */
export function agentThoughtText(text: string, max = 2_000): string {
  const flat = text.trim()
  return `Thinking: ${flat.length > max ? `${flat.slice(0, max - 1)}…` : flat}`
}

/** "The agent exited (exit code 7)", with the last line it wrote to stderr. */
export function agentExitText(record: SessionEventOf<'agent_exit'>): string {
  const how =
    record.signal !== null ? `killed by ${record.signal}` : `exit code ${record.code ?? 'unknown'}`
  const last = record.stderr.trim().split('\n').at(-1)?.trim()
  return `The agent exited (${how})${last ? `: ${last}` : ''}. It starts again with the next message.`
}
