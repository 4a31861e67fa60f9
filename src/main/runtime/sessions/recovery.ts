import type { PermissionDecision } from '../../../shared/permission'
import type { SessionEvent, SessionEventOf, ToolCallEvent } from '../../../shared/session-events'
import { pairToolResults } from './tool-call-ids'

/** How an open tool call of an interrupted turn is picked up again. */
export type RecoveredCall =
  | { call: ToolCallEvent; kind: 'question'; request: SessionEventOf<'user_question_request'> }
  | {
      call: ToolCallEvent
      kind: 'permission'
      request: SessionEventOf<'permission_request'>
      /** Decided before the process stopped: run (or refuse) without asking again. */
      decision: PermissionDecision | undefined
      /** With a denial: what the person told the agent to do instead. */
      note?: string | undefined
    }
  /** Running when the process stopped: it may or may not have had its effect. */
  | { call: ToolCallEvent; kind: 'interrupted' }

export type RecoveryPlan =
  | { kind: 'none' }
  /** Nothing to ask again and nothing answered: close the turn as interrupted. */
  | { kind: 'interrupt'; turnId: string; calls: ToolCallEvent[] }
  /** Re-present parked requests (or continue after an answer that was written). */
  | { kind: 'resume'; turnId: string; step: number; calls: RecoveredCall[] }

/**
 * What to do with a session whose last turn has no `turn_end` (the process quit or crashed).
 * Quitting is not the end of a turn: parked requests come back and answering them resumes it; an
 * answer that was written just before a crash resumes it at once. Pure, so it is tested alone.
 */
export function planRecovery(events: readonly SessionEvent[]): RecoveryPlan {
  let turnId: string | undefined
  for (const event of events) {
    if (event.type === 'user_message' || event.type === 'turn_retry') turnId = event.turnId
    if (event.type === 'turn_end' && event.turnId === turnId) turnId = undefined
  }
  if (turnId === undefined) return { kind: 'none' }

  const calls: ToolCallEvent[] = []
  const answered = pairToolResults(events)
  const questionRequests = new Map<string, SessionEventOf<'user_question_request'>>()
  const permissionRequests = new Map<string, SessionEventOf<'permission_request'>>()
  const decisions = new Map<string, { decision: PermissionDecision; note?: string | undefined }>()
  for (const event of events) {
    if (!('turnId' in event) || event.turnId !== turnId) continue
    if (event.type === 'tool_call') calls.push(event)
    if (event.type === 'user_question_request') questionRequests.set(event.toolCallId, event)
    if (event.type === 'permission_request') permissionRequests.set(event.toolCallId, event)
    if (event.type === 'permission_decision' && event.requestId !== null)
      decisions.set(event.requestId, { decision: event.decision, note: event.note })
  }
  const lastStep = calls.reduce((max, call) => Math.max(max, call.step), -1)
  const open = calls.filter((call) => !answered.has(call))
  const recovered: RecoveredCall[] = open.map((call) => {
    const question = questionRequests.get(call.toolCallId)
    if (question) return { call, kind: 'question', request: question }
    const permission = permissionRequests.get(call.toolCallId)
    if (permission)
      return {
        call,
        kind: 'permission',
        request: permission,
        decision: decisions.get(permission.requestId)?.decision,
        note: decisions.get(permission.requestId)?.note,
      }
    return { call, kind: 'interrupted' }
  })
  if (recovered.some((r) => r.kind !== 'interrupted'))
    return { kind: 'resume', turnId, step: lastStep, calls: recovered }

  // Every call of the last step has a result, one of them from the person: the answer was written
  // but the process stopped before the model's next step. Carry on from there.
  const lastStepCalls = calls.filter((call) => call.step === lastStep)
  const answeredByPerson = lastStepCalls.some(
    (call) => questionRequests.has(call.toolCallId) || permissionRequests.has(call.toolCallId),
  )
  if (
    open.length === 0 &&
    lastStepCalls.length > 0 &&
    answeredByPerson &&
    lastEventIsResultOf(events, turnId)
  ) {
    return { kind: 'resume', turnId, step: lastStep, calls: [] }
  }
  return { kind: 'interrupt', turnId, calls: open }
}

/** True when nothing but results (and decisions) followed the turn's last tool call. */
function lastEventIsResultOf(events: readonly SessionEvent[], turnId: string): boolean {
  for (let i = events.length - 1; i >= 0; i--) {
    const event = events[i]
    if (!event || !('turnId' in event) || event.turnId !== turnId) continue
    if (event.type === 'tool_result' || event.type === 'permission_decision') continue
    return (
      event.type === 'tool_call' ||
      event.type === 'user_question_request' ||
      event.type === 'permission_request'
    )
  }
  return false
}
