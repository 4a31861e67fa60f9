import { ErrorCode, type ElicitResult } from '@modelcontextprotocol/sdk/types.js'
import { z } from 'zod'
import type { FormResponse } from '../../../shared/form-schema'
import { IdSchema } from '../../../shared/ids'
import { LIMITS } from '../../../shared/limits'
import type { InteractionAsker } from '../interactions/asker'
import type { ElicitationOwner } from './call-registry'

/**
 * `elicitation/create` as Parley receives it. The SDK's client has already checked it against the
 * spec's form schema (and answered url mode, which Parley does not declare, with invalid params);
 * this looser parse keeps `requestedSchema` exactly as the server sent it (keywords the spec does
 * not list, like `pattern`, included), because the interaction broker normalizes and bounds it.
 */
export const RawElicitRequestSchema = z.object({
  method: z.literal('elicitation/create'),
  // Anything object-shaped: the SDK parses with this schema before its own spec check runs, and a
  // request that fails here would be answered "internal error" instead of "invalid params".
  params: z.record(z.string(), z.unknown()),
})

/** An elicitation's parameters, as the server sent them (form mode, or url mode). */
export interface ElicitParams {
  message: string
  mode: string
  requestedSchema: unknown
  /** URL mode: the page to open, and the id its `notifications/elicitation/complete` names. */
  url?: string
  elicitationId?: string
}

/** The parameters of a request the SDK has already checked as an elicitation. */
export function formParams(params: Record<string, unknown>): ElicitParams {
  return {
    message: typeof params.message === 'string' ? params.message : '',
    mode: typeof params.mode === 'string' ? params.mode : 'form',
    requestedSchema: params.requestedSchema,
    ...(typeof params.url === 'string' ? { url: params.url } : {}),
    ...(typeof params.elicitationId === 'string' ? { elicitationId: params.elicitationId } : {}),
  }
}

/**
 * JSON-RPC "invalid params" carrying the broker's reason as its message, word for word (the SDK's
 * McpError would prefix "MCP error -32602:" to the text the server receives).
 */
export class InvalidParamsError extends Error {
  readonly code = ErrorCode.InvalidParams
}

/** The JSON-RPC id as the interaction's `source.rpcId` (bounded like every id). */
export function sourceRpcId(id: string | number): string | number {
  if (typeof id === 'number') return Number.isInteger(id) ? id : String(id)
  return id.length <= LIMITS.id ? id : `${id.slice(0, LIMITS.id - 1)}…`
}

/** The person's answer as MCP's `ElicitResult`: the content only with accept. */
export function toElicitResult(response: FormResponse): ElicitResult {
  switch (response.action) {
    case 'accept':
      return { action: 'accept', content: response.content }
    case 'decline':
      return { action: 'decline' }
    case 'cancel':
      return { action: 'cancel' }
  }
}

export interface ElicitationInput {
  asker: InteractionAsker
  server: string
  rpcId: string | number
  owner: ElicitationOwner
  params: ElicitParams
  /** Aborted when the server cancels the request, the calls it belongs to end, or it exits. */
  signal: AbortSignal
  /**
   * URL mode, after the person opened the page: shows "waiting for <server>…" until the server
   * says the elicitation is complete (or the person cancels). Absent: no waiting tray.
   */
  awaitCompletion?: (elicitationId: string, url: string) => void
}

/**
 * Puts one elicitation to the person through the interaction broker and answers the server as the
 * MCP spec defines: accept with the content, decline, or cancel. A form the broker refuses to show
 * (a secret field, an unsupported schema) is answered with JSON-RPC invalid params and the broker's
 * reason, never with a made-up cancel; a request that ended unanswered (withdrawn, turn stopped,
 * app quitting) is answered `cancel` (the SDK drops the answer when the server itself cancelled).
 */
export async function elicit(input: ElicitationInput): Promise<ElicitResult> {
  if (input.params.mode === 'url') return elicitUrl(input)
  const outcome = await input.asker.ask({
    sessionId: input.owner.sessionId,
    turnId: input.owner.turnId,
    source: mcpSource(input),
    body: {
      kind: 'form',
      message: input.params.message,
      requestedSchema: input.params.requestedSchema,
      mode: input.params.mode,
    },
    signal: input.signal,
  })
  switch (outcome.kind) {
    case 'answered':
      return toElicitResult(outcome.value)
    case 'refused':
      throw new InvalidParamsError(outcome.message)
    case 'ended':
      return { action: 'cancel' }
  }
}

/** The interaction's source for a request of this server in the owner's tool call. */
export function mcpSource(input: Pick<ElicitationInput, 'owner' | 'server' | 'rpcId'>) {
  const toolCallId =
    input.owner.toolCallId !== undefined && IdSchema.safeParse(input.owner.toolCallId).success
      ? input.owner.toolCallId
      : undefined
  return {
    kind: 'mcp' as const,
    server: input.server,
    rpcId: sourceRpcId(input.rpcId),
    ...(toolCallId !== undefined ? { toolCallId } : {}),
  }
}

/**
 * URL mode (MCP 2025-11-25): the page is shown in the tray, never fetched; "Open" (the person's
 * click opens it) answers accept, then the tray waits for the server's completion notification.
 * Decline and Cancel answer as the spec says; a link that is not http(s) is invalid params.
 */
async function elicitUrl(input: ElicitationInput): Promise<ElicitResult> {
  const { url, elicitationId } = input.params
  if (url === undefined || elicitationId === undefined)
    throw new InvalidParamsError('a URL-mode elicitation needs url and elicitationId')
  const outcome = await input.asker.ask({
    sessionId: input.owner.sessionId,
    turnId: input.owner.turnId,
    source: mcpSource(input),
    body: { kind: 'link', purpose: 'open', message: input.params.message, url },
    signal: input.signal,
  })
  switch (outcome.kind) {
    case 'answered': {
      const choice = outcome.value.optionId
      if (choice === 'open') {
        input.awaitCompletion?.(elicitationId, url)
        return { action: 'accept' }
      }
      return { action: choice === 'decline' ? 'decline' : 'cancel' }
    }
    case 'refused':
      throw new InvalidParamsError(outcome.message)
    case 'ended':
      return { action: 'cancel' }
  }
}
