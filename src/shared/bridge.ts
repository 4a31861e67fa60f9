import { z } from 'zod'
import { ContextUsageSchema } from './context-usage'
import { IdSchema } from './ids'
import { LIMITS } from './limits'
import { PermissionModeSchema, PermissionResponseSchema } from './permission'
import { QuestionResponseSchema } from './ask-user-question'
import { PendingInteractionSchema, SettleOutcomeSchema } from './interactions'
import { FormDraftSchema, FormResponseSchema } from './form-schema'
import { McpServerInfoSchema, McpServerToAddSchema } from './mcp-servers'
import { SessionEventSchema } from './session-events'
import { ProviderCandidateSchema, PublicSettingsSchema, SettingsPatchSchema } from './settings'
import { InboxItemSchema } from './inbox'
import { PairedDeviceSchema } from './devices'
import { AgentConfigOptionsSchema } from './agent-config'
import { PermissionRuleSchema } from './permission-rules'
import { CheckpointSummarySchema, RestoreWhatSchema, RewindPreviewSchema } from './checkpoints'
import { AgentCommandSchema } from './acp-agents'
import { USER_COMMAND_MAX_CHARS, USER_COMMAND_OUTPUT_MAX } from './user-command'
import {
  ATTACHMENTS_MAX,
  FILE_SUGGESTIONS_MAX,
  ImageMediaTypeSchema,
  OutgoingAttachmentSchema,
  Sha256Schema,
} from './attachments'
import {
  FOLDER_COMPLETIONS_MAX,
  PROJECT_INSTRUCTION_FILES,
  ProjectSchema,
  RECENT_PROJECTS_MAX,
} from './projects'

export const SessionSummarySchema = z.strictObject({
  id: IdSchema,
  title: z.string(),
  workspace: z.string(),
  mode: PermissionModeSchema,
  backend: z.string(),
  createdAt: z.number(),
  /** Epoch ms of the newest record; the sidebar sorts by it, newest first. */
  updatedAt: z.number(),
  running: z.boolean(),
  /** How many permission/question requests wait for the person. */
  pendingCount: z.number().int().min(0),
  /** Set when the log's header or records are damaged: what is wrong, in plain words. */
  damaged: z.string().optional(),
  /** The session's newest turn ended in an error: the sidebar marks it until the next turn. */
  lastTurnFailed: z.literal(true).optional(),
  /** The ACP agent the session talks to (absent: Parley's own agent). */
  agent: z.strictObject({ id: z.string().max(64), name: z.string().max(200) }).optional(),
  /** The agent's own modes, for the mode picker (ACP sessions whose agent offers any). */
  agentModes: z
    .strictObject({
      currentModeId: z.string().max(LIMITS.id),
      available: z
        .array(
          z.strictObject({
            id: z.string().max(LIMITS.id),
            name: z.string().max(200),
            description: z.string().max(1_000).optional(),
          }),
        )
        .max(50),
      /** The agent's config option these modes are (its picker then stands for that option). */
      configId: z.string().max(LIMITS.id).optional(),
    })
    .optional(),
  /** The agent's session config options (mode, model, reasoning effort, …), for their pickers. */
  agentConfig: AgentConfigOptionsSchema.optional(),
  /**
   * The project instructions file Parley's own agent reads at the workspace root (AGENTS.md,
   * else CLAUDE.md), for the header's chip; set for a session read into memory.
   */
  instructionsFile: z.enum(PROJECT_INSTRUCTION_FILES).optional(),
  /** The ACP agent's own slash commands, as it last announced them (live: not in the log). */
  agentCommands: z.array(AgentCommandSchema).max(200).optional(),
  /** Context used and cost so far, as the agent (or Parley's own model) last reported them. */
  usage: ContextUsageSchema.optional(),
})
export type SessionSummary = z.infer<typeof SessionSummarySchema>

const SessionRef = z.strictObject({ sessionId: IdSchema })
const Ok = z.strictObject({ ok: z.literal(true) })
const fail = <const R extends [string, ...string[]]>(...reasons: R) =>
  z.strictObject({ ok: z.literal(false), reason: z.enum(reasons), message: z.string().optional() })

/** Notices about the log (a skipped malformed line, a repaired torn tail). */
export const LogNoticeSchema = z.strictObject({ offset: z.number(), message: z.string() })
export type LogNotice = z.infer<typeof LogNoticeSchema>

/**
 * Every ParleyBridge call: IPC channel (`domain:verb`), input schema and result schema. Main,
 * preload, the web host and the renderer all derive from this one table.
 */
export const BRIDGE_CALLS = {
  listSessions: {
    channel: 'sessions:list',
    input: z.strictObject({}),
    output: z.array(SessionSummarySchema),
  },
  createSession: {
    channel: 'sessions:create',
    input: z.strictObject({
      title: z.string().trim().min(1).max(LIMITS.sessionTitle).optional(),
      workspace: z.string().min(1).max(LIMITS.path).optional(),
      mode: PermissionModeSchema.optional(),
      /**
       * The id of a named ACP agent in Settings, or "parley" for Parley's own agent. Absent: the
       * agent given with `--acp`, else Parley's own.
       */
      agent: z.string().min(1).max(64).optional(),
    }),
    output: z.union([
      z.strictObject({ ok: z.literal(true), session: SessionSummarySchema }),
      /** `no_workspace`: none was named, none given at launch or in Settings: ask the person. */
      fail('invalid_workspace', 'unknown_agent', 'no_workspace'),
    ]),
  },
  /**
   * A session's summary, pending requests, log notices and records. With `limit`, only the newest
   * records (at least `limit`, from a clean cut where no tool call straddles the start) and
   * `start`, the index of the first one sent; older ones come from `loadOlderEvents`. Without it,
   * every record (`start` 0). `total` counts every record in the log.
   */
  openSession: {
    channel: 'sessions:open',
    input: z.strictObject({
      sessionId: IdSchema,
      limit: z.number().int().min(1).max(LIMITS.eventPage).optional(),
    }),
    output: z.union([
      z.strictObject({
        ok: z.literal(true),
        session: SessionSummarySchema,
        events: z.array(SessionEventSchema),
        start: z.number().int().min(0),
        total: z.number().int().min(0),
        pending: z.array(PendingInteractionSchema),
        notices: z.array(LogNoticeSchema),
      }),
      fail('not_found'),
    ]),
  },
  /**
   * Records before `before` (a `start` this session's pages returned): at least `limit` where
   * there are that many, from a clean cut, with the new `start`. 0 means the page reaches the header.
   */
  loadOlderEvents: {
    channel: 'sessions:older-events',
    input: z.strictObject({
      sessionId: IdSchema,
      before: z.number().int().min(0),
      limit: z.number().int().min(1).max(LIMITS.eventPage),
    }),
    output: z.union([
      z.strictObject({
        ok: z.literal(true),
        events: z.array(SessionEventSchema),
        start: z.number().int().min(0),
      }),
      fail('not_found'),
    ]),
  },
  renameSession: {
    channel: 'sessions:rename',
    input: z.strictObject({
      sessionId: IdSchema,
      title: z.string().trim().min(1).max(LIMITS.sessionTitle),
    }),
    output: z.union([Ok, fail('not_found')]),
  },
  setSessionMode: {
    channel: 'sessions:set-mode',
    input: z.strictObject({ sessionId: IdSchema, mode: PermissionModeSchema }),
    output: z.union([Ok, fail('not_found')]),
  },
  /** Switches an ACP session's agent to one of the modes it offers (`agentModes`). */
  setAgentMode: {
    channel: 'sessions:set-agent-mode',
    input: z.strictObject({ sessionId: IdSchema, modeId: z.string().min(1).max(LIMITS.id) }),
    output: z.union([Ok, fail('not_found', 'not_an_agent_session', 'failed')]),
  },
  /**
   * Sets one of an ACP agent's session config options (`agentConfig`) to one of its values; the
   * agent's answer becomes the session's options, and the choice is applied again after a restart.
   */
  setAgentConfigOption: {
    channel: 'sessions:set-agent-config',
    input: z.strictObject({
      sessionId: IdSchema,
      configId: z.string().min(1).max(LIMITS.id),
      value: z.string().min(1).max(LIMITS.id),
    }),
    output: z.union([Ok, fail('not_found', 'not_an_agent_session', 'failed')]),
  },
  removeSession: {
    channel: 'sessions:remove',
    input: SessionRef,
    output: z.union([Ok, fail('not_found')]),
  },
  send: {
    channel: 'chat:send',
    input: z.strictObject({
      sessionId: IdSchema,
      text: z.string().trim().min(1).max(LIMITS.messageText),
      /** Files mentioned with `@` and images; `attachment`: one was refused (the message says which). */
      attachments: z.array(OutgoingAttachmentSchema).max(ATTACHMENTS_MAX).optional(),
    }),
    output: z.union([
      z.strictObject({ ok: z.literal(true), turnId: IdSchema }),
      fail('not_found', 'busy', 'awaiting_input', 'damaged', 'attachment'),
    ]),
  },
  stop: {
    channel: 'chat:stop',
    input: SessionRef,
    output: z.union([Ok, fail('not_found', 'not_running')]),
  },
  /**
   * `!command`: the person runs a command themselves in the session's workspace, in the same
   * sandbox the agent's commands run in (no grant beyond it), never through the model; nothing is
   * written to the log. The output (stdout and stderr together) is bounded as `run_command`'s is;
   * the UI puts `userCommandContext` of it into the next message. Refused on a paired device.
   */
  runUserCommand: {
    channel: 'chat:run-user-command',
    input: z.strictObject({
      sessionId: IdSchema,
      command: z.string().trim().min(1).max(USER_COMMAND_MAX_CHARS),
    }),
    output: z.union([
      z.strictObject({
        ok: z.literal(true),
        exitCode: z.number().int().nullable(),
        signal: z.string().max(40).nullable(),
        output: z.string().max(USER_COMMAND_OUTPUT_MAX),
        truncated: z.boolean(),
        timedOut: z.boolean(),
        /** False where no sandbox exists (the command ran as it is). */
        sandboxed: z.boolean(),
      }),
      fail('not_found'),
    ]),
  },
  /** Runs the model again after a turn that ended in an error, without a new user message. */
  retryTurn: {
    channel: 'chat:retry',
    input: SessionRef,
    output: z.union([
      z.strictObject({ ok: z.literal(true), turnId: IdSchema }),
      fail('not_found', 'busy', 'awaiting_input', 'nothing_to_retry'),
    ]),
  },
  respondToPermission: {
    channel: 'interactions:respond-permission',
    input: PermissionResponseSchema,
    output: z.union([Ok, fail('unknown_request', 'wrong_kind')]),
  },
  respondToQuestion: {
    channel: 'interactions:respond-question',
    input: QuestionResponseSchema,
    output: z.union([Ok, fail('unknown_request', 'wrong_kind', 'answer_count', 'invalid_answer')]),
  },
  /** An ACP agent's permission request: the option the person chose, by the agent's own id. */
  respondToAgentPermission: {
    channel: 'interactions:respond-agent-permission',
    input: z.strictObject({ requestId: IdSchema, optionId: z.string().min(1).max(LIMITS.id) }),
    output: z.union([Ok, fail('unknown_request', 'wrong_kind', 'unknown_option', 'orphaned')]),
  },
  /** A form (ACP or MCP elicitation): accept with content, decline, or cancel. */
  respondToForm: {
    channel: 'interactions:respond-form',
    input: z.strictObject({ requestId: IdSchema, response: FormResponseSchema }),
    output: z.union([Ok, fail('unknown_request', 'wrong_kind', 'invalid', 'orphaned')]),
  },
  /**
   * An orphaned form (its asker is gone): send what was filled in as a new user message in the
   * same session, to the same agent that asked, and close the request.
   */
  sendFormAsMessage: {
    channel: 'interactions:send-as-message',
    input: z.strictObject({ requestId: IdSchema, response: FormResponseSchema }),
    output: z.union([
      z.strictObject({ ok: z.literal(true), turnId: IdSchema }),
      fail('unknown_request', 'wrong_kind', 'not_orphaned', 'invalid', 'busy'),
    ]),
  },
  /**
   * Closes a request left open by a quit or crash without answering it (the tool gets "not
   * answered (app restarted)"; an orphaned ACP/MCP request is closed as dismissed). A live request
   * is refused (`live_request`): answer it or stop the turn.
   */
  dismissInteraction: {
    channel: 'interactions:dismiss',
    input: z.strictObject({ requestId: IdSchema }),
    output: z.union([Ok, fail('unknown_request', 'live_request')]),
  },
  /** A half-answered AskUserQuestion, as the preset's form draft (see `questionsToForm`). */
  saveQuestionDraft: {
    channel: 'interactions:save-draft',
    input: z.strictObject({ requestId: IdSchema, draft: FormDraftSchema }),
    output: z.union([Ok, fail('unknown_request', 'wrong_kind')]),
  },
  saveFormDraft: {
    channel: 'interactions:save-form-draft',
    input: z.strictObject({ requestId: IdSchema, draft: FormDraftSchema }),
    output: z.union([Ok, fail('unknown_request', 'wrong_kind')]),
  },
  listPending: {
    channel: 'interactions:list-pending',
    input: SessionRef,
    output: z.array(PendingInteractionSchema),
  },
  /** Every request waiting for the person, across all sessions and askers, oldest first. */
  listInbox: {
    channel: 'interactions:list-inbox',
    input: z.strictObject({}),
    output: z.array(InboxItemSchema),
  },
  /** Devices paired to answer from afar (`parley serve --remote`): name, when paired, last use. */
  listDevices: {
    channel: 'devices:list',
    input: z.strictObject({}),
    output: z.array(PairedDeviceSchema),
  },
  /** Forgets a paired device: its token opens nothing from now on and its open pages close. */
  revokeDevice: {
    channel: 'devices:revoke',
    input: z.strictObject({ deviceId: IdSchema }),
    output: z.union([Ok, fail('not_found')]),
  },
  /**
   * Lasting permission rules (this session, this project, all projects), newest first: with
   * `workspace`, that workspace's and the global ones. `problem` names a mistake in the rules file
   * (line and column), while which no rule applies and none is listed.
   */
  listPermissionRules: {
    channel: 'permissions:list-rules',
    input: z.strictObject({ workspace: z.string().min(1).max(LIMITS.path).optional() }),
    output: z.strictObject({
      ok: z.literal(true),
      rules: z.array(PermissionRuleSchema).max(2_000),
      problem: z.string().max(8_000).optional(),
    }),
  },
  /** Forgets a lasting rule: the calls it covered ask again. */
  removePermissionRule: {
    channel: 'permissions:remove-rule',
    input: z.strictObject({ ruleId: IdSchema }),
    output: z.union([Ok, fail('not_found')]),
  },
  getSettings: {
    channel: 'settings:get',
    input: z.strictObject({}),
    output: PublicSettingsSchema,
  },
  updateSettings: {
    channel: 'settings:update',
    input: SettingsPatchSchema,
    output: z.union([
      z.strictObject({ ok: z.literal(true), settings: PublicSettingsSchema }),
      fail('invalid'),
    ]),
  },
  /** Models the configured provider offers: the server's `/models` where it answers, else a list. */
  listModels: {
    channel: 'settings:list-models',
    /** With `candidate`: the models of the provider in the Settings form, before it is saved. */
    input: z.strictObject({ candidate: ProviderCandidateSchema.optional() }),
    output: z.union([
      z.strictObject({
        ok: z.literal(true),
        models: z.array(z.string().max(200)).max(1_000),
        from: z.enum(['server', 'builtin']),
      }),
      fail('unavailable'),
    ]),
  },
  /**
   * A workspace's MCP servers (its own `.mcp.json`, the person's `<data-dir>/mcp.json`,
   * `--mcp-config`): status and tools, configuration problems, and the workspace file's servers
   * that wait for the person's approval before anything is started.
   */
  listMcpServers: {
    channel: 'mcp:list',
    input: z.strictObject({ workspace: z.string().min(1).max(LIMITS.path) }),
    output: z.strictObject({
      servers: z.array(McpServerInfoSchema).max(100),
      problems: z.array(z.string().max(4_000)).max(100),
      pendingApproval: z
        .strictObject({
          workspace: z.string().max(LIMITS.path),
          file: z.string().max(LIMITS.path),
          /** Pass back to `approveMcpServers`: exactly what was shown is approved. */
          hash: z.string().max(200),
          servers: z
            .array(z.strictObject({ name: z.string().max(200), summary: z.string().max(4_000) }))
            .max(100),
        })
        .nullable(),
    }),
  },
  /** The person approves the workspace's `.mcp.json` as shown: its servers start. */
  approveMcpServers: {
    channel: 'mcp:approve',
    input: z.strictObject({
      workspace: z.string().min(1).max(LIMITS.path),
      hash: z.string().min(1).max(200),
    }),
    output: z.union([Ok, fail('changed')]),
  },
  restartMcpServer: {
    channel: 'mcp:restart',
    input: z.strictObject({
      workspace: z.string().min(1).max(LIMITS.path),
      name: z.string().min(1).max(200),
    }),
    output: z.union([Ok, fail('not_found')]),
  },
  /**
   * Signs in to an HTTP server that uses OAuth (Settings' Sign in): the server is connected to
   * again; `url` is the authorization page the UI opens from the click (absent when it connected
   * without asking). The tokens go to the secret store. Refused for a paired device.
   */
  signInMcpServer: {
    channel: 'mcp:sign-in',
    input: z.strictObject({
      workspace: z.string().min(1).max(LIMITS.path),
      name: z.string().min(1).max(200),
    }),
    output: z.union([
      z.strictObject({ ok: z.literal(true), url: z.string().max(4_096).optional() }),
      fail('not_found', 'failed', 'forbidden'),
    ]),
  },
  /** Forgets a server's OAuth tokens (Settings' Sign out); it then needs sign-in again. */
  signOutMcpServer: {
    channel: 'mcp:sign-out',
    input: z.strictObject({
      workspace: z.string().min(1).max(LIMITS.path),
      name: z.string().min(1).max(200),
    }),
    output: z.union([Ok, fail('not_found', 'forbidden')]),
  },
  /**
   * Adds a program-run (stdio) server to the person's own `<data-dir>/mcp.json`: used in every
   * workspace, with no approval. Refused when the name is taken or the file has a mistake.
   */
  addMcpServer: {
    channel: 'mcp:add',
    input: McpServerToAddSchema,
    output: z.union([Ok, fail('exists', 'unreadable')]),
  },
  /**
   * Makes one small request to the configured provider (with `candidate`: the one in the Settings
   * form, unsaved) and says, in plain words, how it went.
   */
  testConnection: {
    channel: 'settings:test-connection',
    input: z.strictObject({ candidate: ProviderCandidateSchema.optional() }),
    output: z.union([z.strictObject({ ok: z.literal(true), message: z.string() }), fail('failed')]),
  },
  /**
   * The session's checkpoints (docs/checkpoints.md): one per turn, taken before the agent acted,
   * with the files the turn changed. `unavailable`: none can be taken here (no git, a damaged
   * store), with why.
   */
  listCheckpoints: {
    channel: 'checkpoints:list',
    input: SessionRef,
    output: z.union([
      z.strictObject({
        ok: z.literal(true),
        checkpoints: z.array(CheckpointSummarySchema).max(10_000),
      }),
      fail('not_found'),
    ]),
  },
  /** What a rewind to a turn's checkpoint would change, file by file, before anything is written. */
  previewCheckpoint: {
    channel: 'checkpoints:preview',
    input: z.strictObject({ sessionId: IdSchema, turnId: IdSchema }),
    output: z.union([
      RewindPreviewSchema.extend({ ok: z.literal(true) }),
      fail('not_found', 'unavailable', 'busy'),
    ]),
  },
  /**
   * Rewinds to before a turn: its files (the present is checkpointed first, so this can be undone),
   * its conversation (a new session forked from before that message: `sessionId` is the fork's),
   * or both. Files changed by hand since are a `conflict` (listed) unless `force`.
   */
  restoreCheckpoint: {
    channel: 'checkpoints:restore',
    input: z.strictObject({
      sessionId: IdSchema,
      turnId: IdSchema,
      restore: RestoreWhatSchema,
      force: z.boolean().optional(),
    }),
    output: z.union([
      z.strictObject({
        ok: z.literal(true),
        sessionId: IdSchema,
        restoredFiles: z.array(z.string().max(LIMITS.path)).max(100_000),
        /** Files the rewind could not write (their folder is now a symlink, …): left as they are. */
        notRestored: z.array(z.string().max(LIMITS.path)).max(100_000).optional(),
      }),
      z.strictObject({
        ok: z.literal(false),
        reason: z.literal('conflict'),
        message: z.string().optional(),
        files: z.array(z.string().max(LIMITS.path)).max(100_000),
      }),
      fail('not_found', 'busy', 'unavailable', 'unsupported'),
    ]),
  },
  /** Folders sessions were started in, the one opened last first (kept in the data folder). */
  listProjects: {
    channel: 'projects:list',
    input: z.strictObject({}),
    output: z.strictObject({
      ok: z.literal(true),
      projects: z.array(ProjectSchema).max(RECENT_PROJECTS_MAX),
    }),
  },
  /**
   * Existing folders whose path starts with `partial` (`~` is the home folder; a path ending in
   * `/` lists that folder's subfolders), sorted, as absolute paths.
   */
  completeFolder: {
    channel: 'projects:complete-folder',
    input: z.strictObject({ partial: z.string().max(LIMITS.path) }),
    output: z.strictObject({
      ok: z.literal(true),
      folders: z.array(z.string().max(LIMITS.path)).max(FOLDER_COMPLETIONS_MAX),
    }),
  },
  /**
   * The host's own folder picker (Electron's native dialog). `unsupported` where the host has
   * none (the browser host): the page shows its own dialog instead.
   */
  pickFolder: {
    channel: 'projects:pick-folder',
    input: z.strictObject({}),
    output: z.union([
      z.strictObject({ ok: z.literal(true), path: z.string().min(1).max(LIMITS.path) }),
      fail('canceled', 'unsupported'),
    ]),
  },
  /**
   * `@` completion: the session's workspace files and folders (folders end in `/`) best matching
   * `query`, relative to the workspace; the runtime chooses the folder, never the caller.
   */
  searchWorkspaceFiles: {
    channel: 'projects:search-files',
    input: z.strictObject({
      sessionId: IdSchema,
      query: z.string().max(LIMITS.path),
      limit: z.number().int().min(1).max(FILE_SUGGESTIONS_MAX).optional(),
    }),
    output: z.union([
      z.strictObject({
        ok: z.literal(true),
        paths: z.array(z.string().max(LIMITS.path)).max(FILE_SUGGESTIONS_MAX),
      }),
      fail('not_found'),
    ]),
  },
  /**
   * Sessions whose messages or replies contain `query` (case ignored), newest first, each with
   * the words around its first match: the sidebar's search over content, not only titles.
   */
  searchSessions: {
    channel: 'sessions:search',
    input: z.strictObject({ query: z.string().trim().min(1).max(200) }),
    output: z.strictObject({
      ok: z.literal(true),
      matches: z
        .array(z.strictObject({ sessionId: IdSchema, snippet: z.string().max(400) }))
        .max(200),
    }),
  },
  /** The stored copy of an image a message carries (for the transcript's thumbnail), base64. */
  readAttachment: {
    channel: 'sessions:read-attachment',
    input: z.strictObject({ sessionId: IdSchema, sha256: Sha256Schema }),
    output: z.union([
      z.strictObject({
        ok: z.literal(true),
        mediaType: ImageMediaTypeSchema,
        data: z.string().max(LIMITS.payloadBytes),
      }),
      fail('not_found'),
    ]),
  },
} as const

export type BridgeCalls = typeof BRIDGE_CALLS
export type BridgeMethod = keyof BridgeCalls
export type BridgeInput<M extends BridgeMethod> = z.input<BridgeCalls[M]['input']>
export type BridgeParsedInput<M extends BridgeMethod> = z.output<BridgeCalls[M]['input']>
export type BridgeOutput<M extends BridgeMethod> = z.infer<BridgeCalls[M]['output']>

/** Live events pushed to every UI; each carries its sessionId. */
export const BridgeEventSchema = z.discriminatedUnion('type', [
  /** A record was committed to the session log. */
  z.strictObject({
    type: z.literal('session_event'),
    sessionId: IdSchema,
    event: SessionEventSchema,
  }),
  z.strictObject({ type: z.literal('turn_started'), sessionId: IdSchema, turnId: IdSchema }),
  z.strictObject({
    type: z.literal('text_delta'),
    sessionId: IdSchema,
    turnId: IdSchema,
    step: z.number().int().min(0),
    text: z.string(),
  }),
  z.strictObject({
    type: z.literal('interaction_added'),
    sessionId: IdSchema,
    interaction: PendingInteractionSchema,
  }),
  /** A queued request changed (its countdown started, its asker went away): replace it. */
  z.strictObject({
    type: z.literal('interaction_updated'),
    sessionId: IdSchema,
    interaction: PendingInteractionSchema,
  }),
  z.strictObject({
    type: z.literal('interaction_settled'),
    sessionId: IdSchema,
    requestId: IdSchema,
    outcome: SettleOutcomeSchema,
  }),
  /** A model call failed and will be tried again: shown instead of a silent "Working…". */
  z.strictObject({
    type: z.literal('turn_retrying'),
    sessionId: IdSchema,
    turnId: IdSchema,
    /** 1-based attempt about to be made, of `maxAttempts`. */
    attempt: z.number().int().min(1),
    maxAttempts: z.number().int().min(1),
    retryInMs: z.number().int().min(0),
    /** Why, in plain words ("rate limited by the server"). */
    message: z.string(),
  }),
  /** The session list changed (created, renamed, removed, started or finished a turn). */
  z.strictObject({
    type: z.literal('session_changed'),
    sessionId: IdSchema,
    session: SessionSummarySchema.nullable(),
  }),
  z.strictObject({ type: z.literal('notice'), sessionId: IdSchema, notice: LogNoticeSchema }),
  /**
   * The set of requests waiting across all sessions changed (one arrived, was answered or ended,
   * its session was renamed): the whole inbox, oldest first. `sessionId` names the session whose
   * change caused it.
   */
  z.strictObject({
    type: z.literal('inbox_changed'),
    sessionId: IdSchema,
    items: z.array(InboxItemSchema),
  }),
  /**
   * From a host, not the runtime: the person clicked the OS notification about this request, so
   * the window opens the session and the request's tray.
   */
  z.strictObject({
    type: z.literal('notice_clicked'),
    sessionId: IdSchema,
    requestId: IdSchema,
  }),
])
export type BridgeEvent = z.infer<typeof BridgeEventSchema>

/** Channel on which events are pushed to a renderer. */
export const EVENT_CHANNEL = 'events:push'

/** Result every host returns for input that failed validation or a sender it refused. */
export const BridgeErrorSchema = z.strictObject({
  ok: z.literal(false),
  reason: z.enum(['invalid_input', 'forbidden', 'unknown_method', 'internal']),
  message: z.string(),
})
export type BridgeError = z.infer<typeof BridgeErrorSchema>

/**
 * The API as a host exposes it (`window.parley` in Electron, the runtime through
 * `dispatchBridgeCall`): each reply is the call's output, or a `BridgeError` when the host refused
 * the input or the sender.
 */
export type HostBridge = {
  [M in BridgeMethod]: (input: BridgeInput<M>) => Promise<BridgeOutput<M> | BridgeError>
} & {
  onEvent(callback: (event: BridgeEvent) => void): () => void
}

/**
 * The one API every UI uses, with its replies checked: a `BridgeError` or a reply of the wrong
 * shape is thrown (the renderer's `BridgeCallError`), so callers handle only the outcomes each
 * call lists. The renderer wraps `window.parley` or its WebSocket client into this.
 */
export type ParleyBridge = {
  [M in BridgeMethod]: (input: BridgeInput<M>) => Promise<BridgeOutput<M>>
} & {
  onEvent(callback: (event: BridgeEvent) => void): () => void
}
