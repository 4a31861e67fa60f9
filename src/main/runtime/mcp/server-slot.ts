import type { Tool } from '@modelcontextprotocol/sdk/types.js'
import type { McpServerInfo, McpServerState } from '../../../shared/mcp-servers'
import type { InteractionAsker } from '../interactions/asker'
import type { JsonSchemaObject, McpTool } from '../tools/mcp-tool'
import { CallRegistry } from './call-registry'
import { elicit, mcpSource } from './elicitation'
import type { McpServerEntry } from './load-mcp-config'
import type { ConnectionHandlers, ServerConnection } from './server-connection'
import { assignToolNames, type ToolKey } from './tool-names'

/**
 * One configured MCP server as the manager keeps it (its status, connection, tools and calls),
 * and what is read off the slots: the tools offered to the model, a server's line in Settings,
 * why it cannot take a call, and how its questions reach the person.
 */

/** Bounds on how a server's tools are offered to the model. */
export const TOOL_LIMITS = {
  description: 2_000,
  schemaBytes: 32_768,
  serverToolName: 1_000,
  notices: 20,
} as const

/** One configured server. */
export interface Slot {
  entry: McpServerEntry
  /** JSON of what makes it this server: a changed one is restarted by `setServers`. */
  identity: string
  status: McpServerState
  connection: ServerConnection | undefined
  /** Bumped on every start: events from an older connection are ignored. */
  generation: number
  calls: CallRegistry
  /** The server's tools as last listed (kept while it restarts, dropped when it fails). */
  tools: Tool[]
  notices: string[]
  /** Consecutive restarts in the current streak (0: started by hand or by config). */
  attempt: number
  readyAt: number | null
  /** Aborts a pending restart pause. */
  backoff: AbortController | undefined
  /** URL-mode elicitations opened and not yet complete, by elicitation id. */
  completions: Map<string, AbortController>
  /** For a server that uses OAuth: whether its tokens are held (undefined: it asked for none). */
  signIn: 'signed_in' | 'signed_out' | undefined
}

export interface OfferedTool {
  slot: Slot
  tool: McpTool
}

/** A new server's slot, before its first start. */
export function newSlot(entry: McpServerEntry): Slot {
  return {
    entry,
    identity: JSON.stringify(entry),
    status: { state: entry.approved ? 'starting' : 'needs_approval' },
    connection: undefined,
    generation: 0,
    calls: new CallRegistry(),
    tools: [],
    notices: [],
    attempt: 0,
    readyAt: null,
    backoff: undefined,
    completions: new Map(),
    signIn: undefined,
  }
}

/** A server's line in Settings: its status, the tools it offers, its notices. */
export function slotInfo(slot: Slot, offered: readonly OfferedTool[]): McpServerInfo {
  return {
    name: slot.entry.name,
    origin: slot.entry.origin,
    transport: slot.entry.definition.transport,
    summary: slot.entry.summary,
    status: slot.status,
    tools: offered
      .filter((o) => o.slot === slot)
      .map(({ tool }) => ({
        name: tool.name,
        serverToolName: tool.serverToolName,
        ...(tool.title !== undefined ? { title: tool.title } : {}),
        description: tool.description,
        readOnlyHint: tool.readOnlyHint,
      })),
    notices: [...slot.notices],
    ...(slot.signIn ? { signIn: slot.signIn } : {}),
  }
}

/**
 * The tools the ready (or restarting) servers offer, named uniquely across servers; a tool whose
 * name or schema is too large is left out, with a notice on its server.
 */
export function offeredTools(slots: Iterable<Slot>): OfferedTool[] {
  const candidates: Array<{ slot: Slot; tool: Tool; key: ToolKey }> = []
  for (const slot of slots) {
    if (slot.status.state !== 'ready' && slot.status.state !== 'restarting') continue
    const seen = new Set<string>()
    const skipped: string[] = []
    for (const tool of slot.tools) {
      if (seen.has(tool.name)) continue
      seen.add(tool.name)
      if (
        tool.name.length > TOOL_LIMITS.serverToolName ||
        JSON.stringify(tool.inputSchema).length > TOOL_LIMITS.schemaBytes
      ) {
        skipped.push(tool.name.slice(0, 100))
        continue
      }
      candidates.push({ slot, tool, key: { server: slot.entry.name, tool: tool.name } })
    }
    const notice =
      skipped.length > 0
        ? `Tools left out (name or input schema too large): ${skipped.join(', ')}`.slice(0, 1_000)
        : undefined
    slot.notices = slot.notices.filter((text) => !text.startsWith('Tools left out'))
    if (notice) slot.notices = [...slot.notices, notice].slice(-TOOL_LIMITS.notices)
  }
  const names = assignToolNames(candidates.map((candidate) => candidate.key))
  return candidates.map(({ slot, tool, key }) => {
    const description = (tool.description ?? tool.title ?? '').trim()
    return {
      slot,
      tool: {
        name: names.get(key) as string,
        server: slot.entry.name,
        serverToolName: tool.name,
        ...(tool.title !== undefined ? { title: tool.title.slice(0, 1_000) } : {}),
        description:
          description === ''
            ? `Tool "${tool.name}" of MCP server "${slot.entry.name}".`
            : description.length > TOOL_LIMITS.description
              ? `${description.slice(0, TOOL_LIMITS.description - 1)}…`
              : description,
        inputSchema: JSON.parse(JSON.stringify(tool.inputSchema)) as JsonSchemaObject,
        readOnlyHint: tool.annotations?.readOnlyHint === true,
        destructiveHint: tool.annotations?.destructiveHint === true,
      },
    }
  })
}

/** Why a server cannot take a call now, for the model. */
export function notRunningMessage(slot: Slot, name: string): string {
  const server = `MCP server "${slot.entry.name}"`
  const status = slot.status
  switch (status.state) {
    case 'ready':
    case 'starting':
      return `${server} is starting; call ${name} again in a moment.`
    case 'restarting':
      return `${server} stopped (${status.reason.split('\n')[0]}) and is being restarted (attempt ${status.attempt} of ${status.maxAttempts}). Call ${name} again in a moment, or continue without it.`
    case 'failed':
      return `${server} is not running: ${status.reason.split('\n')[0]}. It is not retried automatically; continue without it and tell the user they can restart it in Settings.`
    case 'needs_approval':
      return `${server} has not been approved by the user yet, so it is not running. Continue without it.`
    case 'stopped':
      return `${server} is stopped. Continue without it.`
  }
}

/** After the person opened a URL-mode elicitation's page: waits for the server to complete it. */
export interface CompletionWait {
  elicitationId: string
  url: string
  message: string
  rpcId: string | number
}

/**
 * A server's questions (`elicitation/create`) go to the person only during one of its tool calls,
 * attributed to that call's turn; asked at any other time, they are answered "cancel".
 */
export function elicitationHandler(
  slot: Slot,
  deps: {
    asker: InteractionAsker
    notice(text: string): void
    awaitCompletion(wait: CompletionWait): void
  },
): ConnectionHandlers['onElicit'] {
  return async (params, extra) => {
    const attached = slot.calls.attach()
    if (!attached) {
      deps.notice(
        'It asked a question while no tool call was running; Parley answered "cancel" (questions are shown only during a tool call).',
      )
      return { action: 'cancel' }
    }
    try {
      return await elicit({
        asker: deps.asker,
        server: slot.entry.name,
        rpcId: extra.requestId,
        owner: attached.owner,
        params,
        signal: AbortSignal.any([extra.signal, attached.signal]),
        awaitCompletion: (elicitationId, url) =>
          deps.awaitCompletion({
            elicitationId,
            url,
            message: params.message,
            rpcId: extra.requestId,
          }),
      })
    } finally {
      attached.settled()
    }
  }
}

/**
 * After the person opened an URL-mode elicitation's page: "waiting for MCP server X…" in the
 * tray (the call's idle limit paused) until the server's `notifications/elicitation/complete`
 * withdraws it, the calls it belongs to end, or the person cancels.
 */
export function awaitCompletion(
  slot: Slot,
  generation: number,
  wait: CompletionWait,
  asker: InteractionAsker,
): void {
  if (slot.generation !== generation || slot.completions.has(wait.elicitationId)) return
  const attached = slot.calls.attach()
  if (!attached) return
  const complete = new AbortController()
  slot.completions.set(wait.elicitationId, complete)
  void asker
    .ask({
      sessionId: attached.owner.sessionId,
      turnId: attached.owner.turnId,
      source: mcpSource({ owner: attached.owner, server: slot.entry.name, rpcId: wait.rpcId }),
      body: { kind: 'link', purpose: 'waiting', message: wait.message, url: wait.url },
      signal: AbortSignal.any([complete.signal, attached.signal]),
    })
    .finally(() => {
      slot.completions.delete(wait.elicitationId)
      attached.settled()
    })
}
