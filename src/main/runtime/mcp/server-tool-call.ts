import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js'
import { errorMessage } from '../../../shared/plain-error'
import type { Json } from '../../../shared/session-events'
import type { McpToolCall, McpToolOutcome } from '../tools/mcp-tool'
import { idleTimer, type McpClock } from './mcp-clock'
import { notRunningMessage, type OfferedTool, type Slot } from './server-slot'
import { toToolOutcome } from './tool-result'

/** A call that did not run (or failed), as the model reads it. */
export function toolError(error: string): McpToolOutcome {
  return { output: { error }, isError: true }
}

function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(1))} s`
}

function isObject(value: Json): value is { [key: string]: Json } {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}

/** What a call needs from its manager. */
export interface ServerCallDeps {
  clock: McpClock
  /** A call is cancelled after this long without progress (paused while the person answers). */
  callIdleMs: number
  /** What happens to a server after its connection ended, for the model. */
  afterStop(slot: Slot): string
}

/**
 * Calls one server tool: refused with a message the model can act on when the server is not
 * ready or the input is not an object; cancelled when the turn ends or the server goes quiet;
 * every failure said in words the model can act on.
 */
export async function callServerTool(
  offered: OfferedTool,
  name: string,
  call: McpToolCall,
  deps: ServerCallDeps,
): Promise<McpToolOutcome> {
  const { slot, tool } = offered
  const server = slot.entry.name
  const connection = slot.connection
  if (slot.status.state !== 'ready' || !connection) return toolError(notRunningMessage(slot, name))
  if (!isObject(call.input))
    return toolError(
      `Invalid input for ${name}: it must be a JSON object matching the tool's input schema. Rewrite the input and call it again.`,
    )
  const idle = new AbortController()
  const timer = idleTimer(deps.clock, deps.callIdleMs, () => {
    if (slot.calls.personIsAnswering(call.sessionId, call.turnId)) timer.reset()
    else idle.abort(new Error('idle'))
  })
  const end = slot.calls.begin({
    sessionId: call.sessionId,
    turnId: call.turnId,
    toolCallId: call.toolCallId,
    touch: () => timer.reset(),
  })
  try {
    const result = await connection.callTool(tool.serverToolName, call.input, {
      signal: AbortSignal.any([call.signal, idle.signal]),
      onProgress: () => timer.reset(),
      owner: { sessionId: call.sessionId, turnId: call.turnId, toolCallId: call.toolCallId },
    })
    return toToolOutcome(result)
  } catch (caught) {
    if (call.signal.aborted)
      return toolError(
        `${name} was cancelled: the turn ended before MCP server "${server}" answered.`,
      )
    if (idle.signal.aborted)
      return toolError(
        `${name} was cancelled: MCP server "${server}" sent nothing for ${seconds(deps.callIdleMs)}. It may or may not have taken effect; check before retrying.`,
      )
    if (connection.endReason !== undefined)
      return toolError(
        `MCP server "${server}" stopped while ${name} was running (${connection.endReason.split('\n')[0]}), so the call may or may not have taken effect. ${deps.afterStop(slot)}`,
      )
    if (caught instanceof McpError) {
      if (caught.code === ErrorCode.InvalidParams)
        return toolError(
          `${name} failed: ${caught.message}. Check the input against the tool's schema and call it again.`,
        )
      return toolError(`${name} failed: ${caught.message}`)
    }
    return toolError(`${name} failed: ${errorMessage(caught)}`)
  } finally {
    timer.stop()
    end()
  }
}
