import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs'
import { homedir } from 'node:os'
import { join, resolve } from 'node:path'
import type {
  BridgeCalls,
  BridgeEvent,
  BridgeOutput,
  BridgeParsedInput,
  LogNotice,
  SessionSummary,
} from '../../shared/bridge'
import type { ProviderCandidate, PublicSettings } from '../../shared/settings'
import type { SessionEvent } from '../../shared/session-events'
import { BRIDGE_METHODS } from '../../shared/bridge-methods'
import type { BridgeHandlers } from '../../shared/bridge-dispatch'
import type { DeviceRef } from '../../shared/devices'
import { ParkedRequests } from './interactions/parked-requests'
import { InteractionBroker, type RespondFailure, type RespondResult } from './interactions/broker'
import { DraftStore } from './interactions/draft-store'
import { ExternalAsker } from './interactions/external-asker'
import { AgentSessions, usageOf } from './acp/agent-sessions'
import { McpHub } from './mcp/mcp-hub'
import { McpOAuthStore } from './mcp/oauth/oauth-store'
import { signInFromCommandLine } from './mcp/oauth/sign-in-prompts'
import { signInThroughTray } from './mcp/oauth/tray-sign-in'
import { agentFromCommandLine } from './acp/agent-command'
import { secretKeyring } from './acp/agent-keyring'
import { contentErrors } from '../../shared/form-answers'
import type { FormContent } from '../../shared/form-answers'
import type { FormInteraction } from '../../shared/interactions'
import { inboxItems, type InboxItem } from '../../shared/inbox'
import type { AgentSpec } from '../../shared/acp-agents'
import type { AgentRef } from '../../shared/session-events'
import { InteractionFifo } from './interactions/interaction-fifo'
import { PermissionGate } from './interactions/permission-gate'
import { PermissionEngine } from './permissions/permission-engine'
import { PermissionRuleStore } from './permissions/permission-rule-store'
import { planRecovery } from './sessions/recovery'
import { newId, sessionPath, stateFromEvents, type SessionState } from './sessions/session-state'
import { entryFromLog, SessionIndex, summaryFromEntry } from './sessions/session-index'
import { readSessionLog } from './sessions/session-log'
import { pageOfEvents } from '../../shared/event-pages'
import { SettingsFileError, SettingsStore } from './settings/settings-store'
import { TurnEngine } from './turns/turn-engine'
import { FileSecretStore } from './settings/file-secret-store'
import { DEMO_BACKEND_ID, resolveBackend, type ModelBackend } from './models/model-backend'
import { checkConnection } from './models/connection-check'
import { modelOverride } from './models/provider-config'
import type { Runtime, RuntimeOptions } from './runtime-types'
import type { SecretStore } from './settings/secret-store'
import { commandEnvironment } from './tools/command-environment'
import { loadBashGrammar } from './tools/shell/bash-grammar'
import {
  isSandboxed,
  probeSandbox,
  sandboxFolders,
  SYSTEM_PROBE,
  unsandboxedNotice,
  type CommandSandbox,
} from './sandbox/command-sandbox'
import { DeviceStore } from './remote/device-store'
import { postNotice } from './remote/webhook-notice'
import { errorMessage } from '../../shared/plain-error'
import { SessionCheckpoints } from './checkpoints/session-checkpoints'
import { forkedHistory } from './sessions/fork-log'
import { RecentProjects } from './projects/recent-projects'
import { completeFolder } from './projects/folder-completions'
import { projectInstructionsFile } from './projects/project-instructions'
import { AttachmentStore, attachmentFolder } from './projects/attachment-store'
import {
  loadAttachments,
  prepareAttachments,
  readImageAttachment,
} from './projects/message-attachments'
import { WorkspaceFileIndexes } from './projects/workspace-file-indexes'
import { SessionTextIndex } from './sessions/session-text-index'
import type { AttachmentRef } from '../../shared/attachments'

/**
 * Until the first message names it. Not "New session": that is the name of the button that makes
 * one, and a session's Rename and Delete buttons carry its title.
 */
const DEFAULT_TITLE = 'Untitled'
const ok = { ok: true } as const
const CHECKPOINTS_OFF = 'checkpoints are turned off in this Parley'
/** At most this long the UIs wait to see a turn end while its end checkpoint is taken. */
const END_CHECKPOINT_WAIT_MS = 1_500

/** Events after which the inbox may have changed: a request came, changed or went; a title changed. */
const INBOX_CAUSES: ReadonlySet<BridgeEvent['type']> = new Set([
  'interaction_added',
  'interaction_updated',
  'interaction_settled',
  'session_changed',
])

type Out<M extends keyof BridgeCalls> = Promise<BridgeOutput<M>>
type In<M extends keyof BridgeCalls> = BridgeParsedInput<M>

/**
 * A broker result as one bridge call reports it: each call lists the failures it can have; any
 * other (which that kind of request never produces) is reported as an unknown request.
 */
function narrow<R extends RespondFailure['reason']>(
  result: RespondResult,
  reasons: readonly R[],
): { ok: true } | { ok: false; reason: R | 'unknown_request'; message?: string } {
  if (result.ok) return result
  const listed = reasons.find((reason) => reason === result.reason)
  return {
    ok: false,
    reason: listed ?? 'unknown_request',
    ...(result.message ? { message: result.message } : {}),
  }
}

/** Resolves after `ms`, or at once when `signal` aborts. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer)
      signal.removeEventListener('abort', done)
      resolve()
    }
    const timer = setTimeout(done, ms)
    signal.addEventListener('abort', done, { once: true })
  })
}

/** The turn a Retry would run again: the newest one, when it ended in an error. */
function failedTurnOf(events: readonly SessionEvent[]): string | undefined {
  for (let i = events.length - 1; i >= 0; i--) {
    const event = events[i]
    if (event?.type === 'user_message' || event?.type === 'turn_retry') return undefined
    if (event?.type === 'turn_end') return event.reason === 'error' ? event.turnId : undefined
  }
  return undefined
}

/** `--acp` names no usable agent command; the CLI prints the message and exits 2. */
export class AgentCommandError extends Error {}

/**
 * An orphaned form's answer, as the message that carries it to the agent instead: which question
 * it answers, then each field with its value.
 */
function formAsMessage(request: FormInteraction, content: FormContent): string {
  const lines = request.form.fields.flatMap((field) => {
    const value =
      content[field.key] ??
      ('otherKey' in field && field.otherKey ? content[field.otherKey] : undefined)
    if (value === undefined) return []
    return [`- ${field.title}: ${Array.isArray(value) ? value.join(', ') : String(value)}`]
  })
  const asked = request.form.message.trim()
  return [
    `My answer to your earlier question${asked ? ` (“${asked}”)` : ''}, which could not reach you before:`,
    ...(lines.length > 0 ? lines : ['(no fields filled in)']),
  ].join('\n')
}

/** A title from the first line of the first message. */
function titleFrom(text: string): string {
  const line = text.trim().split('\n')[0] ?? ''
  return line.length > 60 ? `${line.slice(0, 57)}…` : line || DEFAULT_TITLE
}

/**
 * The agent runtime behind every host: sessions and their logs, turns, the interaction FIFO and
 * settings. Inputs arrive validated (hosts use `dispatchBridgeCall`); expected failures come back
 * as `{ ok: false, reason }`.
 */
export class ParleyRuntime implements Runtime {
  /** Sessions read into memory (on open, on use, or at start-up to recover an open turn). */
  readonly #sessions = new Map<string, SessionState>()
  /** What sessions said, for the sidebar's search over content. */
  readonly #texts = new SessionTextIndex((sessionId) => {
    const live = this.#sessions.get(sessionId)
    if (live) return live.events
    const entry = this.#index.get(sessionId)
    if (!entry || entry.damaged) return null
    try {
      return readSessionLog(this.#index.path(entry)).events
    } catch {
      return null
    }
  })
  /** `@` completion's file index per workspace. */
  readonly #fileIndexes = new WorkspaceFileIndexes()
  /** Every session on disk, listed without reading its log. */
  #index!: SessionIndex
  readonly #listeners = new Set<(event: BridgeEvent) => void>()
  readonly #parked = new ParkedRequests()
  readonly #fifo = new InteractionFifo()
  readonly #permissions = new PermissionEngine()
  readonly #rules: PermissionRuleStore
  readonly #drafts: DraftStore
  readonly #broker: InteractionBroker
  readonly #gate: PermissionGate
  /** How ACP agents and MCP servers reach the person. */
  readonly #asker: ExternalAsker
  /** Sessions that talk to an ACP agent. */
  readonly #agents: AgentSessions
  /** MCP servers, per workspace. */
  readonly #mcp: McpHub
  /** The agent `--acp` names: new sessions use it unless they name another. */
  #defaultAgent: AgentSpec | undefined
  /** Sessions created but not written yet: a session is saved at its first record, not before. */
  readonly #unsaved = new Set<string>()
  readonly #settings: SettingsStore
  /** Folders sessions were started in (`<data-dir>/projects.json`). */
  readonly #projects: RecentProjects
  readonly #secrets: SecretStore
  readonly #engine: TurnEngine
  /** Found in `init`; until then (and where there is none) commands run unsandboxed. */
  #sandbox: CommandSandbox
  #backend!: ModelBackend
  #closed = false
  /** The inbox as last announced (JSON), so `inbox_changed` is sent only when it changed. */
  #lastInbox = '[]'
  get #env(): NodeJS.ProcessEnv {
    return this.options.env ?? process.env
  }
  /** Start-up problems (unreadable session files, invalid settings), for the host to show. */
  readonly problems: string[] = []
  /** Devices paired to answer from afar; the web host's remote listener checks tokens with it. */
  readonly devices: DeviceStore
  /** The one clock (`RuntimeOptions.now`), handed to every part that reads the time. */
  readonly #now: () => number
  /** Checkpoints of each session's workspace per turn; absent when turned off. */
  readonly #checkpoints: SessionCheckpoints | undefined
  /** Checkpoints being taken, awaited before logs close. */
  readonly #checkpointing = new Set<Promise<void>>()
  /** Per session, the events held back while its turn's end checkpoint is taken (see #holdUntil). */
  readonly #held = new Map<string, BridgeEvent[]>()

  constructor(private readonly options: RuntimeOptions) {
    this.#now = options.now ?? Date.now
    this.#settings = new SettingsStore(options.dataDir)
    this.#projects = new RecentProjects(options.dataDir)
    this.#secrets = options.secretStore ?? new FileSecretStore(options.dataDir)
    this.#sandbox = {
      availability: { kind: 'none', reason: 'the sandbox was not looked for yet' },
      ...sandboxFolders(homedir(), resolve(options.dataDir)),
    }
    this.#drafts = new DraftStore(options.dataDir)
    this.#rules = new PermissionRuleStore(options.dataDir, this.#now)
    this.devices = new DeviceStore(options.dataDir)
    const record = (session: SessionState, event: SessionEvent, sync?: boolean) =>
      this.#record(session, event, sync)
    // Headless `run` takes none: nobody is there to rewind, and scripts read its records.
    this.#checkpoints =
      options.checkpoints === false || !options.interactive
        ? undefined
        : new SessionCheckpoints({
            dataDir: options.dataDir,
            // A session removed meanwhile is not written again.
            record: (session, event, sync) => {
              if (this.#sessions.get(session.header.id) === session) record(session, event, sync)
            },
            now: this.#now,
            newId,
            ...(options.checkpoints?.git ? { git: options.checkpoints.git } : {}),
          })
    const beforeTurn = (session: SessionState, turnId: string) =>
      this.#checkpoint(session, turnId, 'turn_start')
    const now = this.#now
    // MCP servers and agents start in a private PID namespace through the sandbox `init` found.
    const pidIsolation = async () => this.#sandbox.availability
    this.#broker = new InteractionBroker({
      parked: this.#parked,
      fifo: this.#fifo,
      drafts: this.#drafts,
      record,
      emit: (event) => this.#emit(event),
      touch: (session) => this.#touch(session),
      now,
    })
    this.#gate = new PermissionGate({
      broker: this.#broker,
      permissions: this.#permissions,
      rules: this.#rules,
      record,
      now,
      interactive: options.interactive,
      permissionTimeoutMs: () =>
        options.permissionTimeoutMs ?? this.#settings.current.permissionTimeoutSeconds * 1000,
      reviewContext: (workspace) => ({
        workspace,
        sandboxed: isSandboxed(this.#sandbox),
        dataDir: resolve(options.dataDir),
      }),
    })
    this.#asker = new ExternalAsker({
      broker: this.#broker,
      gate: this.#gate,
      drafts: this.#drafts,
      session: (sessionId) => this.#session(sessionId),
      record,
      now,
      interactive: options.interactive,
      permissionTimeoutMs: () =>
        options.permissionTimeoutMs ?? this.#settings.current.permissionTimeoutSeconds * 1000,
    })
    this.#mcp = new McpHub({
      dataDir: options.dataDir,
      commandLineFiles: options.mcpConfigFiles ?? [],
      asker: this.#asker,
      env: options.env ?? process.env,
      pidIsolation,
      workspaceSandbox: () => ({
        sandbox: this.#sandbox,
        allowedEnv: this.#settings.current.sandboxAllowedEnv,
      }),
      oauth: {
        store: new McpOAuthStore(this.#secrets),
        prompt:
          options.mcpSignIn ??
          (options.interactive ? signInThroughTray(this.#asker) : signInFromCommandLine),
      },
    })
    this.#agents = new AgentSessions({
      asker: this.#asker,
      parked: this.#parked,
      interactive: options.interactive,
      record,
      emit: (event) => this.#emit(event),
      touch: (session) => this.#touch(session),
      agents: () => this.#settings.current.agents,
      mcpServers: (workspace) => this.#mcp.acpServers(workspace),
      keyring: (agent) => secretKeyring(this.#secrets, agent),
      pidIsolation,
      beforeTurn,
      now,
    })
    this.#engine = new TurnEngine({
      parked: this.#parked,
      broker: this.#broker,
      gate: this.#gate,
      drafts: this.#drafts,
      permissions: this.#permissions,
      backend: () => this.#backend,
      record,
      emit: (event) => this.#emit(event),
      touch: (session) => this.#touch(session),
      interactive: options.interactive,
      streamIdleMs: () => options.streamIdleMs ?? this.#settings.current.streamIdleSeconds * 1000,
      sleep: options.sleep ?? sleep,
      commandEnv: async () =>
        commandEnvironment({
          base: process.env,
          allowed: this.#settings.current.sandboxAllowedEnv,
          storedSecrets: [
            await this.#secrets.get('openaiApiKey'),
            await this.#secrets.get('anthropicApiKey'),
          ],
        }),
      commandSandbox: () => this.#sandbox,
      externalTools: (session) => this.#mcp.tools(session.header.workspace),
      beforeTurn,
      now,
    })
  }

  /** Loads settings, the backend and every session; re-presents requests left open by a quit or crash. */
  async init(): Promise<void> {
    if (this.options.acp !== undefined) {
      const agent = agentFromCommandLine(this.options.acp)
      if (!agent.ok) throw new AgentCommandError(`--acp: ${agent.message}`)
      this.#defaultAgent = agent.agent
    }
    mkdirSync(join(this.options.dataDir, 'sessions'), { recursive: true })
    await this.#settings.load()
    if (this.#settings.problem) this.problems.push(this.#settings.problem)
    if (this.#projects.problem) this.problems.push(this.#projects.problem)
    await this.#resolveBackend()
    const { index, problems } = SessionIndex.load(this.options.dataDir)
    this.#index = index
    this.problems.push(...problems)
    // Commands are reviewed with a shell grammar that loads asynchronously; it starts loading now
    // and is awaited before any turn can need it: here when a turn is recovered, else by the turn
    // engine before a turn's first step (so a client's first screen does not wait for it).
    // Without it, commands are reviewed as unparseable: high risk, never remembered.
    const grammar = loadBashGrammar().catch(() => undefined)
    // The sandbox is found once, meanwhile: bwrap on Linux (tried for real), sandbox-exec on
    // macOS, else none, which is said once. A recovered turn may run an approved command, so it
    // is known before recovery.
    const availability = await probeSandbox(this.options.sandboxProbe ?? SYSTEM_PROBE)
    this.#sandbox = { ...this.#sandbox, availability }
    const unsandboxed = unsandboxedNotice(this.#sandbox)
    if (unsandboxed) this.problems.push(unsandboxed)
    // Only logs with something open are read now: a turn a quit or crash left open (recovery
    // reads the log itself, whatever the index said), or requests of agents and servers that
    // are gone. Every other session is read when it is first used.
    const open = [...index.entries()].filter(
      (e) => !e.damaged && (e.openTurnId !== null || e.openRequests > 0),
    )
    if (open.length > 0) await grammar
    for (const entry of open) {
      const session = this.#session(entry.id)
      if (session) this.#recover(session)
    }
  }

  /**
   * The session in memory, read from its log the first time it is needed; requests of agents and
   * servers from an earlier run found open in it are shown again, orphaned.
   */
  #session(sessionId: string): SessionState | undefined {
    const loaded = this.#sessions.get(sessionId)
    if (loaded) return loaded
    const entry = this.#index.get(sessionId)
    if (!entry || entry.damaged) return undefined
    const path = this.#index.path(entry)
    const { events, notices } = readSessionLog(path)
    const session = stateFromEvents(path, events, notices)
    if (!session) return undefined
    this.#sessions.set(sessionId, session)
    this.#asker.restoreOrphans(session)
    return session
  }

  async #resolveBackend(): Promise<void> {
    this.#backend = await resolveBackend({
      scenarioPath: this.options.scenarioPath,
      env: this.#env,
      settings: this.#settings.current,
      secrets: {
        openaiApiKey: await this.#secrets.get('openaiApiKey'),
        anthropicApiKey: await this.#secrets.get('anthropicApiKey'),
      },
      ...(this.options.fetch ? { fetch: this.options.fetch } : {}),
    })
  }

  #recover(session: SessionState): void {
    const plan = planRecovery(session.events)
    if (plan.kind === 'none') return
    if (plan.kind === 'resume') {
      this.#engine.resume(session, plan.turnId, plan.step, plan.calls)
      return
    }
    for (const call of plan.calls) {
      this.#record(session, {
        type: 'tool_result',
        at: this.#now(),
        turnId: plan.turnId,
        toolCallId: call.toolCallId,
        tool: call.tool,
        output: { error: `${call.tool} was interrupted: the app stopped while it was running` },
        isError: true,
        synthetic: true,
      })
    }
    this.#record(
      session,
      { type: 'turn_end', at: this.#now(), turnId: plan.turnId, reason: 'interrupted' },
      true,
    )
  }

  onEvent(listener: (event: BridgeEvent) => void): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  #emit(event: BridgeEvent): void {
    const held = event.type === 'inbox_changed' ? undefined : this.#held.get(event.sessionId)
    if (held) held.push(event)
    else this.#deliver(event)
    if (INBOX_CAUSES.has(event.type)) this.#announceInbox(event.sessionId)
    if (event.type === 'interaction_added') this.#notify(event.sessionId)
  }

  #deliver(event: BridgeEvent): void {
    for (const listener of this.#listeners) {
      try {
        listener(event)
      } catch {
        // A failing UI must not break the runtime or the other UIs.
      }
    }
  }

  /**
   * Holds a session's events back from the UIs until `taken` (the turn's end checkpoint) or at
   * most END_CHECKPOINT_WAIT_MS: the person sees the turn end only once the files as the agent
   * left them are kept, so an edit they make right after is told apart from the agent's at a
   * rewind. The inbox (a snapshot of every session) is never held.
   */
  #holdUntil(sessionId: string, taken: Promise<void>): void {
    if (this.#held.has(sessionId)) return
    const held: BridgeEvent[] = []
    this.#held.set(sessionId, held)
    let timer: ReturnType<typeof setTimeout> | undefined
    const waited = new Promise<void>((done) => {
      timer = setTimeout(done, END_CHECKPOINT_WAIT_MS)
    })
    void Promise.race([taken, waited]).then(() => {
      clearTimeout(timer)
      this.#held.delete(sessionId)
      for (const event of held) this.#deliver(event)
    })
  }

  /** Something new waits: the notice webhook, when the person set one, hears it (see noticeText). */
  #notify(sessionId: string): void {
    const { notifyUrl: url, notifyUrlTitles } = this.#settings.current
    if (!url) return
    const title = notifyUrlTitles ? (this.#session(sessionId)?.title ?? DEFAULT_TITLE) : null
    void postNotice(this.options.fetch ?? globalThis.fetch, url, title)
  }

  #inbox(): InboxItem[] {
    return inboxItems(
      this.#broker.sessions().map(({ sessionId, pending }) => ({
        sessionId,
        title:
          this.#session(sessionId)?.title ?? this.#index.get(sessionId)?.title ?? DEFAULT_TITLE,
        pending,
      })),
    )
  }

  /** Tells the UIs the inbox changed, once per change: what waits, or a waiting session's title. */
  #announceInbox(sessionId: string): void {
    const items = this.#inbox()
    const json = JSON.stringify(items)
    if (json === this.#lastInbox) return
    this.#lastInbox = json
    this.#emit({ type: 'inbox_changed', sessionId, items })
  }

  #record(session: SessionState, event: SessionEvent, sync = false): void {
    this.#save(session)
    session.writer.append(event, { sync })
    this.#index.recorded(session.header.id, event)
    this.#texts.recorded(session.header.id, event)
    session.events.push(event)
    if (event.type === 'turn_end' && this.#checkpoints && !this.#closed)
      this.#holdUntil(session.header.id, this.#checkpoint(session, event.turnId, 'turn_end'))
    this.#emit({ type: 'session_event', sessionId: session.header.id, event })
  }

  /** Takes a turn's checkpoint (never failing the turn), tracked so logs close after it. */
  #checkpoint(
    session: SessionState,
    turnId: string,
    moment: 'turn_start' | 'turn_end',
  ): Promise<void> {
    if (!this.#checkpoints || this.#closed) return Promise.resolve()
    const taking = this.#checkpoints.atTurn(session, turnId, moment).catch(() => undefined)
    this.#checkpointing.add(taking)
    void taking.then(() => this.#checkpointing.delete(taking))
    return taking
  }

  /** Writes the header of a session created in memory (its first message is about to be). */
  #save(session: SessionState): void {
    if (!this.#unsaved.delete(session.header.id)) return
    const header = { ...session.header, title: session.title, mode: session.mode }
    session.header = header
    session.events[0] = header
    session.writer.append(header, { sync: true })
    this.#index.add(entryFromLog(`${header.id}.jsonl`, [header], { bytes: 0, mtimeMs: 0 }))
  }

  /**
   * The folder new sessions work in: the one asked for, else `--workspace`, else Settings; else
   * none (the person is asked), never where Parley happened to start. The demo gets a scratch
   * folder.
   */
  #workspaceFor(input: In<'createSession'>): string | undefined {
    const named = input.workspace ?? this.options.workspace
    if (named) return resolve(named)
    if (this.#backend.id === DEMO_BACKEND_ID) {
      const scratch = join(this.options.dataDir, 'demo-workspace')
      mkdirSync(scratch, { recursive: true })
      return scratch
    }
    const fallback = this.#settings.current.defaultWorkspace || this.options.currentFolder
    return fallback ? resolve(fallback) : undefined
  }

  #summary(session: SessionState): SessionSummary {
    return this.#summaryOf(session.header.id)
  }

  /**
   * A session's line in the list: from the index (a session not read yet) or from memory (one
   * not saved yet), with what only the running process knows (running, pending, agent modes).
   */
  #summaryOf(sessionId: string): SessionSummary {
    const session = this.#session(sessionId)
    const entry =
      this.#index.get(sessionId) ??
      (session
        ? entryFromLog(
            `${sessionId}.jsonl`,
            [{ ...session.header, title: session.title, mode: session.mode }],
            { bytes: 0, mtimeMs: 0 },
          )
        : undefined)
    if (!entry) throw new Error(`no session ${sessionId}`)
    const summary = summaryFromEntry(entry, {
      running: session?.turn !== undefined,
      pendingCount: this.#broker.count(sessionId),
    })
    if (!session) return summary
    if (session.header.agent) return { ...summary, ...this.#agents.summary(session) }
    // ACP agents read their own instructions; Parley's own agent reads this file each turn.
    const instructionsFile = projectInstructionsFile(session.header.workspace)
    return {
      ...summary,
      ...usageOf(session.events),
      ...(instructionsFile ? { instructionsFile } : {}),
    }
  }

  /** The agent a new session talks to: the one it names, else `--acp`'s, else Parley's own. */
  #agentFor(
    requested: string | undefined,
  ): { ok: true; agent: AgentRef | undefined } | { ok: false } {
    const pick = (spec: AgentSpec): AgentRef => ({
      id: spec.id,
      name: spec.name,
      command: spec.command,
      args: spec.args,
    })
    if (requested === 'parley') return { ok: true, agent: undefined }
    if (requested === undefined)
      return { ok: true, agent: this.#defaultAgent ? pick(this.#defaultAgent) : undefined }
    const named =
      this.#settings.current.agents.find((a) => a.id === requested) ??
      (this.#defaultAgent?.id === requested ? this.#defaultAgent : undefined)
    return named ? { ok: true, agent: pick(named) } : { ok: false }
  }

  #touch(session: SessionState): void {
    if (this.#sessions.get(session.header.id) !== session) return
    this.#emit({
      type: 'session_changed',
      sessionId: session.header.id,
      session: this.#summary(session),
    })
  }

  // ── sessions ──────────────────────────────────────────────────────────────

  async listSessions(_input: In<'listSessions'>): Out<'listSessions'> {
    const ids = new Set([...[...this.#index.entries()].map((e) => e.id), ...this.#unsaved])
    return [...ids].map((id) => this.#summaryOf(id)).sort((a, b) => b.updatedAt - a.updatedAt)
  }

  async createSession(input: In<'createSession'>): Out<'createSession'> {
    const workspace = this.#workspaceFor(input)
    if (workspace === undefined)
      return { ok: false, reason: 'no_workspace', message: 'Choose a folder for this session.' }
    if (!existsSync(workspace) || !statSync(workspace).isDirectory()) {
      return { ok: false, reason: 'invalid_workspace', message: `${workspace} is not a folder` }
    }
    const chosen = this.#agentFor(input.agent)
    if (!chosen.ok)
      return {
        ok: false,
        reason: 'unknown_agent',
        message: `no agent "${input.agent}" in Settings`,
      }
    const id = newId('s')
    const path = sessionPath(this.options.dataDir, id)
    const header: SessionEvent = {
      type: 'session',
      v: 1,
      id,
      createdAt: this.#now(),
      title: input.title ?? DEFAULT_TITLE,
      workspace,
      backend: chosen.agent ? `acp:${chosen.agent.id}` : this.#backend.id,
      mode: input.mode ?? this.#settings.current.defaultMode,
      ...(chosen.agent ? { agent: chosen.agent } : {}),
    }
    const session = stateFromEvents(path, [header], []) as SessionState
    // Written with its first message (#save): an empty session leaves nothing behind.
    this.#unsaved.add(id)
    this.#sessions.set(id, session)
    this.#touch(session)
    await this.#projects.opened(workspace, header.createdAt).catch((error: unknown) => {
      this.problems.push(`the recent projects could not be saved: ${errorMessage(error)}`)
    })
    return { ok: true, session: this.#summary(session) }
  }

  async openSession({ sessionId, limit }: In<'openSession'>): Out<'openSession'> {
    const entry = this.#index.get(sessionId)
    if (entry?.damaged) {
      // Listed so it is never silently gone; opened to show what is wrong and what could be read.
      const { events, notices } = readSessionLog(this.#index.path(entry))
      return {
        ok: true,
        session: this.#summaryOf(sessionId),
        ...pageOfEvents(events, { limit }),
        total: events.length,
        pending: [],
        notices: [{ offset: 0, message: entry.damaged }, ...notices],
      }
    }
    const session = this.#session(sessionId)
    if (!session) return { ok: false, reason: 'not_found' }
    return {
      ok: true,
      session: this.#summary(session),
      ...pageOfEvents(session.events, { limit }),
      total: session.events.length,
      pending: this.#broker.list(sessionId),
      notices: this.#withSandboxNotice(session.notices),
    }
  }

  /** Each session, when opened, says once that commands run unsandboxed (where they do). */
  #withSandboxNotice(notices: readonly LogNotice[]): LogNotice[] {
    const message = unsandboxedNotice(this.#sandbox)
    return message === null ? [...notices] : [{ offset: 0, message }, ...notices]
  }

  async loadOlderEvents({
    sessionId,
    before,
    limit,
  }: In<'loadOlderEvents'>): Out<'loadOlderEvents'> {
    const entry = this.#index.get(sessionId)
    if (entry?.damaged)
      return {
        ok: true,
        ...pageOfEvents(readSessionLog(this.#index.path(entry)).events, { before, limit }),
      }
    const session = this.#session(sessionId)
    if (!session) return { ok: false, reason: 'not_found' }
    return { ok: true, ...pageOfEvents(session.events, { before, limit }) }
  }

  async renameSession({ sessionId, title }: In<'renameSession'>): Out<'renameSession'> {
    const session = this.#session(sessionId)
    if (!session) return { ok: false, reason: 'not_found' }
    session.title = title
    if (!this.#unsaved.has(sessionId)) {
      this.#record(session, { type: 'session_update', at: this.#now(), title })
    }
    this.#touch(session)
    return ok
  }

  async setSessionMode({ sessionId, mode }: In<'setSessionMode'>): Out<'setSessionMode'> {
    const session = this.#session(sessionId)
    if (!session) return { ok: false, reason: 'not_found' }
    if (session.mode !== mode) {
      session.mode = mode
      if (!this.#unsaved.has(sessionId)) {
        this.#record(session, { type: 'session_update', at: this.#now(), mode })
      }
      this.#touch(session)
      this.#gate.modeChanged(session)
    }
    return ok
  }

  async setAgentMode({ sessionId, modeId }: In<'setAgentMode'>): Out<'setAgentMode'> {
    const session = this.#session(sessionId)
    if (!session) return { ok: false, reason: 'not_found' }
    const agent = session.header.agent
    if (!agent) return { ok: false, reason: 'not_an_agent_session' }
    const result = await this.#agents.setMode(session, agent, modeId)
    return result.ok ? ok : { ok: false, reason: 'failed', message: result.message }
  }

  async setAgentConfigOption({
    sessionId,
    configId,
    value,
  }: In<'setAgentConfigOption'>): Out<'setAgentConfigOption'> {
    const session = this.#session(sessionId)
    if (!session) return { ok: false, reason: 'not_found' }
    const agent = session.header.agent
    if (!agent) return { ok: false, reason: 'not_an_agent_session' }
    const result = await this.#agents.setConfigOption(session, agent, configId, value)
    return result.ok ? ok : { ok: false, reason: 'failed', message: result.message }
  }

  async removeSession({ sessionId }: In<'removeSession'>): Out<'removeSession'> {
    const entry = this.#index.get(sessionId)
    const session = this.#session(sessionId)
    if (!entry && !session) return { ok: false, reason: 'not_found' }
    if (session) {
      if (session.header.agent) await this.#agents.close(session, 'removed')
      else await this.#engine.end(session, 'removed')
      this.#sessions.delete(sessionId)
      this.#unsaved.delete(sessionId)
      session.writer.close()
    }
    // A damaged log is removed too: the person asked, and nothing else could use it.
    const path = session?.writer.path ?? (entry ? this.#index.path(entry) : undefined)
    if (path) {
      rmSync(path, { force: true })
      new AttachmentStore(attachmentFolder(path)).remove()
    }
    const workspace = session?.header.workspace ?? entry?.workspace
    if (workspace !== undefined) void this.#checkpoints?.forget(sessionId, workspace)
    this.#index.remove(sessionId)
    this.#texts.forget(sessionId)
    this.#rules.removeSession(sessionId)
    this.#emit({ type: 'session_changed', sessionId, session: null })
    return ok
  }

  // ── chat ──────────────────────────────────────────────────────────────────

  async send({ sessionId, text, attachments = [] }: In<'send'>): Out<'send'> {
    const damaged = this.#index.get(sessionId)?.damaged
    if (damaged) return { ok: false, reason: 'damaged', message: damaged }
    const session = this.#session(sessionId)
    if (!session) return { ok: false, reason: 'not_found' }
    // Checked and stored before the turn checks below, which nothing may await after.
    const prepared = await prepareAttachments(attachments, {
      workspace: session.header.workspace,
      store: this.#attachmentStore(session),
    })
    if (!prepared.ok) return { ok: false, reason: 'attachment', message: prepared.message }
    if (this.#broker.count(sessionId) > 0) {
      return {
        ok: false,
        reason: 'awaiting_input',
        message: 'the agent is waiting for your answer; answer or stop it first',
      }
    }
    if (session.turn)
      return {
        ok: false,
        reason: 'busy',
        message: 'a turn is already running in this session; stop it first',
      }
    if (this.#closed) return { ok: false, reason: 'busy', message: 'the runtime is shutting down' }
    return { ok: true, turnId: this.#startTurn(session, text, prepared.refs) }
  }

  /** Where the copies of a session's attachments are kept (beside its log). */
  #attachmentStore(session: SessionState): AttachmentStore {
    return new AttachmentStore(attachmentFolder(session.writer.path))
  }

  /** Records the person's message and starts the turn with the session's agent. */
  #startTurn(session: SessionState, text: string, attachments: AttachmentRef[] = []): string {
    const turnId = newId('t')
    // The header goes down as the session stood before this message; its title follows.
    this.#save(session)
    if (session.title === DEFAULT_TITLE && !session.events.some((e) => e.type === 'user_message')) {
      session.title = titleFrom(text)
      this.#record(session, { type: 'session_update', at: this.#now(), title: session.title })
    }
    this.#record(session, {
      type: 'user_message',
      at: this.#now(),
      turnId,
      text,
      ...(attachments.length > 0 ? { attachments } : {}),
    })
    const agent = session.header.agent
    if (agent) {
      const loaded = loadAttachments(attachments, this.#attachmentStore(session))
      void this.#agents.start(session, agent, turnId, text, loaded)
    } else this.#engine.start(session, turnId)
    return turnId
  }

  async stop({ sessionId }: In<'stop'>): Out<'stop'> {
    const session = this.#session(sessionId)
    if (!session) return { ok: false, reason: 'not_found' }
    if (!session.turn) return { ok: false, reason: 'not_running' }
    if (session.header.agent) await this.#agents.stop(session)
    else await this.#engine.end(session, 'stopped')
    return ok
  }

  /** Runs the model again from the log after a turn that failed: a new turn, no new message. */
  async retryTurn({ sessionId }: In<'retryTurn'>): Out<'retryTurn'> {
    const session = this.#session(sessionId)
    if (!session) return { ok: false, reason: 'not_found' }
    if (this.#broker.count(sessionId) > 0)
      return {
        ok: false,
        reason: 'awaiting_input',
        message: 'the agent is waiting for your answer; answer or stop it first',
      }
    if (session.turn || this.#closed)
      return { ok: false, reason: 'busy', message: 'a turn is already running in this session' }
    // An ACP agent has no "run the turn again": its prompt is sent again as a message instead.
    if (session.header.agent)
      return {
        ok: false,
        reason: 'nothing_to_retry',
        message: `${session.header.agent.name} cannot retry a turn: send your message again`,
      }
    const retryOf = failedTurnOf(session.events)
    if (retryOf === undefined)
      return {
        ok: false,
        reason: 'nothing_to_retry',
        message: 'the last turn did not end in an error',
      }
    const turnId = newId('t')
    this.#record(session, { type: 'turn_retry', at: this.#now(), turnId, retryOf })
    this.#engine.start(session, turnId)
    return { ok: true, turnId }
  }

  // ── interactions ──────────────────────────────────────────────────────────

  /**
   * The bridge calls as a paired device makes them: the same, except that every answer is
   * recorded as given from `device`.
   */
  forDevice(device: DeviceRef): BridgeHandlers {
    const same = Object.fromEntries(
      BRIDGE_METHODS.map((method) => [
        method,
        (input: unknown) => (this[method] as (i: unknown) => Promise<unknown>).call(this, input),
      ]),
    ) as unknown as BridgeHandlers
    return {
      ...same,
      respondToPermission: (input) => this.respondToPermission(input, device),
      respondToQuestion: (input) => this.respondToQuestion(input, device),
      respondToAgentPermission: (input) => this.respondToAgentPermission(input, device),
      respondToForm: (input) => this.respondToForm(input, device),
      // Signing in opens a browser on this computer: only the person at it does that.
      signInMcpServer: async () => ({ ok: false, reason: 'forbidden' }),
      signOutMcpServer: async () => ({ ok: false, reason: 'forbidden' }),
    }
  }

  async respondToPermission(
    { requestId, decision, remember, scope, note }: In<'respondToPermission'>,
    device?: DeviceRef,
  ): Out<'respondToPermission'> {
    const answer = {
      kind: 'permission' as const,
      decision,
      remember,
      // A paired device answers for the turn only (its host refuses more; this holds anyway).
      ...(remember && scope && !device ? { scope } : {}),
      ...(note && decision === 'deny' ? { note } : {}),
    }
    return narrow(this.#broker.respond(requestId, answer, 'person', device), [
      'unknown_request',
      'wrong_kind',
    ])
  }

  async respondToQuestion(
    { requestId, answers }: In<'respondToQuestion'>,
    device?: DeviceRef,
  ): Out<'respondToQuestion'> {
    return narrow(
      this.#broker.respond(requestId, { kind: 'question', answers }, 'person', device),
      ['unknown_request', 'wrong_kind', 'answer_count', 'invalid_answer'],
    )
  }

  async respondToAgentPermission(
    { requestId, optionId }: In<'respondToAgentPermission'>,
    device?: DeviceRef,
  ): Out<'respondToAgentPermission'> {
    const answer = { kind: 'agent_permission' as const, optionId }
    return narrow(this.#broker.respond(requestId, answer, 'person', device), [
      'unknown_request',
      'wrong_kind',
      'unknown_option',
      'orphaned',
    ])
  }

  async respondToForm(
    { requestId, response }: In<'respondToForm'>,
    device?: DeviceRef,
  ): Out<'respondToForm'> {
    return narrow(this.#broker.respond(requestId, { kind: 'form', response }, 'person', device), [
      'unknown_request',
      'wrong_kind',
      'invalid',
      'orphaned',
    ])
  }

  async sendFormAsMessage({
    requestId,
    response,
  }: In<'sendFormAsMessage'>): Out<'sendFormAsMessage'> {
    const request = this.#broker.get(requestId)
    const session = request && this.#session(request.sessionId)
    if (!request || !session) return { ok: false, reason: 'unknown_request' }
    if (request.kind !== 'form') return { ok: false, reason: 'wrong_kind' }
    if (!request.orphaned) return { ok: false, reason: 'not_orphaned' }
    if (response.action !== 'accept')
      return { ok: false, reason: 'invalid', message: 'only an accepted form can be sent on' }
    const problems = Object.entries(contentErrors(request.form, response.content))
    if (problems.length > 0)
      return {
        ok: false,
        reason: 'invalid',
        message: problems.map(([key, message]) => `${key}: ${message}`).join('; '),
      }
    if (session.turn || this.#closed)
      return { ok: false, reason: 'busy', message: 'a turn is running in this session' }
    const closed = this.#broker.closeOrphan(
      requestId,
      {
        type: 'interaction_response',
        at: this.#now(),
        turnId: request.turnId,
        requestId,
        outcome: 'sent_as_message',
        response,
      },
      'sent_as_message',
    )
    if (!closed) return { ok: false, reason: 'unknown_request' }
    // A session's agent is fixed when it is created, so the message reaches the agent that asked.
    return { ok: true, turnId: this.#startTurn(session, formAsMessage(request, response.content)) }
  }

  /**
   * Closes a request without answering it: one left open by a quit or crash (Parley's own: the
   * tool is told "not answered (app restarted)"), or one whose asker is gone. A live request is
   * the person's to answer (or Stop): dismissing it is refused rather than claiming a restart.
   */
  async dismissInteraction({ requestId }: In<'dismissInteraction'>): Out<'dismissInteraction'> {
    const request = this.#broker.get(requestId)
    const session = request && this.#session(request.sessionId)
    if (!request || !session) return { ok: false, reason: 'unknown_request' }
    if ((request.kind === 'form' || request.kind === 'agent_permission') && request.orphaned) {
      const closed = this.#broker.closeOrphan(
        requestId,
        {
          type: 'interaction_response',
          at: this.#now(),
          turnId: request.turnId,
          requestId,
          outcome: 'dismissed',
        },
        'dismissed',
      )
      return closed ? ok : { ok: false, reason: 'unknown_request' }
    }
    if (!request.recovered)
      return {
        ok: false,
        reason: 'live_request',
        message: 'the agent is waiting for this answer: answer it, or stop the turn',
      }
    if (!this.#broker.isLive(requestId) || !session.turn)
      return { ok: false, reason: 'unknown_request' }
    await this.#engine.end(session, 'interrupted')
    return ok
  }

  async saveQuestionDraft({ requestId, draft }: In<'saveQuestionDraft'>): Out<'saveQuestionDraft'> {
    return narrow(await this.#broker.saveDraft(requestId, { kind: 'question', draft }), [
      'unknown_request',
      'wrong_kind',
    ])
  }

  async saveFormDraft({ requestId, draft }: In<'saveFormDraft'>): Out<'saveFormDraft'> {
    return narrow(await this.#broker.saveDraft(requestId, { kind: 'form', draft }), [
      'unknown_request',
      'wrong_kind',
    ])
  }

  async listPending({ sessionId }: In<'listPending'>): Out<'listPending'> {
    return this.#broker.list(sessionId)
  }

  async listInbox(_input: In<'listInbox'>): Out<'listInbox'> {
    return this.#inbox()
  }

  // ── paired devices ────────────────────────────────────────────────────────

  async listDevices(_input: In<'listDevices'>): Out<'listDevices'> {
    return this.devices.list()
  }

  async revokeDevice({ deviceId }: In<'revokeDevice'>): Out<'revokeDevice'> {
    return (await this.devices.revoke(deviceId)) ? ok : { ok: false, reason: 'not_found' }
  }

  async listPermissionRules({ workspace }: In<'listPermissionRules'>): Out<'listPermissionRules'> {
    const rules = this.#rules.list(workspace)
    const problem = this.#rules.problem
    return { ok: true, rules, ...(problem !== undefined ? { problem } : {}) }
  }

  async removePermissionRule({ ruleId }: In<'removePermissionRule'>): Out<'removePermissionRule'> {
    return this.#rules.remove(ruleId) ? ok : { ok: false, reason: 'not_found' }
  }

  // ── settings ──────────────────────────────────────────────────────────────

  async #publicSettings(): Promise<PublicSettings> {
    const current = this.#settings.current
    const override = modelOverride(this.#env)
    return {
      ...current,
      openaiApiKeySet: Boolean(await this.#secrets.get('openaiApiKey')),
      anthropicApiKeySet: Boolean(await this.#secrets.get('anthropicApiKey')),
      backendLabel: this.#backend.label,
      models: this.#backend.models,
      ...(override !== undefined && !this.#backend.fake ? { modelOverride: override } : {}),
      ...(this.#defaultAgent ? { commandLineAgent: this.#defaultAgent } : {}),
      ...(this.#settings.problem !== undefined ? { fileProblem: this.#settings.problem } : {}),
    }
  }

  async getSettings(_input: In<'getSettings'>): Out<'getSettings'> {
    return this.#publicSettings()
  }

  /** The server's `/models` where it answers, else the built-in suggestions. */
  async listModels({ candidate }: In<'listModels'>): Out<'listModels'> {
    const backend = candidate ? await this.#candidateBackend(candidate) : this.#backend
    const fromServer = await backend.serverModels()
    return fromServer
      ? { ok: true, models: fromServer, from: 'server' }
      : { ok: true, models: backend.models, from: 'builtin' }
  }

  async listMcpServers({ workspace }: In<'listMcpServers'>): Out<'listMcpServers'> {
    return this.#mcp.status(resolve(workspace))
  }

  async approveMcpServers({ workspace, hash }: In<'approveMcpServers'>): Out<'approveMcpServers'> {
    return (await this.#mcp.approve(resolve(workspace), hash))
      ? ok
      : { ok: false, reason: 'changed', message: 'the file changed since it was shown; look again' }
  }

  async restartMcpServer({ workspace, name }: In<'restartMcpServer'>): Out<'restartMcpServer'> {
    return (await this.#mcp.restart(resolve(workspace), name))
      ? ok
      : { ok: false, reason: 'not_found' }
  }

  async signInMcpServer({ workspace, name }: In<'signInMcpServer'>): Out<'signInMcpServer'> {
    return this.#mcp.signIn(resolve(workspace), name)
  }

  async signOutMcpServer({ workspace, name }: In<'signOutMcpServer'>): Out<'signOutMcpServer'> {
    return (await this.#mcp.signOut(resolve(workspace), name))
      ? ok
      : { ok: false, reason: 'not_found' }
  }

  async addMcpServer(input: In<'addMcpServer'>): Out<'addMcpServer'> {
    return this.#mcp.addUserServer(input)
  }

  // ── projects ──────────────────────────────────────────────────────────────

  async listProjects(_input: In<'listProjects'>): Out<'listProjects'> {
    return { ok: true, projects: this.#projects.list() }
  }

  async completeFolder({ partial }: In<'completeFolder'>): Out<'completeFolder'> {
    return { ok: true, folders: await completeFolder(partial, { home: homedir() }) }
  }

  async searchWorkspaceFiles({
    sessionId,
    query,
    limit = 20,
  }: In<'searchWorkspaceFiles'>): Out<'searchWorkspaceFiles'> {
    const session = this.#session(sessionId)
    if (!session) return { ok: false, reason: 'not_found' }
    return { ok: true, paths: this.#fileIndexes.search(session.header.workspace, query, limit) }
  }

  async searchSessions({ query }: In<'searchSessions'>): Out<'searchSessions'> {
    const newestFirst = [...this.#index.entries()]
      .sort((a, b) => b.updatedAt - a.updatedAt)
      .map((entry) => entry.id)
    return { ok: true, matches: this.#texts.search(newestFirst, query, 200) }
  }

  async readAttachment({ sessionId, sha256 }: In<'readAttachment'>): Out<'readAttachment'> {
    const session = this.#session(sessionId)
    if (!session) return { ok: false, reason: 'not_found' }
    return readImageAttachment(session.events, sha256, this.#attachmentStore(session))
  }

  /** The runtime has no folder picker of its own: the Electron host answers this with its dialog. */
  async pickFolder(_input: In<'pickFolder'>): Out<'pickFolder'> {
    return { ok: false, reason: 'unsupported' }
  }

  async testConnection({ candidate }: In<'testConnection'>): Out<'testConnection'> {
    return checkConnection(candidate ? await this.#candidateBackend(candidate) : this.#backend)
  }

  /**
   * The backend the Settings form describes, not saved: its fields over the saved settings, a key
   * typed there over the saved one (an empty one is the saved one). A scenario does not stand in
   * for it: the person asked about the provider in the form. Nothing of it is kept.
   */
  async #candidateBackend(candidate: ProviderCandidate): Promise<ModelBackend> {
    const { openaiApiKey, anthropicApiKey, ...fields } = candidate
    const { PARLEY_SCENARIO: _scenario, ...env } = this.#env
    return resolveBackend({
      scenarioPath: undefined,
      env,
      settings: { ...this.#settings.current, ...fields },
      secrets: {
        openaiApiKey: openaiApiKey || (await this.#secrets.get('openaiApiKey')),
        anthropicApiKey: anthropicApiKey || (await this.#secrets.get('anthropicApiKey')),
      },
      ...(this.options.fetch ? { fetch: this.options.fetch } : {}),
    })
  }

  async updateSettings(input: In<'updateSettings'>): Out<'updateSettings'> {
    const { openaiApiKey, anthropicApiKey, ...rest } = input
    try {
      if (openaiApiKey !== undefined) await this.#secrets.set('openaiApiKey', openaiApiKey)
      if (anthropicApiKey !== undefined) await this.#secrets.set('anthropicApiKey', anthropicApiKey)
    } catch (error) {
      // No secure storage on this system: say so, and keep nothing in plain text.
      return {
        ok: false,
        reason: 'invalid',
        message: `the API key was not saved: ${errorMessage(error)}`,
      }
    }
    const patch = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined))
    try {
      await this.#settings.update(patch)
    } catch (error) {
      if (!(error instanceof SettingsFileError)) throw error
      return { ok: false, reason: 'invalid', message: error.message }
    }
    await this.#resolveBackend()
    return { ok: true, settings: await this.#publicSettings() }
  }

  // ── checkpoints ───────────────────────────────────────────────────────────

  async listCheckpoints({ sessionId }: In<'listCheckpoints'>): Out<'listCheckpoints'> {
    const session = this.#session(sessionId)
    if (!session) return { ok: false, reason: 'not_found' }
    return { ok: true, checkpoints: (await this.#checkpoints?.list(session)) ?? [] }
  }

  async previewCheckpoint({
    sessionId,
    turnId,
  }: In<'previewCheckpoint'>): Out<'previewCheckpoint'> {
    const session = this.#session(sessionId)
    if (!session) return { ok: false, reason: 'not_found' }
    if (session.turn) return { ok: false, reason: 'busy', message: 'a turn is running' }
    if (!this.#checkpoints) return { ok: false, reason: 'unavailable', message: CHECKPOINTS_OFF }
    const preview = await this.#checkpoints.preview(session, turnId)
    if ('ok' in preview)
      return {
        ok: false,
        reason: preview.reason === 'not_found' ? 'not_found' : 'unavailable',
        message: preview.message,
      }
    return { ok: true, ...preview, conversation: this.#canFork(session) }
  }

  /** Rewinds a session's files, its conversation (into a fork) or both, to before a turn. */
  async restoreCheckpoint({
    sessionId,
    turnId,
    restore,
    force,
  }: In<'restoreCheckpoint'>): Out<'restoreCheckpoint'> {
    const session = this.#session(sessionId)
    if (!session) return { ok: false, reason: 'not_found' }
    if (session.turn || this.#broker.count(sessionId) > 0 || this.#closed)
      return { ok: false, reason: 'busy', message: 'a turn is running: stop it first' }
    const conversation = restore !== 'files'
    if (conversation) {
      const can = this.#canFork(session)
      if (!can.ok) return { ok: false, reason: 'unsupported', message: can.message }
      if (!session.events.some((e) => e.type === 'user_message' && e.turnId === turnId))
        return { ok: false, reason: 'not_found', message: 'no message opened that turn' }
    }
    let restoredFiles: string[] = []
    let notRestored: string[] = []
    if (restore !== 'conversation') {
      if (!this.#checkpoints) return { ok: false, reason: 'unavailable', message: CHECKPOINTS_OFF }
      const result = await this.#checkpoints.restoreFiles(session, turnId, force ?? false)
      if (!result.ok) return result
      restoredFiles = result.restoredFiles
      notRestored = result.leftAsIs
    }
    const fork = conversation ? this.#fork(session, turnId) : sessionId
    if (fork === undefined) return { ok: false, reason: 'not_found' }
    if (conversation)
      await this.#checkpoints?.copy(session, fork, this.#session(fork)?.events ?? [])
    return {
      ok: true,
      sessionId: fork,
      restoredFiles,
      ...(notRestored.length > 0 ? { notRestored } : {}),
    }
  }

  /** Whether the session's conversation can be rewound: Parley's own agent's, not an ACP agent's. */
  #canFork(session: SessionState): { ok: true } | { ok: false; message: string } {
    const agent = session.header.agent
    // ACP's session/fork (unstable) copies a whole session; no agent can fork before a message.
    return agent
      ? {
          ok: false,
          message: `${agent.name} cannot go back to an earlier point of its conversation: only files can be rewound for this agent`,
        }
      : { ok: true }
  }

  /**
   * A new session with `session`'s history before `turnId`'s message; the original is not
   * changed but for a `session_forked` record saying where it went on.
   */
  #fork(session: SessionState, turnId: string): string | undefined {
    const id = newId('s')
    const title = `${session.title} (rewound)`.slice(0, 200)
    const { forkOf: _origin, ...header } = session.header
    const history = forkedHistory(session.events, turnId, {
      ...header,
      id,
      createdAt: this.#now(),
      title,
      mode: session.mode,
    })
    if (!history) return undefined
    history.push({ type: 'session_update', at: this.#now(), title, mode: session.mode })
    const fork = stateFromEvents(sessionPath(this.options.dataDir, id), history, [])
    if (!fork) return undefined
    // The fork's messages name their attachments by hash: it gets its own copies of them.
    this.#attachmentStore(session).copyTo(this.#attachmentStore(fork))
    history.forEach((event, i) => fork.writer.append(event, { sync: i === history.length - 1 }))
    this.#index.add(entryFromLog(`${id}.jsonl`, history, { bytes: 0, mtimeMs: 0 }))
    this.#sessions.set(id, fork)
    this.#record(session, { type: 'session_forked', at: this.#now(), turnId, forkId: id }, true)
    this.#touch(fork)
    return id
  }

  /** Ends every turn as a quit, not a stop: parked requests stay open in the log for the next start. */
  async close(): Promise<void> {
    if (this.#closed) return
    this.#closed = true
    await Promise.all(
      [...this.#sessions.values()].map((s) =>
        s.header.agent ? this.#agents.close(s, 'shutdown') : this.#engine.end(s, 'shutdown'),
      ),
    )
    await Promise.all([...this.#checkpointing])
    // After every turn was ended: a server's open questions stay open in the logs for next time.
    await this.#mcp.close()
    this.#fileIndexes.close()
    // A draft saved just before the quit is what the person sees at the next start.
    await this.#drafts.flush()
    for (const session of this.#sessions.values()) session.writer.close()
    this.#index.flush()
    this.#listeners.clear()
  }
}
