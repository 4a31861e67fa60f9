import type * as acp from '@agentclientprotocol/sdk'
import { LIMITS } from '../../../shared/limits'
import {
  AgentToolKindSchema,
  type AgentToolContent,
  type SessionEventOf,
} from '../../../shared/session-events'
import { truncate } from '../../../shared/truncate'

/** `text` cut to `max` characters, and whether it was cut. */
export function bounded(text: string, max: number): { text: string; truncated: boolean } {
  return text.length > max
    ? { text: text.slice(0, max), truncated: true }
    : { text, truncated: false }
}

/** A value an agent sent, as JSON text of at most `max` characters (`…` marks a cut). */
export function jsonText(value: unknown, max = LIMITS.agentToolText): string | undefined {
  if (value === undefined || value === null) return undefined
  let text: string
  try {
    text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '')
  } catch {
    text = String(value)
  }
  return truncate(text, max)
}

/** What an ACP content block says, as text; media and resources are named, not inlined. */
export function contentBlockText(block: acp.ContentBlock): string {
  switch (block.type) {
    case 'text':
      return block.text
    case 'image':
      return `[image ${block.mimeType}]`
    case 'audio':
      return `[audio ${block.mimeType}]`
    case 'resource_link':
      return `[${block.title ?? block.name}](${block.uri})`
    case 'resource':
      return 'text' in block.resource ? block.resource.text : `[${block.resource.uri}]`
  }
}

function toolKind(kind: string | null | undefined): SessionEventOf<'agent_tool_call'>['kind'] {
  const parsed = AgentToolKindSchema.safeParse(kind)
  return parsed.success ? parsed.data : 'other'
}

function toolContent(content: readonly acp.ToolCallContent[]): AgentToolContent[] {
  return content.slice(0, LIMITS.agentParts).map((part): AgentToolContent => {
    switch (part.type) {
      case 'content': {
        const { text, truncated } = bounded(contentBlockText(part.content), LIMITS.agentToolText)
        return { type: 'text', text, truncated }
      }
      case 'diff': {
        const newText = bounded(part.newText, LIMITS.agentDiffText)
        const oldText = part.oldText == null ? null : bounded(part.oldText, LIMITS.agentDiffText)
        return {
          type: 'diff',
          path: part.path.slice(0, LIMITS.path),
          oldText: oldText?.text ?? null,
          newText: newText.text,
          truncated: newText.truncated || (oldText?.truncated ?? false),
        }
      }
      case 'terminal':
        return { type: 'terminal', terminalId: part.terminalId.slice(0, LIMITS.id) }
    }
  })
}

function locations(list: readonly acp.ToolCallLocation[]) {
  return list.slice(0, LIMITS.agentParts).map((l) => ({
    path: l.path.slice(0, LIMITS.path),
    ...(typeof l.line === 'number' && Number.isInteger(l.line) && l.line >= 0
      ? { line: l.line }
      : {}),
  }))
}

/** The agent's tool call id, cut to fit the log (ids longer than this are not expected). */
export function toolCallKey(toolCallId: string): string {
  return toolCallId.slice(0, LIMITS.id)
}

/** The record of a tool call Parley hears of for the first time. */
export function toolCallRecord(
  call: acp.ToolCall | acp.ToolCallUpdate,
  turnId: string,
  at: number,
): SessionEventOf<'agent_tool_call'> {
  const rawInput = jsonText(call.rawInput)
  return {
    type: 'agent_tool_call',
    at,
    turnId,
    toolCallId: toolCallKey(call.toolCallId),
    title: (call.title ?? 'Tool call').slice(0, LIMITS.questionText),
    kind: toolKind(call.kind),
    status: call.status ?? 'pending',
    locations: locations(call.locations ?? []),
    content: toolContent(call.content ?? []),
    ...(rawInput !== undefined ? { rawInput } : {}),
  }
}

/** A call Parley settles itself as its turn ends (the agent sent no final status). */
export function settledCallRecord(
  turnId: string,
  toolCallId: string,
  status: 'rejected' | 'cancelled' | 'failed',
  at: number,
): SessionEventOf<'agent_tool_call_update'> {
  return { type: 'agent_tool_call_update', at, turnId, toolCallId, status }
}

/** The record of a change to a known tool call; undefined when the update changes nothing shown. */
export function toolCallUpdateRecord(
  update: acp.ToolCallUpdate,
  turnId: string,
  at: number,
): SessionEventOf<'agent_tool_call_update'> | undefined {
  const rawOutput = jsonText(update.rawOutput)
  const record: SessionEventOf<'agent_tool_call_update'> = {
    type: 'agent_tool_call_update',
    at,
    turnId,
    toolCallId: toolCallKey(update.toolCallId),
    ...(update.title != null ? { title: update.title.slice(0, LIMITS.questionText) } : {}),
    ...(update.kind != null ? { kind: toolKind(update.kind) } : {}),
    ...(update.status != null ? { status: update.status } : {}),
    ...(update.locations != null ? { locations: locations(update.locations) } : {}),
    ...(update.content != null ? { content: toolContent(update.content) } : {}),
    ...(rawOutput !== undefined ? { rawOutput } : {}),
  }
  return Object.keys(record).length > 4 ? record : undefined
}
