import type { SessionEventOf, TurnEndReason, TurnErrorKind } from '../../../shared/session-events'

/**
 * The records a turn writes whatever drives it (Parley's turn engine, an ACP agent, start-up
 * recovery): the only module that builds `turn_end`, `tool_result`, `assistant_text` and
 * `context_usage`, so every writer of them says the same thing the same way (a test holds each
 * record type to one building module).
 */

/** Why a turn failed, as its `turn_end` says it (plain words, a kind, the technical cause). */
export interface TurnFailure {
  error: string
  errorKind: TurnErrorKind
  /** Left out when empty. */
  errorDetail?: string | undefined
}

/** A turn's last record; `failure` is kept only for reason `error`. */
export function turnEndRecord(
  at: number,
  turnId: string,
  reason: TurnEndReason,
  failure?: TurnFailure,
): SessionEventOf<'turn_end'> {
  return {
    type: 'turn_end',
    at,
    turnId,
    reason,
    ...(reason === 'error' && failure
      ? {
          error: failure.error,
          errorKind: failure.errorKind,
          ...(failure.errorDetail ? { errorDetail: failure.errorDetail } : {}),
        }
      : {}),
  }
}

/** A tool call's one result (`synthetic` when Parley wrote it because the call could not finish). */
export function toolResultRecord(
  fields: Omit<SessionEventOf<'tool_result'>, 'type' | 'synthetic'> & { synthetic?: boolean },
): SessionEventOf<'tool_result'> {
  const { synthetic, ...rest } = fields
  return { type: 'tool_result', ...rest, ...(synthetic ? { synthetic: true } : {}) }
}

/** One step's text (never one delta); `cutOff` when the turn ended while it streamed. */
export function assistantTextRecord(
  fields: Omit<SessionEventOf<'assistant_text'>, 'type' | 'cutOff'> & { cutOff?: boolean },
): SessionEventOf<'assistant_text'> {
  const { cutOff, ...rest } = fields
  return { type: 'assistant_text', ...rest, ...(cutOff ? { cutOff: true } : {}) }
}

/** How much of the model's context the conversation used (and its size and cost, when known). */
export function contextUsageRecord(
  fields: Omit<SessionEventOf<'context_usage'>, 'type'>,
): SessionEventOf<'context_usage'> {
  return { type: 'context_usage', ...fields }
}
