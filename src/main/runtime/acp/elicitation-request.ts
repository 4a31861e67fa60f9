import { RequestError } from '@agentclientprotocol/sdk'
import { INVALID_PARAMS } from './workspace-files'
import type * as acp from '@agentclientprotocol/sdk'
import { z } from 'zod'
import type { FormResponse } from '../../../shared/form-schema'
import { LIMITS } from '../../../shared/limits'
import type { AskBody, AskOutcome } from '../interactions/asker'

/**
 * `elicitation/create` params as Parley reads them. The SDK's own validation would refuse a whole
 * form for one field it does not know (a `format: "password"` field fails it), and would drop
 * keys; Parley wants the schema exactly as the agent sent it, so the broker can show such a field
 * as unsupported instead. Only the envelope is checked here.
 */
export const ElicitationParamsSchema = z.looseObject({
  mode: z.string().max(100),
  message: z.string(),
  sessionId: z.string().max(LIMITS.path).optional(),
  toolCallId: z.string().max(LIMITS.path).nullish(),
  requestId: z.union([z.string().max(LIMITS.path), z.number(), z.null()]).optional(),
  requestedSchema: z.unknown().optional(),
})
export type ElicitationParams = z.infer<typeof ElicitationParamsSchema>

export type FormBody = Extract<AskBody, { kind: 'form' }>
export type LinkBody = Extract<AskBody, { kind: 'link' }>

/**
 * URL mode (ACP's `elicitation/create` with `url` and `elicitationId`): the page, for the tray to
 * show and open only on the person's click; null when the params are not a URL-mode request.
 */
export function urlBody(params: ElicitationParams): LinkBody | null {
  if (params.mode !== 'url' || typeof params.url !== 'string') return null
  return { kind: 'link', purpose: 'open', message: params.message, url: params.url }
}

/** The person's choice on a URL-mode request as ACP's response (Open is accept). */
export function urlResponse(
  outcome: AskOutcome<{ optionId: string }>,
  cause: FormEndCause,
): ReturnType<typeof formResponse> {
  if (outcome.kind !== 'answered') return formResponse(outcome, cause)
  const choice = outcome.value.optionId
  return {
    ok: true,
    response: {
      action: choice === 'open' ? 'accept' : choice === 'decline' ? 'decline' : 'cancel',
    },
  }
}

/**
 * The tray request for a form, exactly as the agent sent it. Whether Parley can show it (mode
 * `form`, an object schema, no secret) is decided once, at the broker's door (`ExternalAsker`),
 * for ACP and MCP alike; its refusal comes back as invalid params (`formResponse`).
 */
export function formBody(params: ElicitationParams): FormBody {
  return {
    kind: 'form',
    message: params.message,
    requestedSchema: params.requestedSchema,
    mode: params.mode,
  }
}

/** Why a form's wait ended without an answer, as Parley's ACP layer knows it. */
export type FormEndCause =
  /** The agent cancelled the request (`$/cancel_request`). */
  | 'cancelled_by_agent'
  /** The person stopped the turn, the turn ended, or the app is quitting. */
  | 'turn_ended'

/**
 * The response to the agent, or the JSON-RPC error to answer with. A form the broker could not
 * serve is "invalid params" with its reason; a request the agent itself cancelled gets the
 * standard "request cancelled" error; a turn that ended under it is the person's `cancel`.
 */
export function formResponse(
  outcome: AskOutcome<FormResponse>,
  cause: FormEndCause,
): { ok: true; response: acp.CreateElicitationResponse } | { ok: false; error: RequestError } {
  switch (outcome.kind) {
    case 'answered':
      return { ok: true, response: outcome.value }
    case 'refused':
      return { ok: false, error: new RequestError(INVALID_PARAMS, outcome.message) }
    case 'ended':
      return cause === 'cancelled_by_agent'
        ? { ok: false, error: RequestError.requestCancelled() }
        : { ok: true, response: { action: 'cancel' } }
  }
}
