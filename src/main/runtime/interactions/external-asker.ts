import type { DeviceRef } from '../../../shared/devices'
import type { PendingInteraction } from '../../../shared/interactions'
import { checkLink } from '../../../shared/link-request'
import { LIMITS } from '../../../shared/limits'
import type { SessionEvent, SessionEventOf } from '../../../shared/session-events'
import { newId, type SessionState } from '../sessions/session-state'
import { TurnEndedError } from '../sessions/turn'
import type {
  AskAnswer,
  AskBody,
  AskOutcome,
  AskRequest,
  InteractionAsker,
  PolicyOutcome,
  PolicyRequest,
} from './asker'
import type { InteractionBroker, RespondFailure } from './broker'
import type { DraftStore } from './draft-store'
import type { ParkEndReason } from './parked-requests'
import type { PermissionGate } from './permission-gate'
import { toolsetFor } from '../tools/toolsets'
import { FormDraftSchema, type FormResponse } from '../../../shared/form-schema'
import { formFromSchema } from './form-from-schema'
import {
  contentProblem,
  ENDED_UNANSWERED,
  FORM_OUTCOME,
  headlessAnswer,
  LINK_OPTIONS,
  optionOfKind,
  type RequestRecord,
  type ResponseOutcome,
} from './external-answers'

export interface ExternalAskerDeps {
  broker: InteractionBroker
  gate: PermissionGate
  drafts: DraftStore
  session(sessionId: string): SessionState | undefined
  record(session: SessionState, event: SessionEvent, sync?: boolean): void
  now(): number
  /**
   * False in a headless run: nobody is there to answer, so a permission is refused (allowed in
   * bypass mode) and a form declined, at once and on the record, as Parley's own prompts are.
   */
  interactive: boolean
  /** How long a shown agent permission waits before its reject option is sent; 0 = never. */
  permissionTimeoutMs(): number
}

/**
 * The broker as ACP agents and MCP servers reach it (`InteractionAsker`). Requests are recorded as
 * `interaction_request` and closed by exactly one `interaction_response` (the answer, or how it
 * ended); a request still open when the app quits comes back at the next start, orphaned.
 */
export class ExternalAsker implements InteractionAsker {
  constructor(private readonly deps: ExternalAskerDeps) {}

  async ask<B extends AskBody>(request: AskRequest<B>): Promise<AskOutcome<AskAnswer<B>>> {
    const session = this.deps.session(request.sessionId)
    const turn = session?.turn
    if (!session || !turn || turn.id !== request.turnId || turn.stopping)
      return { kind: 'ended', reason: 'stopped' }
    const shown = this.#shown(request.body)
    if (!shown.ok) return { kind: 'refused', message: shown.message }
    const requestId = newId('req')
    const base = {
      requestId,
      sessionId: session.header.id,
      turnId: turn.id,
      createdAt: this.deps.now(),
      recovered: false,
      source: request.source,
    }
    const record: RequestRecord = {
      type: 'interaction_request',
      at: base.createdAt,
      turnId: turn.id,
      requestId,
      source: request.source,
      request: shown.request,
    }
    const close = (
      outcome: ResponseOutcome,
      response?: { optionId: string } | FormResponse,
      device?: DeviceRef,
    ) =>
      this.deps.record(
        session,
        {
          type: 'interaction_response',
          at: this.deps.now(),
          turnId: turn.id,
          requestId,
          outcome,
          ...(response ? { response } : {}),
          ...(device ? { device } : {}),
        },
        true,
      )
    if (!this.deps.interactive) {
      this.deps.record(session, record, true)
      const answer = headlessAnswer(shown.request, session.mode)
      close(answer.outcome, answer.response)
      return { kind: 'answered', value: answer.response } as AskOutcome<AskAnswer<B>>
    }
    const outcome = await this.#askBroker(
      session,
      turn,
      shown.request,
      base,
      record,
      close,
      request.signal,
    )
    if (outcome.kind === 'answered') return outcome as AskOutcome<AskAnswer<B>>
    // Nobody answered in time: the agent hears its own "reject", not a cancel, so it goes on.
    const reject =
      outcome.reason === 'timed_out' && shown.request.kind === 'agent_permission'
        ? optionOfKind(shown.request.options, 'reject')
        : undefined
    if (reject) {
      close('timed_out', { optionId: reject.optionId })
      return { kind: 'answered', value: { optionId: reject.optionId } } as AskOutcome<AskAnswer<B>>
    }
    const ended = ENDED_UNANSWERED[outcome.reason]
    if (ended.closeAs) close(ended.closeAs)
    return { kind: 'ended', reason: ended.asker }
  }

  /** A call under Parley's permission policy, asked about (if the mode asks) like Parley's own. */
  async authorize(request: PolicyRequest): Promise<PolicyOutcome> {
    const session = this.deps.session(request.sessionId)
    const turn = session?.turn
    if (!session || !turn || turn.id !== request.turnId || turn.stopping)
      return { allowed: false, message: 'the turn has ended' }
    // An ACP agent's file write is a write_file under Parley's policy, shown with its diff.
    const tool = toolsetFor('interactive').get(
      request.tool === 'fs/write_text_file' ? 'write_file' : request.tool,
    )
    if (!tool) return { allowed: false, message: `${request.tool} is not a call Parley can check` }
    const parsed = tool.inputSchema.safeParse(request.input)
    if (!parsed.success)
      return {
        allowed: false,
        message: `invalid input for ${request.tool}: ${parsed.error.message}`,
      }
    try {
      const verdict = await this.deps.gate.authorize(
        session,
        turn,
        { toolCallId: newId('call'), toolName: tool.name, input: request.input },
        tool,
        parsed.data,
        {
          kind: 'interactive',
          persisted: true,
          source: request.source,
          tools: toolsetFor('interactive'),
        },
      )
      return verdict.ok ? { allowed: true } : { allowed: false, message: verdict.message }
    } catch (error) {
      if (error instanceof TurnEndedError) return { allowed: false, message: 'the turn has ended' }
      throw error
    }
  }

  /**
   * Requests left open in the log by the previous run: their askers are gone, so they are shown
   * orphaned (answerable only as a new message, or dismissed).
   */
  restoreOrphans(session: SessionState): void {
    const closed = new Set<string>()
    for (const event of session.events)
      if (event.type === 'interaction_response') closed.add(event.requestId)
    for (const event of session.events) {
      if (event.type !== 'interaction_request' || closed.has(event.requestId)) continue
      this.deps.broker.restoreOrphan(session, this.#orphanFrom(session, event))
    }
  }

  /**
   * Closes an orphaned request (its asker is gone) on the record: dismissed, or answered as the
   * new message that carries `response`. False when it is not an open orphan.
   */
  closeOrphan(
    request: PendingInteraction,
    outcome: 'dismissed' | 'sent_as_message',
    response?: FormResponse,
  ): boolean {
    const record: SessionEventOf<'interaction_response'> = {
      type: 'interaction_response',
      at: this.deps.now(),
      turnId: request.turnId,
      requestId: request.requestId,
      outcome,
      ...(response ? { response } : {}),
    }
    return this.deps.broker.closeOrphan(request.requestId, record, outcome)
  }

  #orphanFrom(session: SessionState, event: RequestRecord): PendingInteraction {
    const base = {
      requestId: event.requestId,
      sessionId: session.header.id,
      turnId: event.turnId,
      createdAt: event.at,
      recovered: true,
      source: event.source,
      orphaned: true,
    }
    const request = event.request
    return request.kind === 'form'
      ? {
          kind: 'form',
          ...base,
          form: request.form,
          draft: this.deps.drafts.load(event.requestId, FormDraftSchema),
        }
      : { ...request, ...base }
  }

  #shown(
    body: AskBody,
  ): { ok: true; request: RequestRecord['request'] } | { ok: false; message: string } {
    switch (body.kind) {
      case 'agent_permission': {
        const ids = body.options.map((o) => o.optionId)
        if (
          body.options.length === 0 ||
          body.options.length > 10 ||
          new Set(ids).size !== ids.length ||
          ids.some((id) => id === '' || id.length > LIMITS.id)
        )
          return {
            ok: false,
            message: `permission options must be 1–10, with distinct ids of 1–${LIMITS.id} characters`,
          }
        return {
          ok: true,
          request: {
            kind: 'agent_permission',
            title: body.title.slice(0, LIMITS.questionText),
            detail: body.detail.slice(0, LIMITS.payloadBytes / 4),
            ...(body.toolKind ? { toolKind: body.toolKind.slice(0, 40) } : {}),
            ...(body.command ? { command: body.command.slice(0, LIMITS.agentToolText) } : {}),
            locations: body.locations.slice(0, 50).map((l) => l.slice(0, LIMITS.path)),
            options: body.options,
            ...(body.risk ? { risk: body.risk } : {}),
            ...(body.riskWhy ? { riskWhy: body.riskWhy.slice(0, LIMITS.optionDescription) } : {}),
            // A patch cut short would misdescribe the change: one too long is left to `detail`.
            ...(body.diffs?.length
              ? {
                  diffs: body.diffs
                    .filter((d) => d.patch.length <= LIMITS.agentDiffText)
                    .slice(0, 10)
                    .map((d) => ({ path: d.path.slice(0, LIMITS.path), patch: d.patch })),
                }
              : {}),
          },
        }
      }
      case 'link': {
        const checked = checkLink(body.url, body.message)
        if (!checked) return { ok: false, message: 'the link must be an http:// or https:// URL' }
        return {
          ok: true,
          request: {
            kind: 'agent_permission',
            title: body.message.slice(0, LIMITS.questionText),
            detail: checked.url,
            locations: [],
            options: LINK_OPTIONS[body.purpose],
            link: { purpose: body.purpose, ...checked },
          },
        }
      }
      case 'agent_sign_in': {
        const shown = this.#shown({
          kind: 'agent_permission',
          title: body.title,
          detail: body.detail,
          locations: [],
          options: body.options,
        })
        return shown.ok && shown.request.kind === 'agent_permission'
          ? { ok: true, request: { ...shown.request, signIn: body.signIn } }
          : shown
      }
      case 'form': {
        if (body.mode !== undefined && body.mode !== 'form')
          return {
            ok: false,
            message: `elicitation mode "${body.mode}" is not supported; Parley answers form requests only`,
          }
        const normalized = formFromSchema({
          message: body.message,
          requestedSchema: body.requestedSchema,
        })
        return normalized.ok
          ? { ok: true, request: { kind: 'form', form: normalized.form } }
          : normalized
      }
    }
  }

  async #askBroker(
    session: SessionState,
    turn: NonNullable<SessionState['turn']>,
    request: RequestRecord['request'],
    base: Omit<PendingInteraction, 'kind'> & { requestId: string },
    record: RequestRecord,
    close: (
      outcome: ResponseOutcome,
      response?: { optionId: string } | FormResponse,
      device?: DeviceRef,
    ) => void,
    signal: AbortSignal | undefined,
  ): Promise<
    | { kind: 'answered'; value: { optionId: string } | FormResponse }
    | { kind: 'ended'; reason: ParkEndReason }
  > {
    const { broker } = this.deps
    const common = { session, turn, requestRecord: record, ...(signal ? { signal } : {}) }
    if (request.kind === 'agent_permission') {
      const timeoutMs = this.deps.permissionTimeoutMs()
      const outcome = await broker.ask({
        ...common,
        ...(timeoutMs > 0 ? { timeoutMs } : {}),
        interaction: { ...base, ...request, orphaned: false },
        check: ({ optionId }): RespondFailure | null =>
          request.options.some((o) => o.optionId === optionId)
            ? null
            : { ok: false, reason: 'unknown_option', message: `no option "${optionId}"` },
        commit: ({ optionId }, _by, device) => close('answered', { optionId }, device),
        outcomeOf: ({ optionId }) =>
          request.options.find((o) => o.optionId === optionId)?.kind.startsWith('allow')
            ? 'allowed'
            : 'denied',
      })
      return outcome.kind === 'response'
        ? { kind: 'answered', value: { optionId: outcome.value.answer.optionId } }
        : outcome
    }
    const outcome = await broker.ask({
      ...common,
      interaction: { kind: 'form', ...base, form: request.form, draft: null, orphaned: false },
      check: ({ response }): RespondFailure | null => {
        const problem = contentProblem(request.form, response)
        return problem ? { ok: false, reason: 'invalid', message: problem } : null
      },
      commit: ({ response }, _by, device) => close(FORM_OUTCOME[response.action], response, device),
      outcomeOf: ({ response }) => FORM_OUTCOME[response.action],
    })
    return outcome.kind === 'response'
      ? { kind: 'answered', value: outcome.value.answer.response }
      : outcome
  }
}
