import type { AgentSignIn } from '../../../shared/agent-sign-in'
import type { AgentPermissionOption, InteractionSource } from '../../../shared/interactions'
import type { FormResponse } from '../../../shared/form-schema'
import type { Json } from '../../../shared/session-events'
import type { Risk } from '../../../shared/permission'

/**
 * How askers other than Parley's own tools reach the person: an ACP agent
 * (`session/request_permission`, `elicitation/create`) or an MCP server (`elicitation/create`).
 * They hand over what their protocol sent; the interaction broker behind this interface owns the
 * rest: it validates and bounds the request (a form's schema is normalized, credential-like fields
 * and unknown types are marked unsupported, an unsupported mode is refused), writes the request to
 * the session log (synced) before it is shown, queues it in the session's FIFO, writes the answer
 * (synced) before resolving, and settles it when the turn ends or the app quits.
 */
export type AskBody =
  | {
      kind: 'agent_permission'
      /** The tool call's title (for Codex: the command). */
      title: string
      /** Everything else the agent said about the call, as text (content, diff, raw input). */
      detail: string
      toolKind?: string
      /**
       * For an `execute` call: the command line its raw input says it runs (the title may be only
       * the model's description of it).
       */
      command?: string
      locations: string[]
      options: AgentPermissionOption[]
      /** For a command: Parley's own risk review of it, and why the riskiest part is risky. */
      risk?: Risk
      riskWhy?: string
      /** The file changes, as unified patches (also described in `detail`). */
      diffs?: Array<{ path: string; patch: string }>
    }
  | {
      kind: 'form'
      /** The asker's message, shown above the fields. */
      message: string
      /** `requestedSchema` exactly as the peer sent it; the broker checks and bounds it. */
      requestedSchema: unknown
      /** The elicitation mode the peer asked for; only `form` is supported here (see `link`). */
      mode?: string
    }
  | {
      /**
       * A page the asker wants opened: an MCP server's sign-in (`sign_in`: "Sign in" / "Not
       * now"), an URL-mode elicitation (`open`: "Open" / "Decline" / "Cancel"), or the wait after
       * one was opened (`waiting`: "Cancel" until the asker withdraws it by saying it is done).
       * Parley never fetches the page; only the person's click opens it.
       */
      kind: 'link'
      purpose: 'sign_in' | 'open' | 'waiting'
      /** What the asker says, shown as the tray's title. */
      message: string
      url: string
    }
  | {
      /**
       * An ACP agent answered "authentication required": its ways to sign in, Parley's offer of
       * a provider key it keeps from agents, "I signed in" after a terminal login, "Not now".
       */
      kind: 'agent_sign_in'
      title: string
      /** The same in text, for a UI that shows only text. */
      detail: string
      options: AgentPermissionOption[]
      signIn: AgentSignIn
    }

/** What the person answered, by body kind. */
export type AskAnswer<B extends AskBody> = B extends {
  kind: 'agent_permission' | 'link' | 'agent_sign_in'
}
  ? { optionId: LinkChoice | string }
  : FormResponse

/** The option ids of a link request, which are also what the person chose. */
export type LinkChoice = 'open' | 'not_now' | 'decline' | 'cancel'

export type AskOutcome<T> =
  /** The person answered; the answer is on disk already. */
  | { kind: 'answered'; value: T }
  /**
   * The request was never shown: its schema or mode cannot be served. Answer the peer with
   * JSON-RPC "invalid params" and this message, never with a made-up cancel.
   */
  | { kind: 'refused'; message: string }
  /**
   * It ended unanswered: the turn was stopped (`stopped`), the asker withdrew it (`withdrawn`,
   * after `signal` aborted), or the app is quitting (`shutdown`: the request stays open in the
   * log and is re-shown, orphaned, at the next start).
   */
  | { kind: 'ended'; reason: 'stopped' | 'withdrawn' | 'shutdown' }

/**
 * The reason an asker aborts `signal` with when it is gone rather than withdrawing the request:
 * its process exited, so nothing can be delivered to it any more. The broker then keeps the
 * request, orphaned ("the agent is no longer waiting"), instead of removing it as withdrawn.
 */
export class AskerGoneError extends Error {
  constructor(message = 'the asker is no longer running') {
    super(message)
    this.name = 'AskerGoneError'
  }
}

export interface AskRequest<B extends AskBody> {
  sessionId: string
  /** The turn the request belongs to: stopping the turn settles it. */
  turnId: string
  source: InteractionSource
  body: B
  /**
   * Aborted when the asker withdraws the request (JSON-RPC cancel, the tool call ended), or with
   * an `AskerGoneError` reason when the asker itself is gone.
   */
  signal?: AbortSignal
}

/**
 * A call an asker wants to make under Parley's permission policy (an ACP agent's
 * `fs/write_text_file`, an MCP tool call): allowed, refused or asked exactly as Parley's own tools
 * are in the session's mode, with remember-for-turn.
 */
export interface PolicyRequest {
  sessionId: string
  turnId: string
  source: InteractionSource
  /** The name shown and remembered: `fs/write_text_file`, `mcp__github__create_issue`. */
  tool: string
  input: Json
  /** True when the asker declares the call read-only (honoured only as a hint where noted). */
  readOnly: boolean
  signal?: AbortSignal
}

export type PolicyOutcome = { allowed: true } | { allowed: false; message: string }

/** The interaction broker as ACP and MCP code sees it. */
export interface InteractionAsker {
  ask<B extends AskBody>(request: AskRequest<B>): Promise<AskOutcome<AskAnswer<B>>>
  authorize(request: PolicyRequest): Promise<PolicyOutcome>
}
