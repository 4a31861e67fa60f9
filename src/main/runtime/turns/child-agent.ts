import type { ModelMessage } from 'ai'
import { wireIds } from '../sessions/tool-call-ids'
import { TurnEndedError, type Turn } from '../sessions/turn'
import type { StepCall, ToolDefinition } from '../tools/tool-types'
import type { ModelStepResult } from './model-step'
import { wireInput } from './replay'
import type { CallOutcome } from './tool-call'

const MAX_CHILD_STEPS = 20

/** What a child agent's loop needs from its turn: its tools, a model step, a call run. */
export interface ChildDeps {
  toolsFor(): Promise<ReadonlyMap<string, ToolDefinition>>
  /** One model step of the child, its text not streamed to the UIs. */
  streamStep(
    step: number,
    messages: ModelMessage[],
    tools: ReadonlyMap<string, ToolDefinition>,
  ): Promise<ModelStepResult>
  /** One of its calls, in memory (asked about against the parent's Task call). */
  executeCall(call: StepCall, tools: ReadonlyMap<string, ToolDefinition>): Promise<CallOutcome>
}

/** The Task tool: a child agent in memory, sharing the turn's stop signal and the FIFO. */
export async function runChildAgent(deps: ChildDeps, turn: Turn, prompt: string): Promise<string> {
  const messages: ModelMessage[] = [{ role: 'user', content: prompt }]
  const wireId = wireIds()
  let finalText = ''
  for (let step = 0; step < MAX_CHILD_STEPS; step++) {
    const tools = await deps.toolsFor()
    const { text, calls } = await deps.streamStep(step, messages, tools)
    if (turn.stopping) throw new TurnEndedError(turn.stopReason ?? 'stopped')
    finalText = text
    if (calls.length === 0) return finalText
    const ids = calls.map((call) => wireId(call))
    messages.push({
      role: 'assistant',
      content: [
        ...(text ? [{ type: 'text' as const, text }] : []),
        ...calls.map((c, i) => ({
          type: 'tool-call' as const,
          toolCallId: ids[i] as string,
          toolName: c.toolName,
          input: wireInput(c.input),
        })),
      ],
    })
    const outcomes = await Promise.all(calls.map((call) => deps.executeCall(call, tools)))
    messages.push({
      role: 'tool',
      content: calls.map((call, i) => {
        const outcome = outcomes[i] as CallOutcome
        return {
          type: 'tool-result' as const,
          toolCallId: ids[i] as string,
          toolName: call.toolName,
          output: outcome.isError
            ? { type: 'error-json' as const, value: outcome.output }
            : { type: 'json' as const, value: outcome.output },
        }
      }),
    })
  }
  return `${finalText}\n(child agent stopped after ${MAX_CHILD_STEPS} steps)`
}
