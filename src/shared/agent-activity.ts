import type { AgentPlanEntry, AgentToolStatus, Json, SessionEventOf } from './session-events'
import { truncate } from './truncate'

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

/** One file change an agent's call shows (ACP `diff` content), as kept in its row's input. */
export interface AgentFileChange {
  path: string
  /** Null for a new file. */
  oldText: string | null
  newText: string
}

/**
 * A tool row's input split for display: the file changes the agent showed (drawn as diffs, like
 * Parley's own edits) and the rest (shown as JSON).
 */
export function agentToolChanges(input: Json): { changes: AgentFileChange[]; rest: Json } {
  if (!input || typeof input !== 'object' || Array.isArray(input))
    return { changes: [], rest: input }
  const content = Array.isArray(input.content) ? input.content : []
  const changes: AgentFileChange[] = []
  const others: Json[] = []
  for (const part of content) {
    if (
      part &&
      typeof part === 'object' &&
      !Array.isArray(part) &&
      part.type === 'diff' &&
      typeof part.path === 'string' &&
      typeof part.newText === 'string' &&
      (typeof part.oldText === 'string' || part.oldText === null)
    ) {
      changes.push({ path: part.path, oldText: part.oldText, newText: part.newText })
    } else others.push(part)
  }
  return { changes, rest: changes.length > 0 ? { ...input, content: others } : input }
}

/**
 * A title as text and inline code: agents write titles in markdown ("Write \`notes.txt\`"), so
 * a UI shows the backticked parts as code instead of showing the backticks.
 */
export function titleParts(title: string): Array<{ code: boolean; text: string }> {
  const parts = title.split('`')
  // An odd number of backticks: the last one is not a code span's end, so it stays as it is.
  if (parts.length % 2 === 0) return [{ code: false, text: title }]
  return parts.map((text, i) => ({ code: i % 2 === 1, text })).filter((part) => part.text !== '')
}

const PLAN_MARK = { pending: '○', in_progress: '◐', completed: '●' } as const

/** A plan as lines: "Plan:" then one "● step" per entry. */
export function agentPlanText(entries: readonly AgentPlanEntry[]): string {
  return ['Plan:', ...entries.map((e) => `${PLAN_MARK[e.status]} ${e.content}`)].join('\n')
}

/** A thought as one row's text, cut at `max` characters. */
export function agentThoughtText(text: string, max = 2_000): string {
  const flat = text.trim()
  return `Thinking: ${truncate(flat, max)}`
}

/** "The agent exited (exit code 7)", with the last line it wrote to stderr. */
export function agentExitText(record: SessionEventOf<'agent_exit'>): string {
  const how =
    record.signal !== null ? `killed by ${record.signal}` : `exit code ${record.code ?? 'unknown'}`
  const last = record.stderr.trim().split('\n').at(-1)?.trim()
  return `The agent exited (${how})${last ? `: ${last}` : ''}. It starts again with the next message.`
}
