import type { z } from 'zod'
import type { Json } from '../../../shared/session-events'
import type { Risk } from '../../../shared/permission'
import type { AskUserQuestionInput, AskUserQuestionResult } from '../../../shared/ask-user-question'
import type { ToolCategory } from '../../../shared/pinned-tools'
import type { CommandSandbox } from '../sandbox/command-sandbox'
import type { SandboxExit, SandboxGrant } from '../sandbox/sandbox-policy'

export type { ToolCategory }

/** A failure the model can act on: becomes an error tool result with this message. */
export class ToolError extends Error {}

/** What a tool may use while it runs. Injected per call, so tools hold no state of their own. */
export interface ToolContext {
  /** Absolute path of the session's workspace; every path is confined to it. */
  workspace: string
  /** Aborted when the turn stops, errors or the app shuts down. */
  signal: AbortSignal
  /**
   * The environment for the commands the model runs: Parley's own, less every credential
   * (provider keys, the variables Parley reads keys from, any variable holding a stored key).
   */
  commandEnv(): Promise<NodeJS.ProcessEnv>
  /** The sandbox commands run in (found once per runtime). */
  sandbox: CommandSandbox
  /** What this call may do beyond the sandbox: only what a person approved for it. */
  grant: SandboxGrant
  /** The call being run: which session, turn and tool call (an MCP server's questions follow it). */
  call: { sessionId: string; turnId: string; toolCallId: string }
  /** Parks the turn on the person's answers (AskUserQuestion). */
  askUser(input: AskUserQuestionInput): Promise<AskUserQuestionResult>
  /** Runs a child agent to completion and returns its final text (Task). */
  runChild(description: string, prompt: string): Promise<string>
}

/** True when calls of this category go through the permission policy. */
export function needsPermission(category: ToolCategory): boolean {
  switch (category) {
    // An `external` tool is another program's (an MCP server's): its read-only hint is only a hint.
    case 'edit':
    case 'command':
    case 'external':
      return true
    case 'read':
    case 'ask':
    case 'delegate':
      return false
  }
}

/**
 * One thing a call does that the person approves on its own: a simple command, a redirection
 * (a write to that path), a file write.
 */
export interface ReviewPart {
  /** As written in the call. */
  text: string
  risk: Risk
  /** Why it is risky, in words ("deletes files"). */
  why?: string
  /** The remember-for-turn key; null when it is never remembered (inline code, high risk…). */
  key: string | null
  /** What remembering it covers, in words: "`npm test` with any files in the workspace". */
  label: string
  /** What it needs beyond the sandbox (the network, a write outside): asked, never remembered. */
  exits?: SandboxExit[]
}

/** How one call is put to the person: what the prompt shows, the log keeps and Remember covers. */
export interface CallReview {
  /** One line: what the call will do (every part of a compound command is named). */
  summary: string
  /** The full command or diff; never truncated. */
  detail: string
  /** The highest risk of its parts. */
  risk: Risk
  parts: ReviewPart[]
  /** Commands list their parts in the prompt; a file tool's single part only carries its key. */
  showParts: boolean
}

/** What a tool's review may use. */
export interface ReviewContext {
  workspace: string
  /**
   * Commands run in a sandbox: Remember may cover a program with any files in the workspace.
   * Without one (or when not said) it repeats only the exact command.
   */
  sandboxed?: boolean
  /** Parley's data folder: what a command does there is high risk (it holds the keys). */
  dataDir?: string
}

export interface ToolDefinition<Input = unknown> {
  name: string
  description: string
  inputSchema: z.ZodType<Input>
  /** A pinned tool's is its entry's in `PINNED_TOOLS`, which the UIs read too. */
  category: ToolCategory
  /**
   * The input's JSON Schema as offered to the model, for tools that bring their own (an MCP
   * server's); otherwise it is derived from `inputSchema`.
   */
  inputJsonSchema?: { [key: string]: Json }
  /** The tool says it only reads (an MCP `readOnlyHint`): explore mode allows it, nothing else. */
  readOnlyHint?: boolean
  /** Drops harmless extras some models add before the input is validated (optional). */
  normalizeInput?(input: Json): Json
  /**
   * How a call is shown for approval (tools that can need permission). Throws a ToolError when
   * the call cannot apply (a path outside the workspace, an edit that does not match): the model
   * is told, and the person is not asked about something that would fail. Synchronous, so
   * parallel calls reach the person in call order.
   */
  review?(input: Input, context: ReviewContext): CallReview
  execute(input: Input, context: ToolContext): Promise<Json>
}

/** Erases a tool's input type so tools of different inputs share one table. */
export function defineTool<Input>(tool: ToolDefinition<Input>): ToolDefinition {
  return tool as unknown as ToolDefinition
}

/** One tool call of a model step, as the model made it (its input not validated yet). */
export interface StepCall {
  toolCallId: string
  toolName: string
  input: Json
}
