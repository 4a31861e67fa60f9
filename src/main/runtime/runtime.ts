import { existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type {
  BridgeCalls,
  BridgeEvent,
  BridgeOutput,
  BridgeParsedInput,
  SessionSummary,
} from '../../shared/bridge'
import { QuestionDraftSchema, type QuestionDraft } from '../../shared/ask-user-question'
import type { PublicSettings } from '../../shared/settings'
import type { SessionEvent } from '../../shared/session-events'
import { ParkedRequests } from './parked-requests'
import { PendingInteractions } from './pending-interactions'
import { PermissionEngine } from './permission-engine'
import { planRecovery } from './recovery'
import { newId, sessionPath, stateFromEvents, type SessionState } from './session-state'
import { entryFromLog, SessionIndex, summaryFromEntry } from './session-index'
import { readSessionLog } from './session-log'
import { pageOfEvents } from '../../shared/event-pages'
import { SettingsStore, writeFileAtomic } from './settings-store'
import { TurnEngine } from './turn-engine'
import { FileSecretStore } from './file-secret-store'
import { resolveBackend, type ModelBackend } from './model-backend'
import type { Runtime, RuntimeOptions, SecretStore } from './runtime-types'

const DEFAULT_TITLE = 'New session'
const ok = { ok: true } as const

type Out<M extends keyof BridgeCalls> = Promise<BridgeOutput<M>>
type In<M extends keyof BridgeCalls> = BridgeParsedInput<M>

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
  /** Every session on disk, listed without reading its log. */
  #index!: SessionIndex
  readonly #listeners = new Set<(event: BridgeEvent) => void>()
  readonly #parked = new ParkedRequests()
  readonly #pending = new PendingInteractions()
  readonly #permissions = new PermissionEngine()
  readonly #settings: SettingsStore
  readonly #secrets: SecretStore
  readonly #engine: TurnEngine
  #backend!: ModelBackend
  #closed = false
  /** Start-up problems (unreadable session files, invalid settings), for the host to show. */
  readonly problems: string[] = []

  constructor(private readonly options: RuntimeOptions) {
    this.#settings = new SettingsStore(options.dataDir)
    this.#secrets = options.secretStore ?? new FileSecretStore(options.dataDir)
    this.#engine = new TurnEngine({
      parked: this.#parked,
      pending: this.#pending,
      permissions: this.#permissions,
      backend: () => this.#backend,
      record: (session, event, sync) => this.#record(session, event, sync),
      emit: (event) => this.#emit(event),
      touch: (session) => this.#touch(session),
      loadDraft: (requestId) => this.#loadDraft(requestId),
      dropDraft: (requestId) => rmSync(this.#draftPath(requestId), { force: true }),
      interactive: options.interactive,
      permissionTimeoutMs: options.permissionTimeoutMs ?? 300_000,
      streamIdleMs: options.streamIdleMs ?? 120_000,
      now: () => Date.now(),
    })
  }

  /**
   * Loads settings, the backend and the session index; reads only the logs whose last turn the
   * index says is open, and re-presents the requests a quit or crash left open.
   */
  async init(): Promise<void> {
    mkdirSync(join(this.options.dataDir, 'sessions'), { recursive: true })
    await this.#settings.load()
    if (this.#settings.problem) this.problems.push(this.#settings.problem)
    await this.#resolveBackend()
    const { index, problems } = SessionIndex.load(this.options.dataDir)
    this.#index = index
    this.problems.push(...problems)
    const open = [...index.entries()].filter((e) => e.openTurnId !== null && !e.damaged)
    // The log decides: planRecovery reads the loaded records, whatever the index said.
    for (const entry of open) {
      const session = this.#session(entry.id)
      if (session) this.#recover(session)
    }
  }

  /** The session in memory, read from its log the first time it is needed. */
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
    return session
  }

  async #resolveBackend(): Promise<void> {
    this.#backend = await resolveBackend({
      scenarioPath: this.options.scenarioPath,
      env: this.options.env ?? process.env,
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
        at: Date.now(),
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
      { type: 'turn_end', at: Date.now(), turnId: plan.turnId, reason: 'interrupted' },
      true,
    )
  }

  onEvent(listener: (event: BridgeEvent) => void): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  #emit(event: BridgeEvent): void {
    for (const listener of this.#listeners) {
      try {
        listener(event)
      } catch {
        // A failing UI must not break the runtime or the other UIs.
      }
    }
  }

  #record(session: SessionState, event: SessionEvent, sync = false): void {
    session.writer.append(event, { sync })
    this.#index.recorded(session.header.id, event)
    session.events.push(event)
    this.#emit({ type: 'session_event', sessionId: session.header.id, event })
  }

  #summary(session: SessionState) {
    return this.#summaryOf(session.header.id)
  }

  #summaryOf(sessionId: string): SessionSummary {
    const entry = this.#index.get(sessionId)
    const session = this.#sessions.get(sessionId)
    if (!entry && session) {
      // Not listed (its log was removed meanwhile): still described by what is in memory.
      const { events } = session
      return summaryFromEntry(
        entryFromLog(`${sessionId}.jsonl`, events, { bytes: 0, mtimeMs: 0 }),
        {
          running: session.turn !== undefined,
          pendingCount: this.#pending.count(sessionId),
        },
      )
    }
    if (!entry) throw new Error(`no session ${sessionId}`)
    return summaryFromEntry(entry, {
      running: session?.turn !== undefined,
      pendingCount: this.#pending.count(sessionId),
    })
  }

  #touch(session: SessionState): void {
    if (this.#sessions.get(session.header.id) !== session) return
    this.#emit({
      type: 'session_changed',
      sessionId: session.header.id,
      session: this.#summary(session),
    })
  }

  #draftPath(requestId: string): string {
    return join(this.options.dataDir, 'drafts', `${requestId}.json`)
  }

  #loadDraft(requestId: string): QuestionDraft | null {
    try {
      const parsed = QuestionDraftSchema.safeParse(
        JSON.parse(readFileSync(this.#draftPath(requestId), 'utf8')),
      )
      return parsed.success ? parsed.data : null
    } catch {
      return null
    }
  }

  #sessionOfRequest(requestId: string): SessionState | undefined {
    const item = this.#pending.get(requestId)
    return item ? this.#sessions.get(item.sessionId) : undefined
  }

  // ── sessions ──────────────────────────────────────────────────────────────

  async listSessions(_input: In<'listSessions'>): Out<'listSessions'> {
    return [...this.#index.entries()]
      .map((entry) => this.#summaryOf(entry.id))
      .sort((a, b) => b.updatedAt - a.updatedAt)
  }

  async createSession(input: In<'createSession'>): Out<'createSession'> {
    const workspace = resolve(
      input.workspace ??
        (this.options.workspace || this.#settings.current.defaultWorkspace || process.cwd()),
    )
    if (!existsSync(workspace) || !statSync(workspace).isDirectory()) {
      return { ok: false, reason: 'invalid_workspace', message: `${workspace} is not a folder` }
    }
    const id = newId('s')
    const path = sessionPath(this.options.dataDir, id)
    const header: SessionEvent = {
      type: 'session',
      v: 1,
      id,
      createdAt: Date.now(),
      title: input.title ?? DEFAULT_TITLE,
      workspace,
      backend: this.#backend.id,
      mode: input.mode ?? this.#settings.current.defaultMode,
    }
    const session = stateFromEvents(path, [header], []) as SessionState
    session.writer.append(header, { sync: true })
    this.#index.add(entryFromLog(`${id}.jsonl`, [header], { bytes: 0, mtimeMs: 0 }))
    this.#sessions.set(id, session)
    this.#touch(session)
    return { ok: true, session: this.#summary(session) }
  }

  async openSession({ sessionId, limit }: In<'openSession'>): Out<'openSession'> {
    const entry = this.#index.get(sessionId)
    if (entry?.damaged) {
      // Listed so it is never silently gone; opened to show what is wrong and what could be read.
      const { events, notices } = readSessionLog(this.#index.path(entry))
      const page = pageOfEvents(events, { limit })
      return {
        ok: true,
        session: this.#summaryOf(sessionId),
        ...page,
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
      pending: this.#pending.list(sessionId),
      notices: session.notices,
    }
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
    this.#record(session, { type: 'session_update', at: Date.now(), title })
    this.#touch(session)
    return ok
  }

  async setSessionMode({ sessionId, mode }: In<'setSessionMode'>): Out<'setSessionMode'> {
    const session = this.#session(sessionId)
    if (!session) return { ok: false, reason: 'not_found' }
    if (session.mode !== mode) {
      session.mode = mode
      this.#record(session, { type: 'session_update', at: Date.now(), mode })
      this.#touch(session)
    }
    return ok
  }

  async removeSession({ sessionId }: In<'removeSession'>): Out<'removeSession'> {
    const entry = this.#index.get(sessionId)
    const session = this.#sessions.get(sessionId)
    if (!entry && !session) return { ok: false, reason: 'not_found' }
    if (session) {
      await this.#engine.end(session, 'removed')
      this.#sessions.delete(sessionId)
      session.writer.close()
    }
    // A damaged log is removed too: the person asked, and nothing else could use it.
    rmSync(session?.writer.path ?? this.#index.path(entry as NonNullable<typeof entry>), {
      force: true,
    })
    this.#index.remove(sessionId)
    this.#emit({ type: 'session_changed', sessionId, session: null })
    return ok
  }

  // ── chat ──────────────────────────────────────────────────────────────────

  async send({ sessionId, text }: In<'send'>): Out<'send'> {
    const damaged = this.#index.get(sessionId)?.damaged
    if (damaged) return { ok: false, reason: 'damaged', message: damaged }
    const session = this.#session(sessionId)
    if (!session) return { ok: false, reason: 'not_found' }
    if (this.#pending.count(sessionId) > 0) {
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
    const turnId = newId('t')
    if (session.title === DEFAULT_TITLE && !session.events.some((e) => e.type === 'user_message')) {
      session.title = titleFrom(text)
      this.#record(session, { type: 'session_update', at: Date.now(), title: session.title })
    }
    this.#record(session, { type: 'user_message', at: Date.now(), turnId, text })
    this.#engine.start(session, turnId)
    return { ok: true, turnId }
  }

  async stop({ sessionId }: In<'stop'>): Out<'stop'> {
    const session = this.#sessions.get(sessionId)
    if (!session) return { ok: false, reason: 'not_found' }
    if (!session.turn) return { ok: false, reason: 'not_running' }
    await this.#engine.end(session, 'stopped')
    return ok
  }

  async retryTurn({ sessionId }: In<'retryTurn'>): Out<'retryTurn'> {
    if (!this.#index.get(sessionId)) return { ok: false, reason: 'not_found' }
    return { ok: false, reason: 'nothing_to_retry' }
  }

  // ── interactions ──────────────────────────────────────────────────────────

  /** Nothing asks with these kinds yet (ACP agents and MCP servers land with the broker). */
  #notThisKind(requestId: string): { ok: false; reason: 'unknown_request' | 'wrong_kind' } {
    return { ok: false, reason: this.#pending.get(requestId) ? 'wrong_kind' : 'unknown_request' }
  }

  async respondToAgentPermission({
    requestId,
  }: In<'respondToAgentPermission'>): Out<'respondToAgentPermission'> {
    return this.#notThisKind(requestId)
  }

  async respondToForm({ requestId }: In<'respondToForm'>): Out<'respondToForm'> {
    return this.#notThisKind(requestId)
  }

  async sendFormAsMessage({ requestId }: In<'sendFormAsMessage'>): Out<'sendFormAsMessage'> {
    return this.#notThisKind(requestId)
  }

  async saveFormDraft({ requestId }: In<'saveFormDraft'>): Out<'saveFormDraft'> {
    return this.#notThisKind(requestId)
  }

  async respondToPermission({
    requestId,
    decision,
    remember,
  }: In<'respondToPermission'>): Out<'respondToPermission'> {
    const item = this.#pending.get(requestId)
    const session = this.#sessionOfRequest(requestId)
    if (!item || !session?.turn || !this.#parked.isParked(requestId))
      return {
        ok: false,
        reason: 'unknown_request',
        message: 'no such request is waiting (already answered, stopped or timed out)',
      }
    if (item.kind !== 'permission') return { ok: false, reason: 'wrong_kind' }
    // Durable before acknowledged: the decision is on disk before the tool may run.
    this.#record(
      session,
      {
        type: 'permission_decision',
        at: Date.now(),
        turnId: item.turnId,
        requestId,
        toolCallId: item.toolCallId,
        decision,
        reason: 'user',
        remember,
      },
      true,
    )
    this.#parked.resolve(requestId, { decision, remember })
    return ok
  }

  async respondToQuestion({
    requestId,
    answers,
  }: In<'respondToQuestion'>): Out<'respondToQuestion'> {
    const item = this.#pending.get(requestId)
    const session = this.#sessionOfRequest(requestId)
    const turn = session?.turn
    if (!item || !session || !turn || !this.#parked.isParked(requestId))
      return {
        ok: false,
        reason: 'unknown_request',
        message: 'no such question is waiting (already answered or stopped)',
      }
    if (item.kind !== 'question') return { ok: false, reason: 'wrong_kind' }
    if (answers.length !== item.questions.length) {
      return {
        ok: false,
        reason: 'answer_count',
        message: `expected ${item.questions.length} answers, got ${answers.length}`,
      }
    }
    const result = {
      answers: item.questions.map((q, i) => ({ question: q.question, answer: answers[i] ?? null })),
    }
    // The answer is persisted exactly once, as the tool result, and synced before we acknowledge.
    this.#engine.commitResult(
      session,
      turn,
      item.toolCallId,
      'AskUserQuestion',
      result,
      false,
      false,
      true,
    )
    this.#parked.resolve(requestId, result)
    return ok
  }

  async dismissInteraction({ requestId }: In<'dismissInteraction'>): Out<'dismissInteraction'> {
    const session = this.#sessionOfRequest(requestId)
    if (!session?.turn || !this.#parked.isParked(requestId))
      return { ok: false, reason: 'unknown_request' }
    await this.#engine.end(session, 'interrupted')
    return ok
  }

  async saveQuestionDraft({ requestId, draft }: In<'saveQuestionDraft'>): Out<'saveQuestionDraft'> {
    const item = this.#pending.get(requestId)
    if (!item) return { ok: false, reason: 'unknown_request' }
    if (item.kind !== 'question') return { ok: false, reason: 'wrong_kind' }
    this.#pending.setDraft(requestId, draft)
    await writeFileAtomic(this.#draftPath(requestId), JSON.stringify(draft))
    return ok
  }

  async listPending({ sessionId }: In<'listPending'>): Out<'listPending'> {
    return this.#pending.list(sessionId)
  }

  // ── settings ──────────────────────────────────────────────────────────────

  async #publicSettings(): Promise<PublicSettings> {
    const current = this.#settings.current
    return {
      ...current,
      openaiApiKeySet: Boolean(await this.#secrets.get('openaiApiKey')),
      anthropicApiKeySet: Boolean(await this.#secrets.get('anthropicApiKey')),
      backendLabel: this.#backend.label,
      models: this.#backend.models,
    }
  }

  async getSettings(_input: In<'getSettings'>): Out<'getSettings'> {
    return this.#publicSettings()
  }

  async listModels(_input: In<'listModels'>): Out<'listModels'> {
    return { ok: true, models: this.#backend.models, from: 'builtin' }
  }

  async testConnection(_input: In<'testConnection'>): Out<'testConnection'> {
    return { ok: false, reason: 'failed', message: 'Testing the connection is not available yet.' }
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
        message: `the API key was not saved: ${error instanceof Error ? error.message : String(error)}`,
      }
    }
    const patch = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined))
    await this.#settings.update(patch)
    await this.#resolveBackend()
    return { ok: true, settings: await this.#publicSettings() }
  }

  /** Ends every turn as a quit, not a stop: parked requests stay open in the log for the next start. */
  async close(): Promise<void> {
    if (this.#closed) return
    this.#closed = true
    await Promise.all([...this.#sessions.values()].map((s) => this.#engine.end(s, 'shutdown')))
    for (const session of this.#sessions.values()) session.writer.close()
    this.#index.flush()
    this.#listeners.clear()
  }
}
