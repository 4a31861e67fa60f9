import type { SessionEvent, ToolCallEvent, ToolResultEvent } from '../../../shared/session-events'
import { newId } from './session-state'

/**
 * Tool call identity. Servers do not all give unique ids (Fireworks' `{tool}:{n}` and xinference
 * reuse them across steps), so Parley mints its own id for every call at the provider boundary
 * (`tool_call.toolCallId`) and keeps the server's (`providerCallId`). The log, the UIs and the
 * interaction FIFO only ever see Parley's ids; the model conversation gets ids from `wireIds`.
 */

/** Parley's id for a call the model just made. */
export function mintToolCallId(): string {
  return newId('call')
}

/** The server's id worth keeping beside Parley's: absent when there is none or it is too long. */
export function keptProviderId(providerId: string, limit: number): string | undefined {
  return providerId !== '' && providerId.length <= limit ? providerId : undefined
}

/**
 * Each tool_call of a log with its tool_result. A result belongs to the oldest call of its turn
 * that has its id and tool and no result yet, so a log written before Parley minted its own ids,
 * where a server reused `call_0` in step 0 (`read_file`) and step 1 (`list_files`), still pairs
 * each call with its own result.
 */
export function pairToolResults(
  events: readonly SessionEvent[],
): Map<ToolCallEvent, ToolResultEvent> {
  // By id; a list only where an id repeats (logs that predate minted ids).
  const open = new Map<string, ToolCallEvent | ToolCallEvent[]>()
  const pairs = new Map<ToolCallEvent, ToolResultEvent>()
  for (const event of events) {
    if (event.type === 'tool_call') {
      const known = open.get(event.toolCallId)
      if (known === undefined) open.set(event.toolCallId, event)
      else if (Array.isArray(known)) known.push(event)
      else open.set(event.toolCallId, [known, event])
    } else if (event.type === 'tool_result') {
      const known = open.get(event.toolCallId)
      if (known === undefined) continue
      if (!Array.isArray(known)) {
        if (known.turnId !== event.turnId) continue
        pairs.set(known, event)
        open.delete(event.toolCallId)
        continue
      }
      const sameTool = known.findIndex((c) => c.turnId === event.turnId && c.tool === event.tool)
      const index = sameTool >= 0 ? sameTool : known.findIndex((c) => c.turnId === event.turnId)
      if (index < 0) continue
      const [call] = known.splice(index, 1)
      if (call) pairs.set(call, event)
      if (known.length === 0) open.delete(event.toolCallId)
    }
  }
  return pairs
}

/** What every provider accepts as a tool call id (Anthropic's `^[a-zA-Z0-9_-]+$`, bounded). */
const WIRE_SAFE = /^[a-zA-Z0-9_-]{1,64}$/

/**
 * Picks the id each call carries in one model conversation: the server's own id where it is safe
 * for every provider and not already used in this conversation (servers that check their ids
 * get theirs back), else Parley's id (made safe for logs that predate minted ids). Ids already
 * handed out never change as the conversation grows, so a prompt prefix stays the same.
 */
export function wireIds(): (call: {
  toolCallId: string
  providerCallId?: string | undefined
}) => string {
  const used = new Set<string>()
  const take = (id: string) => {
    used.add(id)
    return id
  }
  return ({ toolCallId, providerCallId }) => {
    const original = providerCallId ?? toolCallId
    if (WIRE_SAFE.test(original) && !used.has(original)) return take(original)
    const base = toolCallId.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 56)
    if (!used.has(base)) return take(base)
    for (let n = 2; ; n++) if (!used.has(`${base}_${n}`)) return take(`${base}_${n}`)
  }
}
