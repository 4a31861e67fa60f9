import type { DeviceRef } from '../../../shared/devices'
import { errorMessage } from '../../../shared/plain-error'
import type { Json } from '../../../shared/session-events'
import type { InteractionBroker } from '../interactions/broker'
import type { DraftStore } from '../interactions/draft-store'
import type { CallOptions, PermissionGate } from '../interactions/permission-gate'
import { askQuestion } from '../interactions/question-request'
import type { CommandSandbox } from '../sandbox/command-sandbox'
import { NO_GRANT } from '../sandbox/sandbox-policy'
import type { SessionState } from '../sessions/session-state'
import { TurnEndedError, type Turn } from '../sessions/turn'
import { describeInputProblems } from '../tools/input-problems'
import { needsPermission, ToolError, type StepCall, type ToolContext } from '../tools/tool-types'

/** `committed`: the result is in the log already (an answered question writes its own, synced). */
export type CallOutcome = { output: Json; isError: boolean; committed?: true }

/** A tool call's one result, as `commitResult` writes it. */
export interface ResultToCommit {
  session: SessionState
  turn: Turn
  toolCallId: string
  tool: string
  output: Json
  isError: boolean
  /** Written by the runtime on stop/abort/removal rather than by the tool. */
  synthetic?: boolean
  /** fsync before returning (an answer the person gave is durable before it is acknowledged). */
  sync?: boolean
  /** The paired device the answer came from (AskUserQuestion answered from a phone). */
  device?: DeviceRef
}

/** What running one call needs from the turn engine. */
export interface CallDeps {
  gate: PermissionGate
  broker: InteractionBroker
  drafts: DraftStore
  now(): number
  commandSandbox(): CommandSandbox
  commandEnv(): Promise<NodeJS.ProcessEnv>
  /** Writes the call's one result (an answered question writes its own). */
  commitResult(result: ResultToCommit): boolean
  /** The Task tool's child agent, run in the same turn. */
  runChild(prompt: string, parentCallId: string): Promise<string>
}

/** One call of a model step, as the model made it (`invalidInput`: arguments the SDK could not parse). */
export interface CallToRun {
  session: SessionState
  turn: Turn
  call: StepCall & { invalidInput?: string | undefined }
  options: CallOptions
}

function toJson(value: unknown): Json {
  return JSON.parse(JSON.stringify(value ?? null)) as Json
}

/**
 * Runs one tool call: its input checked against the tool's schema (a bad call answered with every
 * problem), permission through the gate where the tool needs it, then the tool itself. A
 * recovered call that cannot run again says why; a turn ended meanwhile ends the call too.
 */
export async function executeCall(
  deps: CallDeps,
  { session, turn, call, options }: CallToRun,
): Promise<CallOutcome> {
  // Arguments the SDK could not parse: the model reads why (and whether it hit the output limit).
  if (call.invalidInput !== undefined)
    return { output: { error: call.invalidInput }, isError: true }
  const recovered = options.recovered
  if (recovered?.kind === 'interrupted') {
    return {
      output: {
        error: `${call.toolName} was interrupted: the app stopped while it was running, so it may or may not have taken effect`,
      },
      isError: true,
    }
  }
  const tools = options.tools
  const tool = tools.get(call.toolName)
  if (!tool && recovered) {
    return {
      output: {
        error: `${call.toolName} was waiting when the app stopped and its server has started afresh, so it did not run; call it again if it is still needed`,
      },
      isError: true,
    }
  }
  if (!tool) {
    return {
      output: {
        error: `Unknown tool "${call.toolName}". Available tools: ${[...tools.keys()].sort().join(', ')}.`,
      },
      isError: true,
    }
  }
  const input = tool.normalizeInput ? tool.normalizeInput(call.input) : call.input
  const parsed = tool.inputSchema.safeParse(input)
  if (!parsed.success) {
    return {
      output: { error: describeInputProblems(tool.name, parsed.error, input) },
      isError: true,
    }
  }
  let grant = NO_GRANT
  if (needsPermission(tool.category)) {
    const decision = await deps.gate.authorize(session, turn, call, tool, parsed.data, options)
    if (!decision.ok) return { output: { error: decision.message }, isError: true }
    grant = decision.grant
  }
  let answered = false
  const context: ToolContext = {
    sandbox: deps.commandSandbox(),
    grant,
    workspace: session.header.workspace,
    call: { sessionId: session.header.id, turnId: turn.id, toolCallId: call.toolCallId },
    signal: turn.abort.signal,
    commandEnv: () => deps.commandEnv(),
    askUser: async (input) => {
      const result = await askQuestion(
        {
          broker: deps.broker,
          drafts: deps.drafts,
          now: deps.now,
          commitResult: (result) => deps.commitResult(result),
        },
        session,
        turn,
        call,
        input,
        recovered?.kind === 'question' ? recovered : undefined,
      )
      answered = true
      return result
    },
    runChild: (_description, prompt) => deps.runChild(prompt, call.toolCallId),
  }
  try {
    const output = toJson(await tool.execute(parsed.data, context))
    return { output, isError: false, ...(answered ? { committed: true as const } : {}) }
  } catch (caught) {
    if (caught instanceof TurnEndedError) throw caught
    if (turn.stopping) throw new TurnEndedError(turn.stopReason ?? 'stopped')
    return {
      output: {
        error:
          caught instanceof ToolError
            ? caught.message
            : `${tool.name} failed: ${errorMessage(caught)}`,
      },
      isError: true,
    }
  }
}
