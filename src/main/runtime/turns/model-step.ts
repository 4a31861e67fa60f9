import {
  InvalidToolInputError,
  jsonSchema,
  streamText,
  tool as aiTool,
  type FinishReason,
  type ModelMessage,
  type ToolSet,
} from 'ai'
import { z } from 'zod'
import type { BridgeEvent } from '../../../shared/bridge'
import type { PermissionMode } from '../../../shared/permission'
import type { Json } from '../../../shared/session-events'
import { LIMITS } from '../../../shared/limits'
import type { ModelBackend } from '../models/model-backend'
import { describeModelError, stallFailure, type ModelFailure } from '../models/model-errors'
import { afterRetries, retryDelayMs, RETRY_POLICY } from '../models/model-retry'
import type { ParkedRequests } from '../interactions/parked-requests'
import { StreamWatchdog } from './stream-watchdog'
import { keptProviderId, mintToolCallId } from '../sessions/tool-call-ids'
import type { Turn } from '../sessions/turn'
import type { AgentKind } from '../tools/toolsets'
import type { ToolDefinition } from '../tools/tool-types'
import { withProjectInstructions, type ProjectInstructions } from '../projects/project-instructions'

const INSTRUCTIONS = [
  "You are an agent working in the user's workspace folder through the tools you are given. Paths are relative to the workspace.",
  'When you need the user to decide between a few concrete options to continue, call AskUserQuestion (if you have it) instead of asking in prose and ending your turn.',
  "Mutating tools may need the user's permission; if a call is denied, do not retry it unchanged.",
].join('\n')

/** One tool call of a model step, under Parley's own id. */
export interface ModelCall {
  /** Minted by Parley: unique in the session whatever the server sent. */
  toolCallId: string
  /** The server's id, kept to send back (absent when unusable). */
  providerCallId: string | undefined
  toolName: string
  input: Json
  /**
   * Set when the SDK could not parse the arguments (not JSON, often cut off at the output
   * limit): what the model is told instead of running the tool.
   */
  invalidInput: string | undefined
}

export interface ModelStepResult {
  text: string
  calls: ModelCall[]
  finishReason: FinishReason | undefined
  /** The text ends early: the turn was stopped mid-stream, or the reply hit the output limit. */
  cutOff: boolean
  /**
   * The tokens of context the step used, as the model reported (its input and output), when it
   * reported them: what the session header shows.
   */
  contextTokens?: number
}

/** A model step that failed; the text streamed before the failure is kept by the caller. */
export class ModelStepError extends Error {
  constructor(
    readonly failure: ModelFailure,
    readonly partialText: string,
    readonly step: number,
  ) {
    super(failure.message)
  }
}

export interface ModelStepDeps {
  backend(): ModelBackend
  parked: ParkedRequests
  emit(event: BridgeEvent): void
  /** Read per call, so a changed setting applies to the next model call. */
  streamIdleMs(): number
  /** Waits between retries; rejects or resolves early when `signal` aborts. */
  sleep(ms: number, signal: AbortSignal): Promise<void>
}

export interface ModelStepRequest {
  turn: Turn
  step: number
  mode: PermissionMode
  messages: ModelMessage[]
  kind: AgentKind
  /** The tools offered: Parley's for this kind of agent, plus the session's MCP tools. */
  tools: ReadonlyMap<string, ToolDefinition>
  /** Root steps stream their text to the UIs; a child agent's do not. */
  emitDeltas: boolean
  /** AGENTS.md (else CLAUDE.md) at the workspace root, as read for this call. */
  projectInstructions?: ProjectInstructions | null
}

function toJson(value: unknown): Json {
  return JSON.parse(JSON.stringify(value ?? null)) as Json
}

/** The step's tools as `streamText` tools: no `execute`, since Parley runs the tool loop itself. */
export function aiToolsFor(definitions: ReadonlyMap<string, ToolDefinition>): ToolSet {
  const tools: ToolSet = {}
  for (const tool of definitions.values()) {
    tools[tool.name] = aiTool({
      description: tool.description,
      inputSchema: jsonSchema(
        (tool.inputJsonSchema ?? z.toJSONSchema(tool.inputSchema, { io: 'input' })) as Parameters<
          typeof jsonSchema
        >[0],
      ),
    })
  }
  return tools
}

/** What the model reads when its arguments could not be parsed (the SDK's own parse error). */
function invalidInputMessage(toolName: string, error: unknown, hitLimit: boolean): string {
  const cause = InvalidToolInputError.isInstance(error) ? error.cause : error
  const why = cause instanceof Error ? (cause.cause instanceof Error ? cause.cause : cause) : null
  const reason = why ? why.message.replace(/\s+/g, ' ').slice(0, 300) : 'they could not be parsed'
  const head = `Your arguments for ${toolName} are not valid JSON (${reason}), so it did not run.`
  return hitLimit
    ? `${head} Your output hit the output token limit in the middle of this call: make the call smaller (for example, write a large file in several parts) and call it again.`
    : `${head} Call it again with complete, valid JSON arguments.`
}

/**
 * One model call of a turn, streamed: text deltas go to the UIs as they arrive, tool calls get
 * Parley's own ids. A call that fails before anything of it arrived (a rate limit, a 5xx, a
 * refused connection) is tried again after a wait announced with `turn_retrying`; one that fails
 * after text arrived is not (the text is already shown): it throws `ModelStepError` with that
 * text. The watchdog counts every received byte as life and is paused while anything is parked.
 */
export async function runModelStep(
  deps: ModelStepDeps,
  request: ModelStepRequest,
): Promise<ModelStepResult> {
  const { turn, step } = request
  const tools = aiToolsFor(request.tools)
  for (let attempt = 1; ; attempt++) {
    const idleMs = deps.streamIdleMs()
    const idle = new AbortController()
    const watchdog = new StreamWatchdog(turn.id, deps.parked, idleMs, () => idle.abort())
    let text = ''
    let finishReason: FinishReason | undefined
    let contextTokens: number | undefined
    const calls: Array<ModelCall & { parseError?: unknown }> = []
    let failure: ModelFailure | undefined
    try {
      const result = streamText({
        model: await deps
          .backend()
          .create({ mode: request.mode, onActivity: () => watchdog.kick() }),
        instructions: withProjectInstructions(INSTRUCTIONS, request.projectInstructions ?? null),
        messages: request.messages,
        tools,
        maxRetries: 0,
        abortSignal: AbortSignal.any([turn.abort.signal, idle.signal]),
        onError: () => {},
      })
      for await (const part of result.stream) {
        watchdog.kick()
        if (part.type === 'text-delta') {
          text += part.text
          if (request.emitDeltas && part.text !== '')
            deps.emit({
              type: 'text_delta',
              sessionId: turn.sessionId,
              turnId: turn.id,
              step,
              text: part.text,
            })
        } else if (part.type === 'tool-call') {
          const invalid = part.invalid === true && InvalidToolInputError.isInstance(part.error)
          calls.push({
            toolCallId: mintToolCallId(),
            providerCallId: keptProviderId(part.toolCallId, LIMITS.providerCallId),
            toolName: part.toolName,
            input: toJson(part.input),
            invalidInput: undefined,
            ...(invalid ? { parseError: part.error } : {}),
          })
        } else if (part.type === 'finish-step') {
          finishReason = part.finishReason
          const { inputTokens, outputTokens } = part.usage
          if (inputTokens !== undefined) contextTokens = inputTokens + (outputTokens ?? 0)
        } else if (part.type === 'error') {
          throw part.error
        }
      }
    } catch (caught) {
      if (!turn.stopping)
        failure = idle.signal.aborted ? stallFailure(idleMs) : describeModelError(caught)
    } finally {
      watchdog.stop()
    }
    if (turn.stopping)
      return { text, calls: [], finishReason, cutOff: text !== '' && !finishReason }
    if (!failure && idle.signal.aborted) failure = stallFailure(idleMs)
    if (failure) {
      const nothingArrived = text === '' && calls.length === 0
      const wait = nothingArrived ? retryDelayMs(failure, attempt) : undefined
      if (wait === undefined) throw new ModelStepError(afterRetries(failure, attempt), text, step)
      deps.emit({
        type: 'turn_retrying',
        sessionId: turn.sessionId,
        turnId: turn.id,
        attempt: attempt + 1,
        maxAttempts: RETRY_POLICY.maxAttempts,
        retryInMs: wait,
        message: failure.retryReason,
      })
      await deps.sleep(wait, turn.abort.signal).catch(() => {})
      if (turn.stopping) return { text: '', calls: [], finishReason: undefined, cutOff: false }
      continue
    }
    const hitLimit = finishReason === 'length'
    return {
      text,
      calls: calls.map(({ parseError, ...call }) =>
        parseError === undefined
          ? call
          : { ...call, invalidInput: invalidInputMessage(call.toolName, parseError, hitLimit) },
      ),
      finishReason,
      cutOff: hitLimit && calls.length === 0,
      ...(contextTokens !== undefined ? { contextTokens } : {}),
    }
  }
}
