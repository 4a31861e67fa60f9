import { z } from 'zod'
import { AgentSignInSchema } from './agent-sign-in'
import { LinkRequestSchema } from './link-request'
import { IdSchema } from './ids'
import { LIMITS } from './limits'
import { QuestionSchema } from './ask-user-question'
import { FormDraftSchema, FormSpecSchema } from './form-schema'
import { RiskSchema } from './permission'
import { RunsInSchema } from './runs-in'

/** A JSON-RPC request id, as ACP and MCP peers send it. */
export const RpcIdSchema = z.union([z.string().max(LIMITS.id), z.number().int()])

/**
 * Who asks. Parley's own agent asks from a tool call; an ACP agent or an MCP server asks with a
 * JSON-RPC request of its own. The tray names the asker ("Codex asks…"), and an answer is only ever
 * delivered to the asker that is named here.
 */
export const InteractionSourceSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('parley'), toolCallId: IdSchema }),
  z.strictObject({
    kind: z.literal('acp'),
    /** The agent's display name, e.g. "Codex". */
    agent: z.string().min(1).max(200),
    rpcId: RpcIdSchema,
    /** The agent's tool call the request is about, when it names one. */
    toolCallId: z.string().max(LIMITS.id).optional(),
  }),
  z.strictObject({
    kind: z.literal('mcp'),
    /** The server's name in the MCP configuration. */
    server: z.string().min(1).max(200),
    rpcId: RpcIdSchema,
    /** The Parley tool call (`mcp__server__tool`) that is waiting on the server, if any. */
    toolCallId: IdSchema.optional(),
  }),
])
export type InteractionSource = z.infer<typeof InteractionSourceSchema>

const PendingBaseShape = {
  requestId: IdSchema,
  sessionId: IdSchema,
  turnId: IdSchema,
  /** Epoch ms when the request was first shown. */
  createdAt: z.number(),
  /** True when the request was found open in the log at start-up (the app quit while it waited). */
  recovered: z.boolean(),
  source: InteractionSourceSchema,
}

/** A permission prompt of Parley's own agent, waiting for the person. */
export const PermissionInteractionSchema = z.strictObject({
  kind: z.literal('permission'),
  ...PendingBaseShape,
  toolCallId: IdSchema,
  tool: z.string(),
  /** One line: what the tool will do. */
  summary: z.string(),
  /** The full command or diff, never truncated. */
  detail: z.string(),
  risk: RiskSchema,
  /** The remember-for-turn key of the call (internal; UIs show `rememberScope`). */
  intent: z.string(),
  /**
   * What "Remember for this turn" would cover, in words the person reads ("`npm test`",
   * "src/app.ts"): one entry per part that would be remembered. Null when nothing in this request
   * can be remembered (inline interpreter code, a high-risk part): the checkbox is then not offered.
   */
  rememberScope: z.array(z.string().max(LIMITS.questionText)).max(50).nullable(),
  /**
   * A shell command line, part by part (each simple command, pipeline stage, substitution or
   * redirection), with each part's own risk, so a UI can list them and mark the risky one.
   * Absent for other tools.
   */
  parts: z
    .array(
      z.strictObject({
        text: z.string(),
        risk: RiskSchema,
        /** Why this part is risky, in words ("deletes files", "writes outside the workspace"). */
        why: z.string().max(LIMITS.questionText).optional(),
      }),
    )
    .max(200)
    .optional(),
  /** A command's: where it runs and what it may touch once allowed (the grant the sandbox gets). */
  runsIn: RunsInSchema.optional(),
  /**
   * Epoch ms when it settles as deny (timed_out); null while it waits unshown behind another
   * request (the countdown starts when it is shown) and when it has no timeout (recovered).
   */
  expiresAt: z.number().nullable(),
})
export type PermissionInteraction = z.infer<typeof PermissionInteractionSchema>

/** An AskUserQuestion call waiting for answers. */
export const QuestionInteractionSchema = z.strictObject({
  kind: z.literal('question'),
  ...PendingBaseShape,
  toolCallId: IdSchema,
  questions: z.array(QuestionSchema).min(1).max(3),
  /**
   * Where the person had got to, if they started answering: the shared form draft of the
   * AskUserQuestion preset (`questionsToForm`), one value per question, `index === questions.length`
   * on the review step.
   */
  draft: FormDraftSchema.nullable(),
})
export type QuestionInteraction = z.infer<typeof QuestionInteractionSchema>

/** How an ACP agent describes one of its permission choices. */
export const AgentPermissionOptionSchema = z.strictObject({
  optionId: z.string().min(1).max(LIMITS.id),
  /** The button's name, exactly as the agent gave it ("Yes, proceed"). */
  name: z.string().min(1).max(LIMITS.optionLabel),
  kind: z.enum(['allow_once', 'allow_always', 'reject_once', 'reject_always']),
})
export type AgentPermissionOption = z.infer<typeof AgentPermissionOptionSchema>

/** What an ACP agent's `session/request_permission` asks, as shown and as logged. */
export const AgentPermissionRequestShape = {
  /** The tool call's title (for Codex: the command). */
  title: z.string().max(LIMITS.questionText),
  /** Everything else the agent said about the call (text content, diffs, raw input), in full. */
  detail: z.string(),
  /** ACP tool kind: read, edit, delete, move, search, execute, think, fetch, other. */
  toolKind: z.string().max(40).optional(),
  /**
   * For an `execute` call: the command line it runs, from its raw input. Shown up front whatever
   * the title says (an agent may title a command with the model's description of it).
   */
  command: z.string().max(LIMITS.agentToolText).optional(),
  /** Files the call touches, as the agent reported them (for an edit, else as its input names). */
  locations: z.array(z.string().max(LIMITS.path)).max(50),
  options: z.array(AgentPermissionOptionSchema).min(1).max(10),
  /** For a command (`execute`): Parley's own risk review of it, as for `run_command`. */
  risk: RiskSchema.optional(),
  /** Why the riskiest part is risky, in words ("deletes files"). */
  riskWhy: z.string().max(LIMITS.optionDescription).optional(),
  /**
   * Set when the asker wants a page opened (a sign-in, an URL-mode elicitation): the options are
   * then Parley's ("Sign in" / "Not now", "Open" / "Decline" / "Cancel"), and the tray shows the
   * link instead of a tool call.
   */
  link: LinkRequestSchema.optional(),
  /**
   * Set when an ACP agent answered "authentication required": the options are its ways to sign
   * in (and Parley's "I signed in" / "Not now"), and the tray shows them instead of a tool call.
   */
  signIn: AgentSignInSchema.optional(),
  /**
   * The file changes the agent showed, each as a unified patch (`diff`'s format, as Parley's own
   * file tools send in `detail`), for UIs that draw diffs; `detail` still says it all in text.
   */
  diffs: z
    .array(
      z.strictObject({
        path: z.string().max(LIMITS.path),
        patch: z.string().max(LIMITS.agentDiffText),
      }),
    )
    .max(10)
    .optional(),
}

/** An ACP agent's `session/request_permission`: one button per option the agent offers. */
export const AgentPermissionInteractionSchema = z.strictObject({
  kind: z.literal('agent_permission'),
  ...PendingBaseShape,
  ...AgentPermissionRequestShape,
  /** The agent that asked is gone (it exited, or the app restarted): nothing can be delivered. */
  orphaned: z.boolean(),
  /**
   * Epoch ms when, with nobody answering, the agent is sent its reject option (timed out); absent
   * while it waits unshown behind another request, or when permissions do not time out.
   */
  expiresAt: z.number().optional(),
})
export type AgentPermissionInteraction = z.infer<typeof AgentPermissionInteractionSchema>

/** A form from an ACP agent or an MCP server (`elicitation/create`, mode form). */
export const FormInteractionSchema = z.strictObject({
  kind: z.literal('form'),
  ...PendingBaseShape,
  form: FormSpecSchema,
  draft: FormDraftSchema.nullable(),
  /**
   * The asker is no longer waiting (it exited, or the app restarted): the answer cannot be
   * delivered as a response, only sent as a new message to the same agent, or dismissed.
   */
  orphaned: z.boolean(),
})
export type FormInteraction = z.infer<typeof FormInteractionSchema>

/** One entry of the per-session interaction FIFO. */
export const PendingInteractionSchema = z.discriminatedUnion('kind', [
  PermissionInteractionSchema,
  QuestionInteractionSchema,
  AgentPermissionInteractionSchema,
  FormInteractionSchema,
])
export type PendingInteraction = z.infer<typeof PendingInteractionSchema>
export type InteractionKind = PendingInteraction['kind']

export type PendingInteractionOf<K extends InteractionKind> = Extract<
  PendingInteraction,
  { kind: K }
>

/** How a parked request ended. */
export const SettleOutcomeSchema = z.enum([
  'answered',
  'allowed',
  'denied',
  'declined',
  'cancelled',
  'timed_out',
  /** The asker withdrew it (a JSON-RPC cancel, the tool call that waited ended). */
  'withdrawn',
  /** An orphaned request whose answer was sent as a new message instead. */
  'sent_as_message',
  'stopped',
  'aborted',
  'error',
  'removed',
  'dismissed',
])
export type SettleOutcome = z.infer<typeof SettleOutcomeSchema>
