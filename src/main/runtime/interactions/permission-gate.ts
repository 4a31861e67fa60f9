import type { InteractionSource, SettleOutcome } from '../../../shared/interactions'
import type { DeviceRef } from '../../../shared/devices'
import type { PermissionDecision } from '../../../shared/permission'
import type { DecisionReason } from '../../../shared/permission'
import type { Json } from '../../../shared/session-events'
import { deniedMessage, type PermissionEngine } from '../permissions/permission-engine'
import type { RecoveredCall } from '../sessions/recovery'
import { newId, type SessionState } from '../sessions/session-state'
import {
  hashInput,
  intentOfRecord,
  presentReview,
  reviewToolCall,
  type ToolIntent,
} from '../permissions/tool-intent'
import { TurnEndedError, type Turn } from '../sessions/turn'
import { grantFor, NO_GRANT, type SandboxGrant } from '../sandbox/sandbox-policy'
import {
  ToolError,
  type CallReview,
  type ReviewContext,
  type ToolCategory,
  type ToolDefinition,
} from '../tools/tool-types'
import { toolsetFor, type AgentKind } from '../tools/toolsets'
import type { AnsweredBy, BrokerDeps, InteractionBroker } from './broker'

/** The reason a person's (or the new mode's) answer is recorded with. */
const DECIDED_BY: Record<AnsweredBy, DecisionReason> = { person: 'user', mode: 'mode' }

/** How a permission answer reads in the UIs. */
const SETTLED_AS: Record<PermissionDecision, SettleOutcome> = { allow: 'allowed', deny: 'denied' }

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
  /** For a child agent's call: the parent's Task call, which the UIs show the prompt against. */
  parentCallId?: string
  /** Who asks, when it is not Parley's own agent (an ACP agent's file write). */
  source?: InteractionSource
  /** The tools this call may name: Parley's, plus the session's MCP tools. */
  tools: ReadonlyMap<string, ToolDefinition>
}

export interface GateDeps {
  broker: InteractionBroker
  permissions: PermissionEngine
  record: BrokerDeps['record']
  now(): number
  interactive: boolean
  /** How long a shown prompt waits before it settles as timed out, read per prompt; 0 = never. */
  permissionTimeoutMs(): number
  /** What a review knows besides the workspace (whether commands are sandboxed, the data dir). */
  reviewContext(workspace: string): ReviewContext
}

/** A call that may run, and what it may do beyond the sandbox. */
export interface Authorized {
  grant: SandboxGrant
}

const ALLOWED: Authorized = { grant: NO_GRANT }

/**
 * What a person's approval of a prompt lets the call do beyond the sandbox: exactly the exits
 * its parts named (the network, a write outside, credentials), nothing else.
 */
function approvedGrant(review: CallReview | undefined): SandboxGrant {
  return review ? grantFor(review.parts.flatMap((part) => part.exits ?? [])) : NO_GRANT
}

/** The permission category of a tool shown in a prompt (a tool Parley does not know is another program's). */
function categoryOf(tool: string): ToolCategory {
  return toolsetFor('interactive').get(tool)?.category ?? 'external'
}

interface Decision {
  decision: PermissionDecision
  reason: DecisionReason
  requestId: string | null
  remember: boolean
  note?: string | undefined
  /** The paired device the person answered from. */
  device?: DeviceRef | undefined
}

/**
 * Parley's permission policy at the moment a tool call would run: the mode decides, or a
 * decision remembered for this turn, or the person through the broker. Every
 * `permission_decision` record is written here, by `#record`, and only for calls in the log.
 */
export class PermissionGate {
  constructor(private readonly deps: GateDeps) {}

  /**
   * What the call may do when it may run; otherwise the message the model reads. Only a
   * person's answer to this call's own prompt grants anything beyond the sandbox: a remembered
   * decision, a mode's allow and an answer given before a restart run it sandboxed. `input` is the validated
   * input; the call is reviewed (what it would do, part by part, and its risk) before anything
   * remembered is consulted, and a call that cannot apply is refused without asking anyone.
   */
  async authorize(
    session: SessionState,
    turn: Turn,
    call: StepCall,
    tool: ToolDefinition,
    input: unknown,
    options: CallOptions,
  ): Promise<Authorized | string> {
    const { permissions, broker } = this.deps
    const recovered = options.recovered?.kind === 'permission' ? options.recovered : undefined
    const outcomeOf = (d: Decision, grant = NO_GRANT): Authorized | string =>
      d.decision === 'allow' ? { grant } : this.#deniedText(tool.name, d, session)
    if (recovered?.decision) {
      if (recovered.request.inputHash !== hashInput(call.input))
        return 'The approved input does not match this call, so it did not run.'
      return outcomeOf({
        decision: recovered.decision,
        reason: 'user',
        requestId: recovered.request.requestId,
        remember: false,
        note: recovered.note,
      })
    }
    const decide = (d: Decision, sync = false) => {
      if (options.persisted) this.#record(session, turn, call, d, sync)
      return outcomeOf(d)
    }
    let intent: ToolIntent
    let review: CallReview | undefined
    if (recovered) {
      // Shown again exactly as it was recorded, whatever has changed on disk since.
      intent = intentOfRecord(recovered.request)
    } else {
      const verdict = permissions.evaluate({
        tool: tool.name,
        category: tool.category,
        mode: session.mode,
        readOnlyHint: tool.readOnlyHint,
      })
      if (verdict.kind === 'refuse') return verdict.message
      // Execute mode allows edits inside the workspace without asking, but not a high-risk one
      // (a git hook, a file that runs code): that still asks.
      const reviewEditFirst =
        verdict.kind === 'allow' && session.mode === 'execute' && tool.category === 'edit'
      if (verdict.kind === 'allow' && !reviewEditFirst) return ALLOWED
      try {
        review = reviewToolCall(tool, input, this.deps.reviewContext(session.header.workspace))
      } catch (error) {
        // The call cannot apply (a path outside the workspace, an edit that does not match):
        // the model is told, and the person is not asked about something that would fail.
        if (error instanceof ToolError) return error.message
        throw error
      }
      if (reviewEditFirst && review.risk !== 'high') return ALLOWED
      // After the policy and the review's risk, never before them.
      const remembered = permissions.check(turn.id, review)
      if (remembered !== 'ask')
        return decide({
          decision: remembered,
          reason: 'remembered',
          requestId: null,
          remember: false,
        })
      intent = presentReview(tool.name, review)
    }
    const { rememberKeys, ...shown } = intent
    if (options.kind === 'headless' || (options.kind === 'child' && !this.deps.interactive))
      return decide({ decision: 'deny', reason: 'headless', requestId: null, remember: false })

    const requestId = recovered?.request.requestId ?? newId('perm')
    const createdAt = recovered?.request.at ?? this.deps.now()
    // A child's call is shown against the parent's Task card; it has no records of its own.
    const shownCallId = options.parentCallId ?? call.toolCallId
    const outcome = await broker.ask({
      session,
      turn,
      interaction: {
        kind: 'permission',
        requestId,
        sessionId: session.header.id,
        turnId: turn.id,
        toolCallId: shownCallId,
        source: options.source ?? { kind: 'parley', toolCallId: shownCallId },
        createdAt,
        recovered: recovered !== undefined,
        tool: tool.name,
        ...shown,
        expiresAt: null,
      },
      requestRecord:
        options.persisted && !recovered
          ? {
              type: 'permission_request',
              at: createdAt,
              turnId: turn.id,
              requestId,
              toolCallId: call.toolCallId,
              tool: tool.name,
              ...shown,
              rememberKeys,
              inputHash: hashInput(call.input),
              // The countdown starts when the prompt is shown; the record keeps its length.
              expiresAt: null,
            }
          : null,
      ...(recovered || this.deps.permissionTimeoutMs() === 0
        ? {}
        : { timeoutMs: this.deps.permissionTimeoutMs() }),
      commit: (answer, by, device) => {
        if (!options.persisted) return
        this.#record(
          session,
          turn,
          call,
          {
            decision: answer.decision,
            reason: DECIDED_BY[by],
            requestId,
            remember: answer.remember,
            note: answer.note,
            device,
          },
          true,
        )
      },
      outcomeOf: (answer) => SETTLED_AS[answer.decision],
    })
    if (outcome.kind === 'ended') {
      if (outcome.reason === 'timed_out')
        return decide({ decision: 'deny', reason: 'timed_out', requestId, remember: false }, true)
      throw new TurnEndedError(outcome.reason)
    }
    const { answer, by } = outcome.value
    if (answer.remember) permissions.remember(turn.id, rememberKeys, answer.decision)
    return outcomeOf(
      {
        decision: answer.decision,
        reason: DECIDED_BY[by],
        requestId,
        remember: answer.remember,
        note: answer.note,
      },
      by === 'person' ? approvedGrant(review) : NO_GRANT,
    )
  }

  /**
   * The session's mode changed: a prompt that the new mode would not ask is decided by it now
   * (bypass allows everything, execute allows file edits, explore refuses mutating tools).
   */
  modeChanged(session: SessionState): void {
    for (const request of this.deps.broker.list(session.header.id)) {
      if (request.kind !== 'permission' || request.recovered) continue
      if (!this.deps.broker.isLive(request.requestId)) continue
      const verdict = this.deps.permissions.evaluate({
        tool: request.tool,
        category: categoryOf(request.tool),
        mode: session.mode,
      })
      if (verdict.kind === 'ask') continue
      this.deps.broker.respond(
        request.requestId,
        {
          kind: 'permission',
          decision: verdict.kind === 'allow' ? 'allow' : 'deny',
          remember: false,
        },
        'mode',
      )
    }
  }

  #deniedText(tool: string, decision: Decision, session: SessionState): string {
    const message = deniedMessage(tool, decision.reason, session.mode)
    return decision.note ? `${message}\nThe user says: ${decision.note}` : message
  }

  #record(session: SessionState, turn: Turn, call: StepCall, d: Decision, sync: boolean): void {
    this.deps.record(
      session,
      {
        type: 'permission_decision',
        at: this.deps.now(),
        turnId: turn.id,
        requestId: d.requestId,
        toolCallId: call.toolCallId,
        decision: d.decision,
        reason: d.reason,
        remember: d.remember,
        ...(d.note ? { note: d.note } : {}),
        ...(d.device ? { device: d.device } : {}),
      },
      sync,
    )
  }
}
