import { RequestError } from '@agentclientprotocol/sdk'
import type * as acp from '@agentclientprotocol/sdk'
import type { AgentPermissionOption, InteractionSource } from '../../../shared/interactions'
import type { PolicyOutcome } from '../interactions/asker'
import { agentCommandRisk } from './agent-command-risk'
import { agentCommandsFrom } from './agent-commands'
import type { ClientHandlers, InboundRequest } from './agent-connection'
import {
  formBody,
  formResponse,
  urlBody,
  urlResponse,
  type ElicitationParams,
  type LinkBody,
} from './elicitation-request'
import {
  namedPaths,
  permissionBody,
  permissionResponse,
  type AgentPermissionBody,
} from './permission-request'
import type { RunnerContext } from './runner-context'
import { applyUpdate, knownToolCall, markRejected, noteToolCall } from './session-update-records'
import {
  INVALID_PARAMS,
  PERMISSION_DENIED,
  readTextFile,
  resolveAgentPath,
  writeTextFile,
} from './workspace-files'

const CANCELLED: acp.RequestPermissionResponse = { outcome: { outcome: 'cancelled' } }

/**
 * What the agent asks of Parley during a session: its updates (recorded), permissions and forms
 * (brought to the person through the asker), and file reads and writes inside the workspace (a
 * write under Parley's own policy, unless the person's allow of the agent's call covered it).
 */
export class AgentRequests {
  constructor(private readonly c: RunnerContext) {}

  /** The connection's handlers for the agent's notifications and requests. */
  get handlers(): ClientHandlers {
    return {
      sessionUpdate: (params) => this.#onUpdate(params),
      requestPermission: (params, request) => this.#onPermission(params, request),
      createElicitation: (params, request) => this.#onElicitation(params, request),
      elicitationComplete: (elicitationId) => this.#urlWaits.get(elicitationId)?.abort(),
      readTextFile: (params) => this.#onRead(params),
      writeTextFile: (params, request) => this.#onWrite(params, request),
    }
  }

  #checkSession(sessionId: string | undefined): void {
    const ours = this.c.live?.agentSessionId
    if (sessionId !== undefined && ours !== undefined && sessionId !== ours) {
      throw new RequestError(INVALID_PARAMS, `unknown session "${sessionId.slice(0, 100)}"`)
    }
  }

  #onUpdate(params: acp.SessionNotification): void {
    if (params.sessionId !== this.c.live?.agentSessionId) return
    const { update } = params
    // The agent's commands are live state for the `/` menu, kept also while a load replays.
    if (update.sessionUpdate === 'available_commands_update') {
      this.c.commands = agentCommandsFrom(update.availableCommands)
      this.c.o.touch?.()
      return
    }
    if (this.c.loading) return
    if (update.sessionUpdate === 'session_info_update' && typeof update.title === 'string')
      this.c.o.retitle?.(update.title)
    this.c.apply(applyUpdate(this.c.updates, update, this.c.now()))
  }

  async #onPermission(
    params: acp.RequestPermissionRequest,
    request: InboundRequest,
  ): Promise<acp.RequestPermissionResponse> {
    this.#checkSession(params.sessionId)
    const turn = this.c.turn
    const live = this.c.live
    // Outside a turn (or after Stop) nobody is there to decide: the agent hears `cancelled`.
    if (!turn || turn.stopRequested || !live) return CANCELLED
    this.c.apply(noteToolCall(this.c.updates, params.toolCall, this.c.now()))
    // The request may name only the call's id: its files and diff came in earlier updates.
    const call = knownToolCall(this.c.updates, params.toolCall.toolCallId) ?? params.toolCall
    const shown = permissionBody({ ...params, toolCall: call })
    const review = await agentCommandRisk(call, this.c.o.workspace)
    const body: AgentPermissionBody = review
      ? {
          ...shown,
          risk: review.risk,
          ...(review.why !== undefined ? { riskWhy: review.why } : {}),
        }
      : shown
    // The review may have waited for the shell grammar: the turn may have ended meanwhile.
    if (this.c.turn !== turn || turn.stopRequested || this.c.live !== live) return CANCELLED
    const pending = this.c.pending.open(request, live.connection.signal, () => ({
      value: CANCELLED,
    }))
    const offered: readonly AgentPermissionOption[] = shown.options
    this.c.o.asker
      .ask({
        sessionId: this.c.o.sessionId,
        turnId: turn.id,
        source: this.c.source(request.rpcId, params.toolCall.toolCallId),
        body,
        signal: pending.signal,
      })
      .then(
        (outcome) => {
          if (outcome.kind === 'refused') {
            pending.fail(new RequestError(INVALID_PARAMS, outcome.message))
            return
          }
          const response = permissionResponse(outcome, offered)
          if (!pending.settle(response) || response.outcome.outcome !== 'selected') return
          const chosen = response.outcome.optionId
          const option = offered.find((o) => o.optionId === chosen)
          if (option?.kind === 'allow_once' || option?.kind === 'allow_always') {
            // The kind the person was shown (the request's, or what earlier updates said).
            this.c.grants.grant(this.#workspaceTargets(namedPaths(call)), call.kind)
          } else if (this.c.turn === turn) {
            this.c.updates = markRejected(this.c.updates, params.toolCall.toolCallId)
          }
        },
        () => pending.settle(CANCELLED),
      )
    return pending.result
  }

  /** The paths that resolve inside the workspace (others are never granted anything). */
  #workspaceTargets(paths: readonly string[]): string[] {
    return paths.flatMap((path) => {
      try {
        return [resolveAgentPath(this.c.o.workspace, path)]
      } catch {
        return []
      }
    })
  }

  async #onElicitation(
    params: ElicitationParams,
    request: InboundRequest,
  ): Promise<acp.CreateElicitationResponse> {
    if (!this.c.o.interactive) {
      throw new RequestError(
        INVALID_PARAMS,
        'Parley is running headless: there is no one to answer a form (elicitation was not advertised)',
      )
    }
    this.#checkSession(params.sessionId)
    const turn = this.c.turn
    const live = this.c.live
    if (!turn || turn.stopRequested || !live) {
      throw new RequestError(
        INVALID_PARAMS,
        'no turn is running in this session, so there is no one to ask',
      )
    }
    this.c.flushText()
    const pending = this.c.pending.open<acp.CreateElicitationResponse>(
      request,
      live.connection.signal,
      (cause) =>
        cause === 'agent_cancelled'
          ? { error: RequestError.requestCancelled() }
          : { value: { action: 'cancel' } satisfies acp.CreateElicitationResponse },
    )
    const link = urlBody(params)
    if (link) {
      const source = this.c.source(request.rpcId, params.toolCallId)
      const ask = { sessionId: this.c.o.sessionId, turnId: turn.id, source }
      this.c.o.asker.ask({ ...ask, body: link, signal: pending.signal }).then(
        (outcome) => {
          const answer = urlResponse(outcome, 'turn_ended')
          if (answer.ok) pending.settle(answer.response)
          else pending.fail(answer.error)
          if (answer.ok && answer.response.action === 'accept')
            this.#awaitUrlCompletion(params, ask, link, live.connection.signal)
        },
        () => pending.settle({ action: 'cancel' }),
      )
      return pending.result
    }
    this.c.o.asker
      .ask({
        sessionId: this.c.o.sessionId,
        turnId: turn.id,
        source: this.c.source(request.rpcId, params.toolCallId),
        body: formBody(params),
        signal: pending.signal,
      })
      .then(
        (outcome) => {
          const answer = formResponse(outcome, 'turn_ended')
          if (answer.ok) pending.settle(answer.response)
          else pending.fail(answer.error)
        },
        () => pending.settle({ action: 'cancel' }),
      )
    return pending.result
  }

  /** URL-mode elicitations opened and not yet complete, by elicitation id. */
  readonly #urlWaits = new Map<string, AbortController>()

  /** After Open: "waiting for <agent>…" until `elicitation/complete`, the agent exits, or Cancel. */
  #awaitUrlCompletion(
    params: ElicitationParams,
    ask: { sessionId: string; turnId: string; source: InteractionSource },
    link: LinkBody,
    gone: AbortSignal,
  ): void {
    const id = typeof params.elicitationId === 'string' ? params.elicitationId : undefined
    if (id === undefined || this.#urlWaits.has(id)) return
    const complete = new AbortController()
    this.#urlWaits.set(id, complete)
    void this.c.o.asker
      .ask({
        ...ask,
        body: { ...link, purpose: 'waiting' },
        signal: AbortSignal.any([complete.signal, gone]),
      })
      .finally(() => this.#urlWaits.delete(id))
  }

  async #onRead(params: acp.ReadTextFileRequest): Promise<acp.ReadTextFileResponse> {
    this.#checkSession(params.sessionId)
    return readTextFile(this.c.o.workspace, params)
  }

  async #onWrite(params: acp.WriteTextFileRequest, request: InboundRequest): Promise<void> {
    this.#checkSession(params.sessionId)
    const turn = this.c.turn
    const live = this.c.live
    if (!turn || turn.stopRequested || !live) {
      throw new RequestError(
        PERMISSION_DENIED,
        'no turn is running: Parley lets an agent write files only during a turn',
      )
    }
    this.c.flushText()
    const stopped = new RequestError(PERMISSION_DENIED, 'the turn was stopped before the write')
    const pending = this.c.pending.open<void>(request, live.connection.signal, () => ({
      error: stopped,
    }))
    const authorize = async (write: {
      target: string
      shown: string
      content: string
    }): Promise<PolicyOutcome> => {
      if (this.c.grants.take(write)) return { allowed: true }
      return this.c.o.asker.authorize({
        sessionId: this.c.o.sessionId,
        turnId: turn.id,
        source: this.c.source(request.rpcId),
        tool: 'fs/write_text_file',
        input: { path: write.shown, content: write.content },
        readOnly: false,
        signal: pending.signal,
      })
    }
    writeTextFile(this.c.o.workspace, params, async (write) => {
      const outcome = await authorize(write)
      // Claimed before the file is touched: a Stop that came first wins, and nothing is written.
      if (outcome.allowed && !pending.claim()) return { allowed: false, message: stopped.message }
      return outcome
    }).then(
      () => pending.deliver({ value: undefined }),
      (error: unknown) => {
        const failure = error instanceof Error ? error : new Error(String(error))
        if (!pending.fail(failure)) pending.deliver({ error: failure })
      },
    )
    return pending.result
  }
}
