import type { InteractionSource, SettleOutcome } from '../../../shared/interactions'
import type { PermissionDecision, RememberScope } from '../../../shared/permission'
import type { DecisionReason } from '../../../shared/permission'
import { toolCategory } from '../../../shared/pinned-tools'
import { deniedMessage, type PermissionEngine } from '../permissions/permission-engine'
import { decide, type DecideQuery, type PolicyDecision } from '../permissions/permission-policy'
import { workspaceKey, type PermissionRuleStore } from '../permissions/permission-rule-store'
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
  type StepCall,
  type ToolDefinition,
} from '../tools/tool-types'
import type { AgentKind } from '../tools/toolsets'
import type { AnsweredBy, BrokerDeps, InteractionBroker } from './broker'
import {
  permissionDecisionRecord,
  permissionRequestRecord,
  type GateDecision,
} from './permission-records'

/** The reason a person's (or the new mode's) answer is recorded with. */
const DECIDED_BY: Record<AnsweredBy, DecisionReason> = { person: 'user', mode: 'mode' }

/** How a permission answer reads in the UIs. */
const SETTLED_AS: Record<PermissionDecision, SettleOutcome> = { allow: 'allowed', deny: 'denied' }

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
  /** Lasting rules (this session, this project, all projects). */
  rules: PermissionRuleStore
  record: BrokerDeps['record']
  now(): number
  interactive: boolean
  /** How long a shown prompt waits before it settles as timed out, read per prompt; 0 = never. */
  permissionTimeoutMs(): number
  /** What a review knows besides the workspace (whether commands are sandboxed, the data dir). */
  reviewContext(workspace: string): ReviewContext
}

/**
 * What `authorize` answers: the call runs, with what it may do beyond the sandbox; or it does not,
 * and the model reads `message`.
 */
export type Authorization = { ok: true; grant: SandboxGrant } | { ok: false; message: string }

const ALLOWED: Authorization = { ok: true, grant: NO_GRANT }
const refused = (message: string): Authorization => ({ ok: false, message })

/** The call being authorized, with where it runs. */
interface GatedCall {
  session: SessionState
  turn: Turn
  call: StepCall
  tool: ToolDefinition
  options: CallOptions
}

/**
 * What a person's approval of a prompt lets the call do beyond the sandbox: exactly the exits
 * its parts named (the network, a write outside, credentials), nothing else.
 */
function approvedGrant(review: CallReview | undefined): SandboxGrant {
  return review ? grantFor(review.parts.flatMap((part) => part.exits ?? [])) : NO_GRANT
}

/**
 * Parley's permission policy at the moment a tool call would run: the mode decides, or a
 * decision remembered for this turn, or the person through the broker. Every
 * `permission_decision` record is written here (built by permission-records.ts), and only for
 * calls in the log.
 */
export class PermissionGate {
  constructor(private readonly deps: GateDeps) {}

  /**
   * Whether the call may run, and what it may do beyond the sandbox; otherwise the message the
   * model reads. Only a person's answer to this call's own prompt grants anything beyond the
   * sandbox: a remembered decision, a mode's allow and an answer given before a restart run it
   * sandboxed. `input` is the validated input; the call is reviewed (what it would do, part by
   * part, and its risk) before anything remembered is consulted, and a call that cannot apply is
   * refused without asking anyone.
   */
  async authorize(
    session: SessionState,
    turn: Turn,
    call: StepCall,
    tool: ToolDefinition,
    input: unknown,
    options: CallOptions,
  ): Promise<Authorization> {
    const recovered = options.recovered?.kind === 'permission' ? options.recovered : undefined
    if (recovered?.decision) {
      if (recovered.request.inputHash !== hashInput(call.input))
        return refused('The approved input does not match this call, so it did not run.')
      return this.#outcome(session, tool, {
        decision: recovered.decision,
        reason: 'user',
        requestId: recovered.request.requestId,
        remember: false,
        note: recovered.note,
      })
    }
    const gated: GatedCall = { session, turn, call, tool, options }
    // Shown again exactly as it was recorded, whatever has changed on disk since.
    const toAsk = recovered
      ? { intent: intentOfRecord(recovered.request), review: undefined }
      : this.#withoutPrompt(gated, input)
    if ('ok' in toAsk) return toAsk
    if (options.kind === 'headless' || (options.kind === 'child' && !this.deps.interactive))
      return this.#conclude(gated, {
        decision: 'deny',
        reason: 'headless',
        requestId: null,
        remember: false,
      })
    return this.#ask(gated, toAsk.intent, toAsk.review, recovered)
  }

  /**
   * The policy's answer without a prompt (`decide`, with the call's review where it depends on
   * what the call does); else what the prompt shows.
   */
  #withoutPrompt(
    gated: GatedCall,
    input: unknown,
  ): Authorization | { intent: ToolIntent; review: CallReview } {
    const { session, turn, tool } = gated
    const query: DecideQuery = {
      tool: tool.name,
      category: tool.category,
      mode: session.mode,
      readOnlyHint: tool.readOnlyHint,
      remembered: this.deps.permissions.turn(turn.id),
      rules: this.deps.rules.applicable(this.#place(session)),
    }
    let decision: PolicyDecision = decide(query)
    let review: CallReview | undefined
    if (decision.kind === 'review') {
      try {
        review = reviewToolCall(tool, input, this.deps.reviewContext(session.header.workspace))
      } catch (error) {
        // The call cannot apply (a path outside the workspace, an edit that does not match):
        // the model is told, and the person is not asked about something that would fail.
        if (error instanceof ToolError) return refused(error.message)
        throw error
      }
      decision = decide({ ...query, review })
    }
    switch (decision.kind) {
      case 'refuse':
        return refused(decision.message)
      case 'review':
      case 'ask':
        break
      case 'allow':
      case 'deny':
        if (decision.by === 'mode') return ALLOWED
        this.deps.rules.used(decision.rules.map((rule) => rule.id))
        return this.#conclude(gated, {
          decision: decision.kind,
          reason: decision.by,
          requestId: null,
          remember: false,
          rules: decision.rules,
        })
    }
    if (!review) throw new Error('a call is asked about only after its review')
    const intent = presentReview(tool.name, review)
    // A command says where it runs: the very grant the sandbox gets if the person allows it.
    if (tool.category !== 'command') return { intent, review }
    const sandboxed = this.deps.reviewContext(session.header.workspace).sandboxed ?? false
    return { intent: { ...intent, runsIn: { sandboxed, ...approvedGrant(review) } }, review }
  }

  /** Asks the person through the broker (again, for a prompt left open by a restart). */
  async #ask(
    gated: GatedCall,
    intent: ToolIntent,
    review: CallReview | undefined,
    recovered: Extract<RecoveredCall, { kind: 'permission' }> | undefined,
  ): Promise<Authorization> {
    const { session, turn, call, tool, options } = gated
    const { rememberKeys, rememberLabels, ...shown } = intent
    const requestId = recovered?.request.requestId ?? newId('perm')
    const createdAt = recovered?.request.at ?? this.deps.now()
    // A child's call is shown against the parent's Task card; it has no records of its own.
    const shownCallId = options.parentCallId ?? call.toolCallId
    const timeoutMs = this.deps.permissionTimeoutMs()
    const outcome = await this.deps.broker.ask({
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
          ? permissionRequestRecord({
              at: createdAt,
              turnId: turn.id,
              requestId,
              toolCallId: call.toolCallId,
              tool: tool.name,
              ...shown,
              rememberKeys,
              inputHash: hashInput(call.input),
            })
          : null,
      ...(recovered || timeoutMs === 0 ? {} : { timeoutMs }),
      commit: (answer, by, device) => {
        if (!options.persisted) return
        const { decision, remember, note } = answer
        const reason = DECIDED_BY[by]
        this.#record(gated, { decision, reason, requestId, remember, note, device }, true)
      },
      outcomeOf: (answer) => SETTLED_AS[answer.decision],
    })
    if (outcome.kind === 'ended') {
      if (outcome.reason !== 'timed_out') throw new TurnEndedError(outcome.reason)
      const timedOut = {
        decision: 'deny',
        reason: 'timed_out',
        requestId,
        remember: false,
      } as const
      return this.#conclude(gated, timedOut, true)
    }
    const { answer, by } = outcome.value
    if (answer.remember)
      this.#remember(session, turn, tool.name, answer, {
        keys: rememberKeys,
        labels: rememberLabels,
      })
    const { decision, remember, note } = answer
    return this.#outcome(
      session,
      tool,
      { decision, reason: DECIDED_BY[by], requestId, remember, note },
      by === 'person' ? approvedGrant(review) : NO_GRANT,
    )
  }

  /** A decision taken without the person: recorded (for a call in the log), then answered. */
  #conclude(gated: GatedCall, d: GateDecision, sync = false): Authorization {
    if (gated.options.persisted) this.#record(gated, d, sync)
    return this.#outcome(gated.session, gated.tool, d)
  }

  #outcome(
    session: SessionState,
    tool: ToolDefinition,
    d: GateDecision,
    grant = NO_GRANT,
  ): Authorization {
    return d.decision === 'allow'
      ? { ok: true, grant }
      : refused(this.#deniedText(tool.name, d, session))
  }

  /**
   * The session's mode changed: a prompt that the new mode would not ask is decided by it now
   * (bypass allows everything, execute allows file edits that are not high risk, explore refuses
   * mutating tools), through the same `decide` a new call goes through, with the prompt's risk.
   */
  modeChanged(session: SessionState): void {
    for (const request of this.deps.broker.list(session.header.id)) {
      if (request.kind !== 'permission' || request.recovered) continue
      if (!this.deps.broker.isLive(request.requestId)) continue
      const decision = decide({
        tool: request.tool,
        category: toolCategory(request.tool),
        mode: session.mode,
        review: { risk: request.risk, parts: [] },
      })
      const settled =
        decision.kind === 'allow' && decision.by === 'mode'
          ? 'allow'
          : decision.kind === 'refuse'
            ? 'deny'
            : null
      if (settled === null) continue
      this.deps.broker.respond(
        request.requestId,
        { kind: 'permission', decision: settled, remember: false },
        'mode',
      )
    }
  }

  /** Where a session's calls run, as lasting rules are keyed. */
  #place(session: SessionState) {
    return { sessionId: session.header.id, workspace: workspaceKey(session.header.workspace) }
  }

  /**
   * An answer given with Remember: for the turn, kept in memory; for a session, a project or all
   * projects, one lasting rule per key (and for the turn too, so the rest of this turn holds
   * even if the rules file cannot be saved).
   */
  #remember(
    session: SessionState,
    turn: Turn,
    tool: string,
    answer: { decision: PermissionDecision; scope?: RememberScope | undefined },
    { keys, labels }: { keys: readonly string[]; labels: readonly string[] },
  ): void {
    this.deps.permissions.remember(turn.id, keys, answer.decision)
    const scope = answer.scope ?? 'turn'
    if (scope === 'turn' || keys.length === 0) return
    this.deps.rules.add(
      this.#place(session),
      keys.map((key, i) => ({
        decision: answer.decision,
        scope,
        key,
        label: labels[i] ?? key,
        tool,
        sessionTitle: session.title,
      })),
    )
  }

  #deniedText(tool: string, decision: GateDecision, session: SessionState): string {
    const message = deniedMessage(tool, decision.reason, {
      mode: session.mode,
      timeoutMs: this.deps.permissionTimeoutMs(),
      ...(decision.rules ? { rules: decision.rules } : {}),
    })
    return decision.note ? `${message}\nThe user says: ${decision.note}` : message
  }

  #record({ session, turn, call }: GatedCall, d: GateDecision, sync: boolean): void {
    const record = permissionDecisionRecord(this.deps.now(), turn.id, call.toolCallId, d)
    this.deps.record(session, record, sync)
  }
}
