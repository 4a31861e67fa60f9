import type { z } from 'zod'
import type { Json } from '../../../shared/session-events'
import type { AskUserQuestionInput, AskUserQuestionResult } from '../../../shared/ask-user-question'

/** A failure the model can act on: becomes an error tool result with this message. */
export class ToolError extends Error {}

/** What a tool may use while it runs. Injected per call, so tools hold no state of their own. */
export interface ToolContext {
  /** Absolute path of the session's workspace; every path is confined to it. */
  workspace: string
  /** Aborted when the turn stops, errors or the app shuts down. */
  signal: AbortSignal
  /** Parks the turn on the person's answers (AskUserQuestion). */
  askUser(input: AskUserQuestionInput): Promise<AskUserQuestionResult>
  /** Runs a child agent to completion and returns its final text (Task). */
  runChild(description: string, prompt: string): Promise<string>
}

export interface ToolDefinition<Input = unknown> {
  name: string
  description: string
  inputSchema: z.ZodType<Input>
  /** Mutating tools go through the permission engine; read-only ones never ask. */
  mutating: boolean
  /** Drops harmless extras some models add before the input is validated (optional). */
  normalizeInput?(input: Json): Json
  execute(input: Input, context: ToolContext): Promise<Json>
}

/** Erases a tool's input type so tools of different inputs share one table. */
export function defineTool<Input>(tool: ToolDefinition<Input>): ToolDefinition {
  return tool as unknown as ToolDefinition
}
