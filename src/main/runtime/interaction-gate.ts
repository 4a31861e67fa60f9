import type { AskUserQuestionInput, AskUserQuestionResult } from '../../shared/ask-user-question'
import type { PermissionDecision } from '../../shared/permission'
import type { Json } from '../../shared/session-events'
import type { SettleOutcome } from '../../shared/interactions'
import type { ParkEndReason } from './parked-requests'
import { deniedMessage } from './permission-engine'
import { newId, type SessionState } from './session-state'
import { hashInput, intentOfRecord, presentReview, reviewToolCall } from './tool-intent'
import { TurnEndedError, type Turn } from './turn'
import type { EngineDeps } from './turn-engine'
import type { RecoveredCall } from './recovery'
import { ToolError, type ToolDefinition } from './tools/tool-types'
import type { AgentKind } from './tools/toolsets'

/** One tool call of a model step. */
export interface StepCall {
  toolCallId: string
  toolName: string
  input: Json
}

export interface CallOptions {
  kind: AgentKind
  /** Root calls are in the log and get exactly one result there; child calls live in memory. */
  persisted: boolean
  recovered?: RecoveredCall
}

/**
 * Where a tool call meets the person: permission prompts and AskUserQuestion. Both are written to
 * the log (synced) before they are shown, park on the shared turn-scoped primitive, and go
 * through the session's interaction FIFO, so parallel calls queue instead of competing.
 */
export class InteractionGate {
  constructor(private readonly deps: EngineDeps) {}

  /** True when the call may run; otherwise the message the model reads. `input` is validated. */
  async authorize(
    session: SessionState,
    turn: Turn,
    call: StepCall,
    tool: ToolDefinition,
    input: unknown,
    options: CallOptions,
  ): Promise<true | string> {
    const { permissions, parked, pending } = this.deps
    const recovered = options.recovered?.kind === 'permission' ? options.recovered : undefined
    const decide = (
      decision: PermissionDecision,
      reason: Parameters<typeof deniedMessage>[1],
      requestId: string | null,
      remember = false,
      sync = false,
    ) => {
      if (options.persisted) {
        this.deps.record(
          session,
          {
            type: 'permission_decision',
            at: this.deps.now(),
            turnId: turn.id,
            requestId,
            toolCallId: call.toolCallId,
            decision,
            reason,
            remember,
          },
          sync,
        )
      }
      return decision === 'allow' ? (true as const) : deniedMessage(tool.name, reason, session.mode)
    }
    if (recovered?.decision) {
      if (recovered.request.inputHash !== hashInput(call.input))
        return 'The approved input does not match this call, so it did not run.'
      return recovered.decision === 'allow' ? true : deniedMessage(tool.name, 'user', session.mode)
    }
    let intent
    if (recovered) {
      // Shown again exactly as it was recorded, whatever has changed on disk since.
      intent = intentOfRecord(recovered.request)
    } else {
      const verdict = permissions.evaluate({
        tool: tool.name,
        category: tool.category,
        mode: session.mode,
      })
      if (verdict.kind === 'allow') return true
      if (verdict.kind === 'refuse') return verdict.message
      let review
      try {
        review = reviewToolCall(tool, input, { workspace: session.header.workspace })
      } catch (error) {
        // The call cannot apply (a path outside the workspace, an edit that does not match):
        // the model is told, and the person is not asked about something that would fail.
        if (error instanceof ToolError) return error.message
        throw error
      }
      // After the policy and the review's risk, never before them.
      const remembered = permissions.check(turn.id, review)
      if (remembered !== 'ask') return decide(remembered, 'remembered', null)
      intent = presentReview(tool.name, review)
    }
    const { rememberKeys, ...shown } = intent
    if (options.kind === 'headless' || (options.kind === 'child' && !this.deps.interactive))
      return decide('deny', 'headless', null)

    if (turn.stopping) throw new TurnEndedError(turn.stopReason ?? 'stopped')
    const requestId = recovered?.request.requestId ?? newId('perm')
    const createdAt = recovered?.request.at ?? this.deps.now()
    const expiresAt = recovered ? null : createdAt + this.deps.permissionTimeoutMs
    if (options.persisted && !recovered) {
      this.deps.record(
        session,
        {
          type: 'permission_request',
          at: createdAt,
          turnId: turn.id,
          requestId,
          toolCallId: call.toolCallId,
          tool: tool.name,
          ...shown,
          rememberKeys,
          inputHash: hashInput(call.input),
          expiresAt,
        },
        true,
      )
    }
    const waiting = parked.park<{ decision: PermissionDecision; remember: boolean }>(
      turn.id,
      requestId,
      recovered ? {} : { timeoutMs: this.deps.permissionTimeoutMs },
    )
    pending.add({
      kind: 'permission',
      requestId,
      sessionId: session.header.id,
      turnId: turn.id,
      toolCallId: call.toolCallId,
      source: { kind: 'parley', toolCallId: call.toolCallId },
      createdAt,
      recovered: recovered !== undefined,
      tool: tool.name,
      ...shown,
      expiresAt,
    })
    this.#announce(session, requestId)
    const outcome = await waiting
    this.#settled(
      session,
      requestId,
      outcome.kind === 'response'
        ? outcome.value.decision === 'allow'
          ? 'allowed'
          : 'denied'
        : outcome.reason,
    )
    if (outcome.kind === 'ended') {
      if (outcome.reason === 'timed_out') return decide('deny', 'timed_out', requestId, false, true)
      throw new TurnEndedError(outcome.reason)
    }
    // The decision record was written (and synced) by respondToPermission before it resolved us.
    if (outcome.value.remember) permissions.remember(turn.id, rememberKeys, outcome.value.decision)
    return outcome.value.decision === 'allow'
      ? true
      : deniedMessage(tool.name, 'user', session.mode)
  }

  async askUser(
    session: SessionState,
    turn: Turn,
    call: StepCall,
    input: AskUserQuestionInput,
    recovered: Extract<RecoveredCall, { kind: 'question' }> | undefined,
  ): Promise<AskUserQuestionResult> {
    const { parked, pending } = this.deps
    if (turn.stopping) throw new TurnEndedError(turn.stopReason ?? 'stopped')
    const requestId = recovered?.request.requestId ?? newId('ask')
    const createdAt = recovered?.request.at ?? this.deps.now()
    if (!recovered) {
      this.deps.record(
        session,
        {
          type: 'user_question_request',
          at: createdAt,
          turnId: turn.id,
          requestId,
          toolCallId: call.toolCallId,
          questions: input.questions,
        },
        true,
      )
    }
    const waiting = parked.park<AskUserQuestionResult>(turn.id, requestId)
    pending.add({
      kind: 'question',
      requestId,
      sessionId: session.header.id,
      turnId: turn.id,
      toolCallId: call.toolCallId,
      source: { kind: 'parley', toolCallId: call.toolCallId },
      createdAt,
      recovered: recovered !== undefined,
      questions: input.questions,
      draft: this.deps.loadDraft(requestId),
    })
    this.#announce(session, requestId)
    const outcome = await waiting
    this.#settled(session, requestId, outcome.kind === 'response' ? 'answered' : outcome.reason)
    // On a quit the question stays open in the log, and so does its half-filled form.
    if (outcome.kind === 'response' || outcome.reason !== 'shutdown') this.deps.dropDraft(requestId)
    if (outcome.kind === 'response') return outcome.value
    throw new TurnEndedError(outcome.reason)
  }

  #announce(session: SessionState, requestId: string): void {
    const interaction = this.deps.pending.get(requestId)
    if (interaction)
      this.deps.emit({ type: 'interaction_added', sessionId: session.header.id, interaction })
    this.deps.touch(session)
  }

  #settled(session: SessionState, requestId: string, outcome: SettleOutcome | ParkEndReason): void {
    this.deps.pending.remove(requestId)
    // A quit does not settle anything: the request is still open and comes back at the next start.
    if (outcome === 'shutdown') return
    this.deps.emit({
      type: 'interaction_settled',
      sessionId: session.header.id,
      requestId,
      outcome,
    })
    this.deps.touch(session)
  }
}
