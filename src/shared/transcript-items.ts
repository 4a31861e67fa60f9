import type { AskUserQuestionResult } from './ask-user-question'
import type { AttachmentRef } from './attachments'
import type { DecisionReason, PermissionDecision } from './permission'
import type { RuleRef } from './permission-rules'
import type { AgentPlanEntry, Json, TurnEndReason, TurnErrorKind } from './session-events'
import type { ToolOrigin } from './tool-summary'

/** The items of the transcript model (transcript.ts): what each UI draws a row or a line for. */

/** How a tool call stands. */
export type ToolStatus =
  | 'running'
  /** A permission prompt about it is open. */
  | 'waiting'
  | 'done'
  | 'error'
  | 'denied'
  /** Cut short by Stop. */
  | 'stopped'
  /** Cut short by the app closing. */
  | 'interrupted'
  /** An agent's call its turn ended without (stopped, or the agent went on without it). */
  | 'cancelled'
  /** An agent's call the person rejected. */
  | 'rejected'

/** How the permission policy or the person decided a call. */
export type ToolPermission = {
  decision: PermissionDecision
  reason: DecisionReason
  /** "Remember for this turn" was ticked. */
  remember: boolean
  /** A prompt was shown (false: the mode or a remembered decision decided). */
  prompted: boolean
  /** The lasting rules that decided it (reason `rule`). */
  rules?: RuleRef[]
}

/**
 * Why a question closed without answers: its turn ended (how, once its `turn_end` is in: stopped,
 * aborted, failed, or the app closed), or it was never asked (its input was invalid, the tool
 * was not offered).
 */
export type QuestionClosed =
  'turn_ended' | 'stopped' | 'aborted' | 'failed' | 'interrupted' | 'not_asked'

/** One item of the transcript. `key` is unique in the session and stable, so views key on it. */
export type TranscriptItem =
  | {
      kind: 'user'
      key: string
      turnId: string
      text: string
      at: number
      /** Files mentioned with `@` and images, by reference (their copies are beside the log). */
      attachments?: readonly AttachmentRef[]
    }
  /** One model step's text; `streaming` until its `assistant_text` record is committed. */
  | {
      kind: 'assistant'
      key: string
      turnId: string
      text: string
      streaming: boolean
      /** The reply ends early (stopped, failed, or the model's output limit). */
      cutOff: boolean
    }
  | {
      kind: 'tool'
      key: string
      turnId: string
      /** The tool's name (an ACP agent's call: its title). */
      tool: string
      origin: ToolOrigin
      input: Json
      output: Json | undefined
      status: ToolStatus
      /** True when the runtime wrote the result itself (stop, abort, removal, restart). */
      synthetic: boolean
      /** Set when a permission decision was recorded for this call. */
      permission: ToolPermission | undefined
      /** An ACP agent's call: the id of its open permission request (status `waiting`). */
      waitingOn?: string
    }
  /** An AskUserQuestion call: the questions and, once answered, the choices made. */
  | {
      kind: 'question'
      key: string
      turnId: string
      tool: string
      /** The call's input as the model wrote it. */
      input: Json
      /** The questions' texts. */
      questions: readonly string[]
      answers: AskUserQuestionResult['answers'] | undefined
      closed: QuestionClosed | undefined
      /** What the tool answered when the question could not be asked (its result, as is). */
      refusal?: Json
    }
  /** A turn that did not complete normally; completed turns leave no item. */
  | {
      kind: 'turn_end'
      key: string
      turnId: string
      reason: Exclude<TurnEndReason, 'completed'>
      error: string | undefined
      errorKind: TurnErrorKind | undefined
      /** The technical cause, for a Details disclosure. */
      errorDetail: string | undefined
    }
  /** A stretch of an ACP agent's reasoning, whole (views cut it to their space). */
  | { kind: 'thought'; key: string; turnId: string; text: string }
  /** An ACP agent's plan for a turn; one per turn, each plan replacing the one before. */
  | { kind: 'plan'; key: string; turnId: string; entries: readonly AgentPlanEntry[] }
  /** A line of its own: a log notice, an agent that exited, a client's note. */
  | {
      kind: 'notice'
      key: string
      text: string
      tone: 'info' | 'error'
      /** A files rewind: the id of the checkpoint of the files just before it, to undo it. */
      undoTurnId?: string
    }
