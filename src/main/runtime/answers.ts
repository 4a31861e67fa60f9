import type { BridgeCalls, BridgeOutput, BridgeParsedInput } from '../../shared/bridge'
import type { DeviceRef } from '../../shared/devices'
import { contentErrors, type FormContent } from '../../shared/form-answers'
import type { FormInteraction } from '../../shared/interactions'
import type { InteractionBroker, RespondFailure, RespondResult } from './interactions/broker'
import type { ExternalAsker } from './interactions/external-asker'
import type { SessionStore } from './session-store'
import type { SessionState } from './sessions/session-state'
import type { TurnDriver } from './turn-drivers'

type Out<M extends keyof BridgeCalls> = Promise<BridgeOutput<M>>
type In<M extends keyof BridgeCalls> = BridgeParsedInput<M>

const ok = { ok: true } as const

/**
 * A broker result as one bridge call reports it: each call lists the failures it can have; any
 * other (which that kind of request never produces) is reported as an unknown request.
 */
function narrow<R extends RespondFailure['reason']>(
  result: RespondResult,
  reasons: readonly R[],
): { ok: true } | { ok: false; reason: R | 'unknown_request'; message?: string } {
  if (result.ok) return result
  const listed = reasons.find((reason) => reason === result.reason)
  return {
    ok: false,
    reason: listed ?? 'unknown_request',
    ...(result.message ? { message: result.message } : {}),
  }
}

/**
 * An orphaned form's answer, as the message that carries it to the agent instead: which question
 * it answers, then each field with its value.
 */
function formAsMessage(request: FormInteraction, content: FormContent): string {
  const lines = request.form.fields.flatMap((field) => {
    const value =
      content[field.key] ??
      ('otherKey' in field && field.otherKey ? content[field.otherKey] : undefined)
    if (value === undefined) return []
    return [`- ${field.title}: ${Array.isArray(value) ? value.join(', ') : String(value)}`]
  })
  const asked = request.form.message.trim()
  return [
    `My answer to your earlier question${asked ? ` (“${asked}”)` : ''}, which could not reach you before:`,
    ...(lines.length > 0 ? lines : ['(no fields filled in)']),
  ].join('\n')
}

export interface AnswersDeps {
  broker: InteractionBroker
  asker: ExternalAsker
  store: SessionStore
  driverFor(session: SessionState): TurnDriver
  /** Records the message and starts its turn (see Chat.startTurn). */
  startTurn(session: SessionState, text: string): string
  closed(): boolean
}

/**
 * The person's answers to what waits: permission prompts, questions, agent permissions and
 * forms (from this computer or a paired device), their drafts, and closing a request that no
 * asker waits on any more (dismissed, or sent on as a new message).
 */
export class Answers {
  constructor(private readonly deps: AnswersDeps) {}

  async respondToPermission(
    { requestId, decision, remember, scope, note }: In<'respondToPermission'>,
    device?: DeviceRef,
  ): Out<'respondToPermission'> {
    const answer = {
      kind: 'permission' as const,
      decision,
      remember,
      // A paired device answers for the turn only (its host refuses more; this holds anyway).
      ...(remember && scope && !device ? { scope } : {}),
      ...(note && decision === 'deny' ? { note } : {}),
    }
    return narrow(this.deps.broker.respond(requestId, answer, 'person', device), [
      'unknown_request',
      'wrong_kind',
    ])
  }

  async respondToQuestion(
    { requestId, answers }: In<'respondToQuestion'>,
    device?: DeviceRef,
  ): Out<'respondToQuestion'> {
    return narrow(
      this.deps.broker.respond(requestId, { kind: 'question', answers }, 'person', device),
      ['unknown_request', 'wrong_kind', 'answer_count', 'invalid_answer'],
    )
  }

  async respondToAgentPermission(
    { requestId, optionId }: In<'respondToAgentPermission'>,
    device?: DeviceRef,
  ): Out<'respondToAgentPermission'> {
    const answer = { kind: 'agent_permission' as const, optionId }
    return narrow(this.deps.broker.respond(requestId, answer, 'person', device), [
      'unknown_request',
      'wrong_kind',
      'unknown_option',
      'orphaned',
    ])
  }

  async respondToForm(
    { requestId, response }: In<'respondToForm'>,
    device?: DeviceRef,
  ): Out<'respondToForm'> {
    const answer = { kind: 'form' as const, response }
    return narrow(this.deps.broker.respond(requestId, answer, 'person', device), [
      'unknown_request',
      'wrong_kind',
      'invalid',
      'orphaned',
    ])
  }

  async sendFormAsMessage({
    requestId,
    response,
  }: In<'sendFormAsMessage'>): Out<'sendFormAsMessage'> {
    const request = this.deps.broker.get(requestId)
    const session = request && this.deps.store.session(request.sessionId)
    if (!request || !session) return { ok: false, reason: 'unknown_request' }
    if (request.kind !== 'form') return { ok: false, reason: 'wrong_kind' }
    if (!request.orphaned) return { ok: false, reason: 'not_orphaned' }
    if (response.action !== 'accept')
      return { ok: false, reason: 'invalid', message: 'only an accepted form can be sent on' }
    const problems = Object.entries(contentErrors(request.form, response.content))
    if (problems.length > 0)
      return {
        ok: false,
        reason: 'invalid',
        message: problems.map(([key, message]) => `${key}: ${message}`).join('; '),
      }
    if (session.turn || this.deps.closed())
      return { ok: false, reason: 'busy', message: 'a turn is running in this session' }
    if (!this.deps.asker.closeOrphan(request, 'sent_as_message', response))
      return { ok: false, reason: 'unknown_request' }
    // A session's agent is fixed when it is created, so the message reaches the agent that asked.
    const text = formAsMessage(request, response.content)
    return { ok: true, turnId: this.deps.startTurn(session, text) }
  }

  /**
   * Closes a request without answering it: one left open by a quit or crash (Parley's own: the
   * tool is told "not answered (app restarted)"), or one whose asker is gone. A live request is
   * the person's to answer (or Stop): dismissing it is refused rather than claiming a restart.
   */
  async dismissInteraction({ requestId }: In<'dismissInteraction'>): Out<'dismissInteraction'> {
    const request = this.deps.broker.get(requestId)
    const session = request && this.deps.store.session(request.sessionId)
    if (!request || !session) return { ok: false, reason: 'unknown_request' }
    if ((request.kind === 'form' || request.kind === 'agent_permission') && request.orphaned)
      return this.deps.asker.closeOrphan(request, 'dismissed')
        ? ok
        : { ok: false, reason: 'unknown_request' }
    if (!request.recovered)
      return {
        ok: false,
        reason: 'live_request',
        message: 'the agent is waiting for this answer: answer it, or stop the turn',
      }
    if (!this.deps.broker.isLive(requestId) || !session.turn)
      return { ok: false, reason: 'unknown_request' }
    await this.deps.driverFor(session).end(session, 'interrupted')
    return ok
  }

  async saveQuestionDraft({ requestId, draft }: In<'saveQuestionDraft'>): Out<'saveQuestionDraft'> {
    return narrow(await this.deps.broker.saveDraft(requestId, { kind: 'question', draft }), [
      'unknown_request',
      'wrong_kind',
    ])
  }

  async saveFormDraft({ requestId, draft }: In<'saveFormDraft'>): Out<'saveFormDraft'> {
    return narrow(await this.deps.broker.saveDraft(requestId, { kind: 'form', draft }), [
      'unknown_request',
      'wrong_kind',
    ])
  }

  async listPending({ sessionId }: In<'listPending'>): Out<'listPending'> {
    return this.deps.broker.list(sessionId)
  }
}
