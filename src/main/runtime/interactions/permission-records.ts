import type { DeviceRef } from '../../../shared/devices'
import type { DecisionReason, PermissionDecision } from '../../../shared/permission'
import type { SessionEventOf } from '../../../shared/session-events'
import type { LastingRule } from '../permissions/permission-policy'

/**
 * A permission prompt's two records, built only here: `permission_request` when the prompt is
 * shown, `permission_decision` for how the call was decided (by the person, the mode, a
 * remembered answer or a lasting rule).
 */

/** How a call was decided, as its `permission_decision` keeps it. */
export interface GateDecision {
  decision: PermissionDecision
  reason: DecisionReason
  requestId: string | null
  remember: boolean
  note?: string | undefined
  /** The paired device the person answered from. */
  device?: DeviceRef | undefined
  /** The lasting rules that decided it (reason `rule`). */
  rules?: readonly LastingRule[] | undefined
}

/** The prompt as shown. The countdown starts when it is shown; the record keeps no deadline. */
export function permissionRequestRecord(
  fields: Omit<SessionEventOf<'permission_request'>, 'type' | 'expiresAt'>,
): SessionEventOf<'permission_request'> {
  return { type: 'permission_request', ...fields, expiresAt: null }
}

export function permissionDecisionRecord(
  at: number,
  turnId: string,
  toolCallId: string,
  d: GateDecision,
): SessionEventOf<'permission_decision'> {
  return {
    type: 'permission_decision',
    at,
    turnId,
    requestId: d.requestId,
    toolCallId,
    decision: d.decision,
    reason: d.reason,
    remember: d.remember,
    ...(d.note ? { note: d.note } : {}),
    ...(d.device ? { device: d.device } : {}),
    ...(d.rules && d.rules.length > 0
      ? { rules: d.rules.map(({ id, scope, label }) => ({ id, scope, label })) }
      : {}),
  }
}
