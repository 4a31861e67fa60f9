import type { ModelMessage } from 'ai'
import type { BridgeEvent } from '../../../shared/bridge'
import type { SessionEvent, TurnEndReason } from '../../../shared/session-events'
import type { ParkedRequests } from '../interactions/parked-requests'
import type { CommandSandbox } from '../sandbox/command-sandbox'
import { type ParkEndReason } from '../interactions/parked-requests'
import type { PermissionEngine } from '../permissions/permission-engine'
import { toModelMessages } from './replay'
import { attachmentPartsFor } from './attachment-parts'
import type { SessionState } from '../sessions/session-state'
import { Turn, TurnEndedError, type TurnStopReason } from '../sessions/turn'
import type { ModelBackend } from '../models/model-backend'
import { describeModelError, outputLimitFailure, type ModelFailure } from '../models/model-errors'
import { ModelStepError, runModelStep, type ModelStepResult } from './model-step'
import type { RecoveredCall } from '../sessions/recovery'
import { toolsetFor, type AgentKind } from '../tools/toolsets'
import type { StepCall, ToolDefinition } from '../tools/tool-types'
import type { InteractionBroker } from '../interactions/broker'
import type { DraftStore } from '../interactions/draft-store'
import type { CallOptions, PermissionGate } from '../interactions/permission-gate'
import { executeCall, type CallOutcome, type ResultToCommit } from './tool-call'
import { runChildAgent } from './child-agent'
import { bashGrammarLoaded, loadBashGrammar } from '../tools/shell/bash-grammar'
import { readProjectInstructions } from '../projects/project-instructions'
import {
  assistantTextRecord,
  contextUsageRecord,
  toolResultRecord,
  turnEndRecord,
} from '../sessions/turn-records'

const MAX_STEPS = 50

/** How requests parked in a turn end when the turn is ended from outside. */
const PARK_END_FOR_STOP: Record<TurnStopReason, ParkEndReason> = {
  stopped: 'stopped',
  aborted: 'aborted',
  removed: 'removed',
  shutdown: 'shutdown',
  interrupted: 'dismissed',
}

/** How a turn ended from outside is written in the log (`shutdown` leaves it open instead). */
const END_FOR_STOP: Record<Exclude<TurnStopReason, 'shutdown'>, TurnEndReason> = {
  stopped: 'stopped',
  aborted: 'aborted',
  removed: 'aborted',
  interrupted: 'interrupted',
}

/** Why a tool call still open when its turn ends did not finish: its synthetic result says so. */
const UNFINISHED_BECAUSE: Record<TurnEndReason, (error: string | undefined) => string> = {
  stopped: () => 'the turn was stopped by the user',
  interrupted: () => 'not answered (app restarted)',
  error: (error) => `the turn failed: ${error ?? 'unknown error'}`,
  aborted: () => 'the turn was aborted',
  // A completed turn has no open call; one left over was cut short all the same.
  completed: () => 'the turn was aborted',
}

/** The engine's view of the runtime: where records go and what it may use. */
export interface EngineDeps {
  parked: ParkedRequests
  broker: InteractionBroker
  gate: PermissionGate
  drafts: DraftStore
  permissions: PermissionEngine
  backend(): ModelBackend
  /** Appends a record to the session log (fsync when `sync`) and tells the UIs. */
  record(session: SessionState, event: SessionEvent, sync?: boolean): void
  emit(event: BridgeEvent): void
  /** Tells the UIs the session's summary changed (running, pending count). */
  touch(session: SessionState): void
  interactive: boolean
  /** The stream idle limit for the next model call (a setting, so read each time). */
  streamIdleMs(): number
  /** Waits between automatic retries of a failed model call; ends early when `signal` aborts. */
  sleep(ms: number, signal: AbortSignal): Promise<void>
  /** The environment for commands the model runs: no credentials (see command-environment.ts). */
  commandEnv(): Promise<NodeJS.ProcessEnv>
  /** The sandbox commands run in (found when the runtime starts). */
  commandSandbox(): CommandSandbox
  /** Tools of the session's MCP servers (started on first use), beside Parley's own. */
  externalTools(session: SessionState): Promise<readonly ToolDefinition[]>
  /** Awaited before a new turn's first step (the workspace's checkpoint); never rejects. */
  beforeTurn?(session: SessionState, turnId: string): Promise<void>
  now(): number
}

/** Runs turns: the step loop over `streamText`, tool calls, permission prompts and questions. */
export class TurnEngine {
  constructor(private readonly deps: EngineDeps) {}

  /** Starts a new turn for a user message already recorded. */
  start(session: SessionState, turnId: string): Turn {
    const turn = new Turn(turnId, session.header.id)
    session.turn = turn
    turn.done = this.#run(session, turn, 0, [])
    return turn
  }

  /** Picks up a turn found open at start-up: its open calls first, then the next steps. */
  resume(session: SessionState, turnId: string, step: number, calls: RecoveredCall[]): Turn {
    const turn = new Turn(turnId, session.header.id)
    for (const { call } of calls) turn.openCalls.set(call.toolCallId, call.tool)
    session.turn = turn
    turn.done = this.#run(session, turn, step + 1, calls)
    return turn
  }

  /** Ends a turn from outside (stop, removal, shutdown) and waits for its loop to finish. */
  async end(session: SessionState, reason: TurnStopReason): Promise<void> {
    const turn = session.turn
    if (!turn) return
    turn.requestStop(reason)
    this.deps.parked.settleTurn(turn.id, PARK_END_FOR_STOP[reason])
    await turn.done
  }

  async #run(
    session: SessionState,
    turn: Turn,
    firstStep: number,
    recovered: RecoveredCall[],
  ): Promise<void> {
    const kind: AgentKind = this.deps.interactive ? 'interactive' : 'headless'
    this.deps.emit({ type: 'turn_started', sessionId: turn.sessionId, turnId: turn.id })
    this.deps.touch(session)
    let reason: TurnEndReason = 'completed'
    let failure: ModelFailure | undefined
    try {
      // Permission reviews parse commands synchronously; the grammar must be there first. If it
      // cannot load, every command is reviewed as unparseable (high risk, never remembered).
      if (!bashGrammarLoaded()) await loadBashGrammar().catch(() => undefined)
      if (firstStep === 0 && recovered.length === 0) await this.deps.beforeTurn?.(session, turn.id)
      if (recovered.length > 0) {
        // Synchronously: recovered requests are back in the FIFO before start-up finishes. An MCP
        // server's tool is not among them (its server started afresh); such a call is told so.
        const tools = toolsetFor(kind)
        await Promise.all(
          recovered.map((r) =>
            this.#executeRootCall(
              session,
              turn,
              { toolCallId: r.call.toolCallId, toolName: r.call.tool, input: r.call.input },
              { kind, persisted: true, recovered: r, tools },
            ),
          ),
        )
      }
      for (let step = firstStep; !turn.stopping; step++) {
        if (step >= MAX_STEPS)
          throw new Error(`the turn reached the limit of ${MAX_STEPS} model steps`)
        // The session's MCP servers may come and go between steps: offer what is there now.
        const tools = await this.#toolsFor(session, kind)
        const { text, calls, finishReason, cutOff, contextTokens } = await this.#streamStep(
          session,
          turn,
          step,
          toModelMessages(session.events, {
            attachmentParts: attachmentPartsFor(session.writer.path),
          }),
          kind,
          tools,
        )
        if (text !== '') this.#recordText(session, turn, step, text, cutOff)
        // A model that counts nothing (the scripted fake says 0) shows no usage.
        if (contextTokens !== undefined && contextTokens > 0)
          this.#recordUsage(session, contextTokens)
        if (turn.stopping) break
        // A reply cut off at the output limit is not a finished turn: say so (Retry continues it).
        if (finishReason === 'length' && calls.length === 0)
          throw new ModelStepError(outputLimitFailure(), '', step)
        for (const call of calls) {
          turn.openCalls.set(call.toolCallId, call.toolName)
          this.deps.record(session, {
            type: 'tool_call',
            at: this.deps.now(),
            turnId: turn.id,
            step,
            toolCallId: call.toolCallId,
            ...(call.providerCallId !== undefined && call.providerCallId !== call.toolCallId
              ? { providerCallId: call.providerCallId }
              : {}),
            tool: call.toolName,
            input: call.input,
          })
        }
        if (calls.length === 0) break
        await Promise.all(
          calls.map((call) =>
            this.#executeRootCall(session, turn, call, { kind, persisted: true, tools }),
          ),
        )
      }
    } catch (caught) {
      if (!turn.stopping) {
        reason = 'error'
        if (caught instanceof ModelStepError) {
          failure = caught.failure
          // Text streamed before the failure stays, marked: it was shown, and the model sees it.
          if (caught.partialText !== '')
            this.#recordText(session, turn, caught.step, caught.partialText, true)
        } else {
          failure = describeModelError(caught)
        }
      }
    }
    this.#finish(session, turn, reason, failure)
  }

  #recordText(
    session: SessionState,
    turn: Turn,
    step: number,
    text: string,
    cutOff: boolean,
  ): void {
    this.deps.record(
      session,
      assistantTextRecord({ at: this.deps.now(), turnId: turn.id, step, text, cutOff }),
    )
  }

  #finish(
    session: SessionState,
    turn: Turn,
    reason: TurnEndReason,
    failure: ModelFailure | undefined,
  ): void {
    const error = failure?.message
    const stop = turn.stopReason
    this.deps.parked.settleTurn(turn.id, stop === 'shutdown' ? 'shutdown' : 'stopped')
    this.deps.permissions.endTurn(turn.id)
    session.turn = undefined
    if (stop === 'shutdown') {
      // Quitting is not the end of a turn: open calls and parked requests stay open in the log.
      this.deps.touch(session)
      return
    }
    const endReason = stop ? END_FOR_STOP[stop] : reason
    const why = UNFINISHED_BECAUSE[endReason](error)
    for (const [toolCallId, tool] of [...turn.openCalls]) {
      this.commitResult({
        session,
        turn,
        toolCallId,
        tool,
        output: { error: `${tool} did not finish: ${why}` },
        isError: true,
        synthetic: true,
      })
    }
    this.deps.record(
      session,
      turnEndRecord(
        this.deps.now(),
        turn.id,
        endReason,
        failure && { error: failure.message, errorKind: failure.kind, errorDetail: failure.detail },
      ),
      true,
    )
    this.deps.touch(session)
  }

  /** Writes a tool call's one result. False if it already has one (first writer wins). */
  commitResult({
    session,
    turn,
    toolCallId,
    tool,
    output,
    isError,
    synthetic = false,
    sync = false,
    device,
  }: ResultToCommit): boolean {
    if (!turn.openCalls.delete(toolCallId)) return false
    this.deps.record(
      session,
      toolResultRecord({
        at: this.deps.now(),
        turnId: turn.id,
        toolCallId,
        tool,
        output,
        isError,
        synthetic,
        ...(device ? { device } : {}),
      }),
      sync,
    )
    return true
  }

  async #executeRootCall(
    session: SessionState,
    turn: Turn,
    call: StepCall,
    options: CallOptions,
  ): Promise<void> {
    try {
      const outcome = await this.#executeCall(session, turn, call, options)
      if (outcome.committed) return
      this.commitResult({
        session,
        turn,
        toolCallId: call.toolCallId,
        tool: call.toolName,
        output: outcome.output,
        isError: outcome.isError,
      })
    } catch (caught) {
      // The turn was ended while this call waited; #finish writes its synthetic result (or, on
      // shutdown, leaves it open for the next start).
      if (!(caught instanceof TurnEndedError)) throw caught
    }
  }

  /** The context the model last said it used, for the session header (when it changed). */
  #recordUsage(session: SessionState, used: number): void {
    const tokens = Math.max(0, Math.round(used))
    const last = session.events.findLast((e) => e.type === 'context_usage')
    if (last?.type === 'context_usage' && last.used === tokens) return
    this.deps.record(session, contextUsageRecord({ at: this.deps.now(), used: tokens }))
    this.deps.touch(session)
  }

  async #streamStep(
    session: SessionState,
    turn: Turn,
    step: number,
    messages: ModelMessage[],
    kind: AgentKind,
    tools: ReadonlyMap<string, ToolDefinition>,
    emitDeltas = true,
  ): Promise<ModelStepResult> {
    return runModelStep(this.deps, {
      turn,
      step,
      mode: session.mode,
      messages,
      kind,
      tools,
      emitDeltas,
      projectInstructions: await readProjectInstructions(session.header.workspace),
    })
  }

  /** Parley's tools for this kind of agent, plus the session's MCP tools. */
  async #toolsFor(
    session: SessionState,
    kind: AgentKind,
  ): Promise<ReadonlyMap<string, ToolDefinition>> {
    const external = await this.deps.externalTools(session)
    if (external.length === 0) return toolsetFor(kind)
    return new Map([...external.map((t) => [t.name, t] as const), ...toolsetFor(kind)])
  }

  #executeCall(
    session: SessionState,
    turn: Turn,
    call: StepCall & { invalidInput?: string | undefined },
    options: CallOptions,
  ): Promise<CallOutcome> {
    return executeCall(
      {
        ...this.deps,
        commitResult: (result) => this.commitResult(result),
        runChild: (prompt, parentCallId) =>
          runChildAgent(
            {
              toolsFor: () => this.#toolsFor(session, 'child'),
              streamStep: (step, messages, tools) =>
                this.#streamStep(session, turn, step, messages, 'child', tools, false),
              executeCall: (childCall, tools) =>
                this.#executeCall(session, turn, childCall, {
                  kind: 'child',
                  persisted: false,
                  parentCallId,
                  tools,
                }),
            },
            turn,
            prompt,
          ),
      },
      { session, turn, call, options },
    )
  }
}
