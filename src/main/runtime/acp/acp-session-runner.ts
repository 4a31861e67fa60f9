import { RequestError } from '@agentclientprotocol/sdk'
import type * as acp from '@agentclientprotocol/sdk'
import type { AgentCommand, AgentSpec } from '../../../shared/acp-agents'
import type { AgentConfigOption } from '../../../shared/agent-config'
import { agentCommandsFrom } from './agent-commands'
import type { BridgeEvent } from '../../../shared/bridge'
import type { AgentPermissionOption, InteractionSource } from '../../../shared/interactions'
import type {
  SessionEvent,
  SessionEventOf,
  TurnEndReason,
  TurnErrorKind,
} from '../../../shared/session-events'
import type { InteractionAsker, PolicyOutcome } from '../interactions/asker'
import {
  AUTH_REQUIRED,
  AgentAuthRequiredError,
  authMethodsFrom,
  methodFromEnvironment,
  type AgentAuthMethod,
} from './agent-auth'
import { NO_PID_ISOLATION, type PidIsolation } from '../sandbox/private-pids'
import { agentCommandRisk } from './agent-command-risk'
import { AgentConnection, type AgentHello, type InboundRequest } from './agent-connection'
import { AgentProcess, agentEnvironment, type AgentExit, type SpawnFn } from './agent-process'
import {
  formBody,
  formResponse,
  urlBody,
  urlResponse,
  type ElicitationParams,
  type LinkBody,
} from './elicitation-request'
import type { AgentKeyring } from './agent-keyring'
import { PendingRequests } from './pending-requests'
import { signInBody, signInChoice, withheldHint, type SignInContext } from './sign-in-request'
import { promptBlocks } from './prompt-blocks'
import type { LoadedAttachment } from '../projects/message-attachments'
import {
  namedPaths,
  permissionBody,
  permissionResponse,
  type AgentPermissionBody,
} from './permission-request'
import {
  IDLE,
  applyUpdate,
  flush,
  knownToolCall,
  combine,
  markRejected,
  followConfig,
  modeConfigId,
  modesFrom,
  noteToolCall,
  setConfig,
  setModes,
  settleToolCalls,
  startTurn,
  type UpdateResult,
  type UpdateState,
} from './session-update-records'
import {
  PERMISSION_DENIED,
  readTextFile,
  resolveAgentPath,
  writeTextFile,
  INVALID_PARAMS,
} from './workspace-files'
import { WriteGrants } from './write-grants'
import { errorMessage } from '../../../shared/plain-error'
import { turnEndRecord } from '../sessions/turn-records'

/** What the runtime gives a runner: one Parley session that talks to one ACP agent. */
export interface AcpSessionRunnerOptions {
  /** The Parley session. */
  sessionId: string
  /** The session's workspace: the agent's `cwd`, and the only folder its file requests reach. */
  workspace: string
  agent: AgentSpec
  /** Interactive hosts advertise form elicitation; headless `run` does not. */
  interactive: boolean
  asker: InteractionAsker
  /** Appends a record to the session log (fsync when `sync`) and tells the UIs. */
  record(event: SessionEvent, options: { sync: boolean }): void
  emit(event: BridgeEvent): void
  /** Tells the UIs the session's summary changed (a turn started or ended). */
  touch?(): void
  /** The agent named its session (`session_info_update`): the owner decides whether it is taken. */
  retitle?(title: string): void
  /** MCP servers handed to the agent in `session/new` / `session/load`. */
  mcpServers?: acp.McpServer[]
  /** The session's newest `agent_session` record: its agent session is continued when possible. */
  previous?: SessionEventOf<'agent_session'>
  /**
   * The config values the person chose in this session, oldest first (from the log's
   * `agent_config` records): applied again to each agent session opened, where the agent reports
   * another value.
   */
  choices?: ReadonlyArray<{ configId: string; value: string }>
  /**
   * The mode the person last chose through `session/set_mode` (the log's newest `agent_modes`
   * record marked `chosen`): set again on each agent session opened that reports another mode.
   */
  modeChoice?: string
  /**
   * The environment the agent starts from, less Parley's provider keys (`agent.env` is added);
   * Parley's own by default.
   */
  env?: NodeJS.ProcessEnv
  /**
   * The variables the person gave this agent from the sign-in tray (the secret store): added to
   * its environment when it starts. Without one, the tray offers no "Give <agent> my …".
   */
  keyring?: AgentKeyring
  /** Whether agents start in a private PID namespace (found once per runtime); none by default. */
  pidIsolation?: () => Promise<PidIsolation>
  spawn?: SpawnFn
  now?: () => number
  clientVersion?: string
  /** After Stop, how long the agent gets to end its prompt before the turn ends without it. */
  stopGraceMs?: number
  setTimer?: (fn: () => void, ms: number) => unknown
  clearTimer?: (timer: unknown) => void
}

export type StartTurnResult =
  { ok: true; done: Promise<void> } | { ok: false; reason: 'busy' | 'closed'; message: string }

export type RunnerResult =
  { ok: true } | { ok: false; message: string; authMethods?: readonly AgentAuthMethod[] }

/** The agent process, its connection and its ACP session, while they live. */
interface Live {
  process: AgentProcess
  connection: AgentConnection
  hello: AgentHello | undefined
  /** The agent's session id once `session/new` or `session/load` answered. */
  agentSessionId: string | undefined
  /** Resolves when the process has exited (and its exit was handled). */
  exit: Promise<AgentExit>
}

/** The running turn. */
interface TurnRun {
  id: string
  stopRequested: boolean
  /** Set by close(): the turn ends without a turn_end record (shutdown) or silently (removed). */
  closing: 'shutdown' | 'removed' | undefined
  wake: () => void
  woken: Promise<void>
  /** Resolves once the turn's last record is written. */
  done: Promise<void>
}

type TurnOutcome = {
  reason: TurnEndReason
  error?: string
  errorKind?: TurnErrorKind
  errorDetail?: string
  /** The agent wants the person to sign in: the turn asks, in the tray, before it ends. */
  signIn?: AgentAuthRequiredError
}

/** How many times one turn asks the person to sign in before it ends with the agent's error. */
const SIGN_IN_TRIES = 5

/** How long an agent may take to answer `session/close` before its process is ended. */
const CLOSE_GRACE_MS = 2_000

/** How many pages of `session/list` are read looking for the session to continue. */
const LIST_PAGES = 5

/** How long an agent whose stdout closed may take to exit before it is ended. */
const LINGER_MS = 1_000

const CANCELLED: acp.RequestPermissionResponse = { outcome: { outcome: 'cancelled' } }

/**
 * The reason an agent gave on stderr, in a line or so: its last few non-empty lines. Agents say
 * why they cannot start there (Claude Code run as root without IS_SANDBOX=1), while the protocol
 * error says only "Query closed before response received".
 */
export function stderrReason(stderr: string, max = 400): string {
  const lines = stderr
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .slice(-3)
    .join(' ')
  return lines.length > max ? `…${lines.slice(-(max - 1))}` : lines
}

function describeExit(name: string, exit: AgentExit): string {
  if (exit.spawnError) return `could not start ${name}: ${exit.spawnError}`
  if (exit.signal) return `${name} exited unexpectedly (killed by ${exit.signal})`
  return `${name} exited unexpectedly (exit code ${exit.code ?? 'unknown'})`
}

/** A config value as the agent takes it: a boolean option's `true`/`false` as a boolean. */
function wireValue(option: AgentConfigOption | undefined, value: string): string | boolean {
  return option?.kind === 'boolean' ? value === 'true' : value
}

/** How a prompt's stop reason ends the turn. */
function outcomeOfStop(name: string, stop: acp.StopReason, stopRequested: boolean): TurnOutcome {
  switch (stop) {
    case 'end_turn':
      return { reason: 'completed' }
    case 'cancelled':
      // Without a Stop, the agent ended the turn itself (Codex does after "No, and tell Codex…").
      return { reason: stopRequested ? 'stopped' : 'aborted' }
    case 'max_tokens':
      return {
        reason: 'error',
        error: `${name} stopped: its reply reached the model's output limit`,
        errorKind: 'other',
      }
    case 'max_turn_requests':
      return {
        reason: 'error',
        error: `${name} stopped: it reached its limit of model requests for one turn`,
        errorKind: 'other',
      }
    case 'refusal':
      return { reason: 'error', error: `${name} refused to continue`, errorKind: 'other' }
  }
}

/**
 * Runs one Parley session against one ACP agent (Claude Code, Codex, Gemini, goose, …): starts the
 * agent process on first use and keeps it for the session, opens (or, after a restart, continues)
 * the agent's own session, sends each user message as a prompt, records what the agent streams
 * back, and brings the agent's requests — permissions, forms, file reads and writes — to the
 * person through the interaction broker. Stop sends `session/cancel` and answers whatever the
 * agent still waits on as cancelled; an agent that dies ends the turn with the reason.
 */
export class AcpSessionRunner {
  readonly #o: AcpSessionRunnerOptions
  #commands: readonly AgentCommand[] = []
  readonly #now: () => number
  readonly #pending = new PendingRequests()
  readonly #grants = new WriteGrants()
  #updates: UpdateState = IDLE
  #live: Live | undefined
  #starting: Promise<Live> | undefined
  #turn: TurnRun | undefined
  #closed = false
  /** Suppresses the history an agent replays on `session/load` (it is in Parley's log already). */
  #loading = false
  #previous: SessionEventOf<'agent_session'> | undefined
  #authMethods: AgentAuthMethod[] = []
  /** The variables the person gave the agent (its keyring), as read when it last started. */
  #given: Record<string, string> = {}
  #lastStderr = ''
  #lastExit: AgentExit | undefined
  /** How the agent last named itself (kept once its process is gone). */
  #info: AgentHello['info'] = null
  /** The person's config choices, in the order last made: config id → value. */
  readonly #choices = new Map<string, string>()
  /** The mode the person last chose through `session/set_mode`, if any. */
  #modeChoice: string | undefined

  constructor(options: AcpSessionRunnerOptions) {
    this.#o = options
    this.#now = options.now ?? Date.now
    this.#previous = options.previous
    for (const { configId, value } of options.choices ?? []) this.#remember(configId, value)
    this.#modeChoice = options.modeChoice
  }

  #remember(configId: string, value: string): void {
    this.#choices.delete(configId)
    this.#choices.set(configId, value)
  }

  /**
   * The agent's name everywhere it is shown: how it named itself in `initialize` (title, else
   * name), else its Settings or preset name. Kept after the agent exits, so an error names it.
   */
  get agentName(): string {
    const info = this.#live?.hello?.info ?? this.#info
    return info?.title?.trim() || info?.name.trim() || this.#o.agent.name
  }

  get running(): boolean {
    return this.#turn !== undefined
  }

  /** The end of what the agent wrote to stderr, for display (kept after it exits). */
  get stderr(): string {
    return this.#live?.process.stderr ?? this.#lastStderr
  }

  /** The agent's modes and the current one, for the mode picker (null until the agent said). */
  /** The agent's own slash commands as it last announced them (none until it does). */
  get commands(): readonly AgentCommand[] {
    return this.#commands
  }

  get modes(): SessionEventOf<'agent_modes'> | null {
    return this.#updates.modes
  }

  /** The agent's session config options as last reported (null until the agent said). */
  get config(): SessionEventOf<'agent_config'> | null {
    return this.#updates.config
  }

  /** The ways the agent offers to sign in (from `initialize`). */
  get authMethods(): readonly AgentAuthMethod[] {
    return this.#authMethods
  }

  // ── records ───────────────────────────────────────────────────────────────

  #record(event: SessionEvent, sync = false): void {
    this.#o.record(event, { sync })
  }

  #apply(result: UpdateResult): void {
    this.#updates = result.state
    for (const record of result.records) this.#record(record)
    // The header shows the context used: its summary changed.
    if (result.records.some((r) => r.type === 'context_usage')) this.#o.touch?.()
    const turnId = this.#updates.turnId
    if (turnId === null) return
    for (const delta of result.deltas) {
      this.#o.emit({
        type: 'text_delta',
        sessionId: this.#o.sessionId,
        turnId,
        step: delta.step,
        text: delta.text,
      })
    }
  }

  #flushText(): void {
    this.#apply(flush(this.#updates, this.#now()))
  }

  // ── the agent process and its session ────────────────────────────────────

  /** Starts the agent (if it is not running) and opens its session, without a turn. */
  async connect(): Promise<RunnerResult> {
    try {
      await this.#ensureLive()
      return { ok: true }
    } catch (error) {
      return this.#failure(error)
    }
  }

  #failure(error: unknown): RunnerResult & { ok: false } {
    if (error instanceof AgentAuthRequiredError) {
      return { ok: false, message: error.message, authMethods: error.methods }
    }
    const reason = error instanceof RequestError ? stderrReason(this.stderr) : ''
    return { ok: false, message: `${errorMessage(error)}${reason ? ` — it said: ${reason}` : ''}` }
  }

  #ensureLive(): Promise<Live> {
    if (this.#closed) return Promise.reject(new Error('the session is closed'))
    if (this.#live?.agentSessionId !== undefined) return Promise.resolve(this.#live)
    this.#starting ??= this.#start().finally(() => (this.#starting = undefined))
    return this.#starting
  }

  /** Races `work` against the agent's exit, so a dead agent is an error that says why. */
  async #whileAlive<T>(live: Live, work: Promise<T>): Promise<T> {
    const died = live.exit.then((exit) => {
      throw new Error(describeExit(this.agentName, exit))
    })
    try {
      return await Promise.race([work, died])
    } catch (error) {
      // "ACP connection closed" says less than the exit that closed it.
      if (error instanceof RequestError || !live.connection.signal.aborted) throw error
      throw new Error(describeExit(this.agentName, await live.exit), { cause: error })
    }
  }

  async #start(): Promise<Live> {
    const pidIsolation = (await this.#o.pidIsolation?.()) ?? NO_PID_ISOLATION
    let live = this.#live
    if (!live) {
      this.#given = (await this.#o.keyring?.load()) ?? {}
      const process = new AgentProcess({
        agent: this.#agentSpec(),
        cwd: this.#o.workspace,
        pidIsolation,
        ...(this.#o.env ? { env: this.#o.env } : {}),
        ...(this.#o.spawn ? { spawn: this.#o.spawn } : {}),
      })
      const { input, output } = process.streams
      const connection = new AgentConnection({
        input,
        output,
        elicitation: this.#o.interactive,
        clientVersion: this.#o.clientVersion ?? '0.1.0',
        handlers: {
          sessionUpdate: (params) => this.#onUpdate(params),
          requestPermission: (params, request) => this.#onPermission(params, request),
          createElicitation: (params, request) => this.#onElicitation(params, request),
          elicitationComplete: (elicitationId) => this.#urlWaits.get(elicitationId)?.abort(),
          readTextFile: (params) => this.#onRead(params),
          writeTextFile: (params, request) => this.#onWrite(params, request),
        },
      })
      const created: Live = {
        process,
        connection,
        hello: undefined,
        agentSessionId: undefined,
        exit: process.exited.then((exit) => {
          this.#onExit(created, exit)
          return exit
        }),
      }
      live = created
      this.#live = created
      // An agent whose stdout ended can no longer be talked to. Usually it is exiting; one that
      // lingers is ended, so its exit — and the turn's reason — arrive. (Not at once: a signal
      // would race the exit code of an agent that is exiting on its own.)
      void connection.closed.then(() => {
        if (!process.running) return
        const timer = setTimeout(() => {
          if (process.running) void process.kill({ expected: false })
        }, LINGER_MS)
        timer.unref()
      })
    }
    const current = live
    try {
      current.hello ??= await this.#whileAlive(current, current.connection.initialize())
      this.#info = current.hello.info ?? this.#info
      this.#authMethods = authMethodsFrom(current.hello.authMethods)
      await this.#openSession(current)
      return current
    } catch (error) {
      if (error instanceof RequestError && error.code === AUTH_REQUIRED) {
        // Kept running: `authenticate` talks to this process.
        throw new AgentAuthRequiredError(this.agentName, this.#authMethods, error.message)
      }
      // An agent that cannot get as far as a session is of no use: end it, and say why.
      if (this.#live === current && current.agentSessionId === undefined) {
        await this.#endProcess(current)
      }
      throw error
    }
  }

  async #openSession(live: Live): Promise<void> {
    const mcpServers = this.#o.mcpServers ?? []
    const previous = this.#previous
    const sameAgent =
      previous !== undefined &&
      previous.agent.command === this.#o.agent.command &&
      JSON.stringify(previous.agent.args) === JSON.stringify(this.#o.agent.args)
    const capabilities = live.hello?.capabilities
    // Resumed rather than loaded where the agent offers both (Parley has the history already),
    // unless the agent's own list says it no longer has the session; loaded when resuming fails.
    const ways: Array<'resumed' | 'loaded'> = []
    if (previous && sameAgent) {
      if (
        capabilities?.sessionCapabilities?.resume &&
        (await this.#stillListed(live, previous.agentSessionId))
      )
        ways.push('resumed')
      if (capabilities?.loadSession) ways.push('loaded')
    }
    for (const how of ways) {
      if (!previous) break
      this.#loading = true
      try {
        const { agentSessionId } = previous
        const cwd = this.#o.workspace
        const opened = await this.#withAuth(live, () =>
          how === 'resumed'
            ? live.connection.resumeSession(agentSessionId, cwd, mcpServers)
            : live.connection.loadSession(agentSessionId, cwd, mcpServers),
        )
        this.#opened(live, agentSessionId, how, opened)
        await this.#applyChoices(live)
        return
      } catch (error) {
        if (!live.process.running) throw error
        // The agent no longer has that session: the next way, else a new one (recorded, so the
        // UI can say so).
      } finally {
        this.#loading = false
      }
    }
    const created = await this.#withAuth(live, () =>
      live.connection.newSession(this.#o.workspace, mcpServers),
    )
    this.#opened(live, created.sessionId, 'new', created)
    await this.#applyChoices(live)
  }

  /**
   * Whether the agent still lists its session `agentSessionId` for this workspace
   * (`session/list`, a few pages at most). An agent that does not list sessions, or fails to, is
   * simply asked to continue it.
   */
  async #stillListed(live: Live, agentSessionId: string): Promise<boolean> {
    if (!live.hello?.capabilities.sessionCapabilities?.list) return true
    let cursor: string | undefined
    try {
      for (let page = 0; page < LIST_PAGES; page++) {
        const listed = await this.#whileAlive(
          live,
          live.connection.listSessions(this.#o.workspace, cursor),
        )
        if (listed.sessions.some((s) => s.sessionId === agentSessionId)) return true
        if (!listed.nextCursor) return false
        cursor = listed.nextCursor
      }
      return true
    } catch (error) {
      if (!live.process.running) throw error
      return true
    }
  }

  /**
   * Sets again, in the order they were made, the config values the person chose that the agent's
   * newly opened session does not have (a new session starts from the agent's defaults). A value
   * the agent no longer offers, or refuses, is left as the agent reports it.
   */
  async #applyChoices(live: Live): Promise<void> {
    const sessionId = live.agentSessionId
    if (sessionId === undefined) return
    await this.#applyModeChoice(live, sessionId)
    for (const [configId, value] of this.#choices) {
      const option = this.#updates.config?.options.find((o) => o.id === configId)
      if (!option || option.currentValue === value) continue
      if (!option.values.some((v) => v.value === value)) continue
      try {
        const answer = await this.#whileAlive(
          live,
          live.connection.setConfigOption(sessionId, configId, wireValue(option, value)),
        )
        this.#applyConfig(answer.configOptions)
      } catch (error) {
        if (!live.process.running) throw error
      }
    }
  }

  /**
   * Sets again the mode the person chose through `session/set_mode` when the newly opened session
   * reports another one (a new agent session starts in the agent's default mode). A mode the
   * agent no longer offers, or refuses, is left as the agent reports it.
   */
  async #applyModeChoice(live: Live, sessionId: string): Promise<void> {
    const modes = this.#updates.modes
    const choice = this.#modeChoice
    if (!modes || choice === undefined || modes.via.kind !== 'session_mode') return
    if (modes.currentModeId === choice || !modes.available.some((m) => m.id === choice)) return
    try {
      await this.#whileAlive(live, live.connection.setMode(sessionId, choice))
      this.#apply(setModes(this.#updates, { ...modes, at: this.#now(), currentModeId: choice }))
    } catch (error) {
      if (!live.process.running) throw error
    }
  }

  /** The agent's full set of config options (its answer or update): recorded, modes with them. */
  #applyConfig(
    options: acp.SessionConfigOption[],
    chosen?: { configId: string; value: string },
  ): void {
    const at = this.#now()
    this.#apply(
      combine(setConfig(this.#updates, options, at, chosen), (s) => followConfig(s, options, at)),
    )
  }

  /**
   * Runs `call`; when the agent answers "Authentication required" and one of its methods works
   * from the environment alone (an API key variable that is set), authenticates with it and tries
   * once more.
   */
  async #withAuth<T>(live: Live, call: () => Promise<T>): Promise<T> {
    try {
      return await this.#whileAlive(live, call())
    } catch (error) {
      if (!(error instanceof RequestError) || error.code !== AUTH_REQUIRED) throw error
      const env = agentEnvironment(this.#o.env ?? process.env, this.#agentSpec().env)
      const method = methodFromEnvironment(this.#authMethods, env)
      if (!method) throw error
      await this.#whileAlive(live, live.connection.authenticate(method.id))
      return await this.#whileAlive(live, call())
    }
  }

  /** The agent as it is started: its configured env, with what the person gave it on top. */
  #agentSpec(): AgentSpec {
    return { ...this.#o.agent, env: { ...this.#o.agent.env, ...this.#given } }
  }

  #opened(
    live: Live,
    agentSessionId: string,
    opened: SessionEventOf<'agent_session'>['opened'],
    answer: {
      modes?: acp.SessionModeState | null
      configOptions?: acp.SessionConfigOption[] | null
    },
  ): void {
    live.agentSessionId = agentSessionId
    const { id, name, command, args } = this.#o.agent
    const info = live.hello?.info
    const title = info ? `${info.title || info.name} ${info.version}`.trim() : undefined
    const own = info ? this.agentName.slice(0, 100) : undefined
    const record: SessionEventOf<'agent_session'> = {
      type: 'agent_session',
      at: this.#now(),
      agent: { id, name, command, args },
      ...(title ? { agentTitle: title.slice(0, 200) } : {}),
      ...(own ? { agentName: own } : {}),
      agentSessionId,
      opened,
    }
    this.#previous = record
    this.#record(record, true)
    const at = this.#now()
    this.#apply(
      combine(setModes(this.#updates, modesFrom(answer, at)), (s) =>
        setConfig(s, answer.configOptions, at),
      ),
    )
  }

  #onExit(live: Live, exit: AgentExit): void {
    this.#lastStderr = live.process.stderr
    this.#lastExit = exit
    live.connection.close()
    this.#pending.goneAll()
    if (this.#live === live) this.#live = undefined
    if (exit.expected) return
    const turn = this.#turn
    if (turn) {
      turn.wake()
      return
    }
    // Nothing ran when the program could not be started; the caller hears why.
    if (exit.spawnError) return
    this.#record({
      type: 'agent_exit',
      at: this.#now(),
      code: exit.code,
      signal: exit.signal,
      stderr: live.process.stderr,
    })
  }

  async #endProcess(live: Live): Promise<void> {
    live.connection.close()
    await live.process.kill()
    await live.exit
  }

  // ── turns ─────────────────────────────────────────────────────────────────

  /**
   * Sends a user message, already recorded as `user_message` of turn `turnId`, to the agent. The
   * turn runs until the agent answers the prompt, the person stops it, or the agent dies; `done`
   * resolves once its `turn_end` is written.
   */
  startTurn(
    turnId: string,
    text: string,
    attachments: readonly LoadedAttachment[] = [],
  ): StartTurnResult {
    if (this.#closed) return { ok: false, reason: 'closed', message: 'the session is closed' }
    if (this.#turn) {
      return { ok: false, reason: 'busy', message: 'a turn is already running in this session' }
    }
    let wake!: () => void
    const woken = new Promise<void>((resolve) => (wake = resolve))
    const turn: TurnRun = {
      id: turnId,
      stopRequested: false,
      closing: undefined,
      wake,
      woken,
      done: Promise.resolve(),
    }
    this.#turn = turn
    this.#lastExit = undefined
    this.#updates = startTurn(this.#updates, turnId)
    this.#o.emit({ type: 'turn_started', sessionId: this.#o.sessionId, turnId })
    this.#o.touch?.()
    turn.done = this.#runTurn(turn, text, attachments)
    return { ok: true, done: turn.done }
  }

  async #runTurn(
    turn: TurnRun,
    text: string,
    attachments: readonly LoadedAttachment[],
  ): Promise<void> {
    let outcome: TurnOutcome
    let failure: string | undefined
    for (let attempt = 1; ; attempt++) {
      try {
        outcome = await this.#prompt(turn, text, attachments)
      } catch (error) {
        outcome = this.#errorOutcome(error)
      }
      const { signIn } = outcome
      if (!signIn || !this.#o.interactive || attempt > SIGN_IN_TRIES) break
      if (turn.stopRequested || turn.closing) break
      const next = await this.#askSignIn(turn, signIn, attempt, failure)
      // Stopped (or closed) while the tray asked: the turn ends as stopped, not as failed.
      if (turn.stopRequested || turn.closing) {
        outcome = { reason: 'stopped' }
        break
      }
      if (next.kind === 'give_up') break
      failure = next.failure
    }
    const hint = outcome.signIn ? withheldHint(this.#signInContext(), this.#o.interactive) : ''
    this.#finish(
      turn,
      hint ? { ...outcome, error: `${outcome.error ?? ''}\n${hint}`.trim() } : outcome,
    )
  }

  /** What the sign-in tray and its hints are built from: the agent, its methods, both envs. */
  #signInContext(): SignInContext {
    const parleyEnv = this.#o.env ?? process.env
    return {
      agent: this.#o.agent.name,
      command: this.#o.agent.command,
      args: this.#o.agent.args,
      methods: this.#authMethods,
      parleyEnv,
      agentEnv: agentEnvironment(parleyEnv, this.#agentSpec().env),
    }
  }

  /**
   * "Authentication required": asks the person in the tray how to sign in, and does it —
   * `authenticate` with one of the agent's methods, or the agent restarted with a variable the
   * person gave it or after they ran its terminal login. `retry`: the prompt is sent again.
   */
  async #askSignIn(
    turn: TurnRun,
    error: AgentAuthRequiredError,
    attempt: number,
    failure: string | undefined,
  ): Promise<{ kind: 'retry'; failure?: string } | { kind: 'give_up' }> {
    const context = this.#signInContext()
    const { parleyEnv } = context
    const body = signInBody({
      ...context,
      // Without a keyring there is nowhere to keep a key given: none is offered.
      parleyEnv: this.#o.keyring ? parleyEnv : {},
      agentMessage: error.agentMessage,
      ...(failure !== undefined ? { failure } : {}),
    })
    const outcome = await this.#o.asker.ask({
      sessionId: this.#o.sessionId,
      turnId: turn.id,
      source: this.#source(`sign-in-${turn.id}-${attempt}`),
      body,
    })
    if (outcome.kind !== 'answered') return { kind: 'give_up' }
    const choice = signInChoice(body, outcome.value.optionId)
    switch (choice.kind) {
      case 'not_now':
        return { kind: 'give_up' }
      case 'authenticate': {
        const live = this.#live
        if (!live) return { kind: 'retry' }
        try {
          await this.#whileAlive(live, live.connection.authenticate(choice.methodId))
          return { kind: 'retry' }
        } catch (cause) {
          return { kind: 'retry', failure: errorMessage(cause) }
        }
      }
      case 'give_env': {
        const value = parleyEnv[choice.variable]
        if (!this.#o.keyring || !value) return { kind: 'give_up' }
        await this.#o.keyring.give(choice.variable, value)
        await this.#restartProcess()
        return { kind: 'retry' }
      }
      case 'signed_in':
        // A terminal login writes the agent's own credentials: a new process reads them.
        await this.#restartProcess()
        return { kind: 'retry' }
    }
  }

  /** Ends the agent's process, so the next prompt starts it again (its session is continued). */
  async #restartProcess(): Promise<void> {
    const live = this.#live
    if (live) await this.#endProcess(live)
  }

  async #prompt(
    turn: TurnRun,
    text: string,
    attachments: readonly LoadedAttachment[],
  ): Promise<TurnOutcome> {
    let live: Live | undefined
    try {
      live = await Promise.race([this.#ensureLive(), turn.woken.then(() => undefined)])
    } catch (error) {
      return this.#startFailure(error)
    }
    if (!live || turn.stopRequested || turn.closing) return this.#interruptedOutcome(turn)
    const sessionId = live.agentSessionId as string
    const answer = await Promise.race([
      live.connection
        .prompt(
          sessionId,
          promptBlocks(text, attachments, {
            workspace: this.#o.workspace,
            capabilities: live.hello?.capabilities.promptCapabilities,
          }),
        )
        .then(
          (response) => ({ kind: 'answer' as const, response }),
          (error: unknown) => ({ kind: 'failed' as const, error }),
        ),
      live.exit.then((exit) => ({ kind: 'exit' as const, exit })),
      turn.woken.then(() => ({ kind: 'woken' as const })),
    ])
    switch (answer.kind) {
      case 'answer':
        return turn.closing
          ? { reason: 'stopped' }
          : outcomeOfStop(this.agentName, answer.response.stopReason, turn.stopRequested)
      case 'failed':
        if (turn.stopRequested || turn.closing) return { reason: 'stopped' }
        if (live.connection.signal.aborted) return this.#exitOutcome(await live.exit)
        // Claude Code's adapter says so only when prompted.
        if (answer.error instanceof RequestError && answer.error.code === AUTH_REQUIRED) {
          return this.#errorOutcome(
            new AgentAuthRequiredError(this.agentName, this.#authMethods, answer.error.message),
          )
        }
        return this.#errorOutcome(answer.error)
      case 'exit':
        return turn.stopRequested || turn.closing
          ? { reason: 'stopped' }
          : this.#exitOutcome(answer.exit)
      case 'woken':
        return this.#interruptedOutcome(turn)
    }
  }

  /** The agent could not get as far as a session: what it said on stderr is the reason. */
  #startFailure(error: unknown): TurnOutcome {
    const outcome = this.#errorOutcome(error)
    if (error instanceof AgentAuthRequiredError || !(error instanceof RequestError)) return outcome
    const stderr = this.stderr.trim()
    const reason = stderrReason(stderr)
    return {
      ...outcome,
      error: `${this.agentName} could not start a session: ${error.message}${reason ? ` — it said: ${reason}` : ''}`,
      ...(stderr
        ? { errorDetail: `${outcome.errorDetail ?? ''}\n\nstderr:\n${stderr}`.trim() }
        : {}),
    }
  }

  /** The turn was woken before the agent answered: by Stop (after the grace), close, or the agent's death. */
  #interruptedOutcome(turn: TurnRun): TurnOutcome {
    if (turn.stopRequested || turn.closing) return { reason: 'stopped' }
    return this.#lastExit
      ? this.#exitOutcome(this.#lastExit)
      : { reason: 'error', error: `${this.agentName} is no longer running`, errorKind: 'other' }
  }

  #exitOutcome(exit: AgentExit): TurnOutcome {
    const stderr = this.stderr.trim()
    return {
      reason: 'error',
      error: describeExit(this.agentName, exit),
      errorKind: 'other',
      ...(stderr ? { errorDetail: stderr } : {}),
    }
  }

  #errorOutcome(error: unknown): TurnOutcome {
    if (error instanceof AgentAuthRequiredError) {
      return {
        reason: 'error',
        error: error.message,
        errorKind: 'auth',
        errorDetail: error.agentMessage,
        signIn: error,
      }
    }
    if (error instanceof RequestError) {
      return {
        reason: 'error',
        error: `${this.agentName} failed: ${error.message}`,
        errorKind: 'other',
        errorDetail: `JSON-RPC error ${error.code}${error.data === undefined ? '' : `: ${JSON.stringify(error.data).slice(0, 2_000)}`}`,
      }
    }
    const stderr = this.stderr.trim()
    return {
      reason: 'error',
      error: errorMessage(error),
      errorKind: 'other',
      ...(stderr ? { errorDetail: stderr } : {}),
    }
  }

  #finish(turn: TurnRun, outcome: TurnOutcome): void {
    this.#flushText()
    // Whatever the agent still waits on is answered now (permissions: cancelled).
    this.#pending.endAll()
    this.#grants.clear()
    // Calls the agent left unfinished end with the turn, unless the app is quitting (the turn
    // stays open in the log then, as Parley's own do) or the session is being removed.
    if (turn.closing === undefined) {
      const others = outcome.reason === 'error' ? 'failed' : 'cancelled'
      this.#apply(settleToolCalls(this.#updates, others, this.#now()))
    }
    this.#turn = undefined
    this.#updates = { ...this.#updates, turnId: null, open: null }
    if (turn.closing === 'removed') return
    if (turn.closing !== 'shutdown') {
      const { error, errorKind = 'other', errorDetail } = outcome
      const failure = error !== undefined ? { error, errorKind, errorDetail } : undefined
      this.#record(turnEndRecord(this.#now(), turn.id, outcome.reason, failure), true)
    }
    this.#o.touch?.()
  }

  /**
   * Stop: answers everything the agent waits on as cancelled, sends `session/cancel`, and waits for
   * the agent to end its prompt — at most `stopGraceMs` (5 s), then the turn ends without it.
   */
  async stop(): Promise<void> {
    const turn = this.#turn
    if (!turn) return
    turn.stopRequested = true
    const live = this.#live
    const cancelled =
      live?.agentSessionId !== undefined
        ? live.connection.cancel(live.agentSessionId).catch(() => {})
        : Promise.resolve()
    // ACP: after session/cancel the client answers every pending permission request `cancelled`.
    this.#pending.endAll()
    await cancelled
    // Still starting (no session to cancel yet): nothing to wait for.
    if (live?.agentSessionId === undefined) turn.wake()
    const setTimer = this.#o.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms))
    const clearTimer = this.#o.clearTimer ?? ((t: unknown) => clearTimeout(t as NodeJS.Timeout))
    const timer = setTimer(() => turn.wake(), this.#o.stopGraceMs ?? 5_000)
    await turn.done
    clearTimer(timer)
  }

  /**
   * Ends the agent and its process group. `shutdown` (the app quits): a running turn is left open
   * in the log, as Parley does for its own turns, and its requests stay for the next start, where
   * they show as no longer awaited. `removed`: the session is being deleted; nothing is written.
   */
  async close({ reason }: { reason: 'shutdown' | 'removed' }): Promise<void> {
    if (this.#closed) return
    this.#closed = true
    const turn = this.#turn
    const live = this.#live
    if (turn) turn.closing = reason
    this.#pending.goneAll()
    if (live && reason === 'removed') await this.#closeAgentSession(live)
    if (live) await this.#endProcess(live)
    if (turn) {
      turn.wake()
      await turn.done
    }
  }

  /**
   * Tells an agent that can close sessions (`session/close`) that this one is gone, so it ends its
   * work and frees what it holds (its own history of the session included, where it keeps one),
   * for at most `CLOSE_GRACE_MS`: its process is ended either way.
   */
  async #closeAgentSession(live: Live): Promise<void> {
    const sessionId = live.agentSessionId
    if (sessionId === undefined || !live.hello?.capabilities.sessionCapabilities?.close) return
    const abort = new AbortController()
    const timer = setTimeout(() => abort.abort(), CLOSE_GRACE_MS)
    try {
      // Unanswered in time, the request is withdrawn with `$/cancel_request`.
      await this.#whileAlive(live, live.connection.closeSession(sessionId, abort.signal))
    } catch {
      // Refused, timed out or gone: the process is ended next anyway.
    } finally {
      clearTimeout(timer)
    }
  }

  /** Changes the agent's mode (the mode picker), the way the agent offers it. */
  async setMode(modeId: string): Promise<RunnerResult> {
    try {
      const live = await this.#ensureLive()
      const modes = this.#updates.modes
      if (!modes) return { ok: false, message: `${this.agentName} has no modes` }
      if (!modes.available.some((m) => m.id === modeId)) {
        return { ok: false, message: `${this.agentName} has no mode "${modeId}"` }
      }
      // Through the config option when the modes are one (or one mirrors them): the choice is
      // then recorded, and applied again after a restart.
      const mirror = modeConfigId(modes, this.#updates.config?.options ?? [])
      if (mirror !== undefined) return await this.setConfigOption(mirror, modeId)
      const sessionId = live.agentSessionId as string
      await this.#whileAlive(live, live.connection.setMode(sessionId, modeId))
      this.#modeChoice = modeId
      this.#apply(
        setModes(this.#updates, {
          ...modes,
          at: this.#now(),
          currentModeId: modeId,
          chosen: true,
        }),
      )
      return { ok: true }
    } catch (error) {
      return this.#failure(error)
    }
  }

  /**
   * Sets one of the agent's session config options (`session/set_config_option`), e.g. Codex's
   * `collaboration_mode`. The agent's answer — its full set of options — is recorded as the truth,
   * marked as the person's choice, which is applied again to the agent's next session.
   */
  async setConfigOption(configId: string, value: string): Promise<RunnerResult> {
    try {
      const live = await this.#ensureLive()
      const option = this.#updates.config?.options.find((o) => o.id === configId)
      // An agent that announced no options may still take one (Parley knows none to check).
      if (this.#updates.config && !option) {
        return { ok: false, message: `${this.agentName} has no setting "${configId}"` }
      }
      if (option && !option.values.some((v) => v.value === value)) {
        return { ok: false, message: `${this.agentName} offers no "${value}" for ${option.name}` }
      }
      let answer: acp.SetSessionConfigOptionResponse
      try {
        answer = await this.#whileAlive(
          live,
          live.connection.setConfigOption(
            live.agentSessionId as string,
            configId,
            wireValue(option, value),
          ),
        )
      } catch (error) {
        if (!(error instanceof RequestError)) throw error
        const what = option?.name ?? configId
        return { ok: false, message: `${this.agentName} did not change ${what}: ${error.message}` }
      }
      // The agent's answer is the truth: a value it did not take is not kept as a choice.
      const taken = answer.configOptions.some(
        (o) => o.id === configId && String(o.currentValue) === value,
      )
      if (taken) this.#remember(configId, value)
      this.#applyConfig(answer.configOptions, taken ? { configId, value } : undefined)
      return { ok: true }
    } catch (error) {
      return this.#failure(error)
    }
  }

  /** Signs in with one of the agent's methods (for a method the environment alone cannot satisfy). */
  async authenticate(methodId: string): Promise<RunnerResult> {
    try {
      // Starts the agent if need be; "authentication required" is what we are here to fix.
      if (!this.#live?.hello) await this.connect()
      const live = this.#live
      if (!live?.hello) return { ok: false, message: `${this.agentName} is not running` }
      await this.#whileAlive(live, live.connection.authenticate(methodId))
      return await this.connect()
    } catch (error) {
      return this.#failure(error)
    }
  }

  // ── what the agent asks of Parley ─────────────────────────────────────────

  #checkSession(sessionId: string | undefined): void {
    const ours = this.#live?.agentSessionId
    if (sessionId !== undefined && ours !== undefined && sessionId !== ours) {
      throw new RequestError(INVALID_PARAMS, `unknown session "${sessionId.slice(0, 100)}"`)
    }
  }

  #source(rpcId: string | number, toolCallId?: string | null): InteractionSource {
    return {
      kind: 'acp',
      agent: this.agentName.slice(0, 200),
      rpcId,
      ...(toolCallId ? { toolCallId: toolCallId.slice(0, 128) } : {}),
    }
  }

  #onUpdate(params: acp.SessionNotification): void {
    if (params.sessionId !== this.#live?.agentSessionId) return
    const { update } = params
    // The agent's commands are live state for the `/` menu, kept also while a load replays.
    if (update.sessionUpdate === 'available_commands_update') {
      this.#commands = agentCommandsFrom(update.availableCommands)
      this.#o.touch?.()
      return
    }
    if (this.#loading) return
    if (update.sessionUpdate === 'session_info_update' && typeof update.title === 'string')
      this.#o.retitle?.(update.title)
    this.#apply(applyUpdate(this.#updates, update, this.#now()))
  }

  async #onPermission(
    params: acp.RequestPermissionRequest,
    request: InboundRequest,
  ): Promise<acp.RequestPermissionResponse> {
    this.#checkSession(params.sessionId)
    const turn = this.#turn
    const live = this.#live
    // Outside a turn (or after Stop) nobody is there to decide: the agent hears `cancelled`.
    if (!turn || turn.stopRequested || !live) return CANCELLED
    this.#apply(noteToolCall(this.#updates, params.toolCall, this.#now()))
    // The request may name only the call's id: its files and diff came in earlier updates.
    const call = knownToolCall(this.#updates, params.toolCall.toolCallId) ?? params.toolCall
    const shown = permissionBody({ ...params, toolCall: call })
    const review = await agentCommandRisk(call, this.#o.workspace)
    const body: AgentPermissionBody = review
      ? {
          ...shown,
          risk: review.risk,
          ...(review.why !== undefined ? { riskWhy: review.why } : {}),
        }
      : shown
    // The review may have waited for the shell grammar: the turn may have ended meanwhile.
    if (this.#turn !== turn || turn.stopRequested || this.#live !== live) return CANCELLED
    const pending = this.#pending.open(request, live.connection.signal, () => ({
      value: CANCELLED,
    }))
    const offered: readonly AgentPermissionOption[] = shown.options
    this.#o.asker
      .ask({
        sessionId: this.#o.sessionId,
        turnId: turn.id,
        source: this.#source(request.rpcId, params.toolCall.toolCallId),
        body,
        signal: pending.signal,
      })
      .then(
        (outcome) => {
          if (outcome.kind === 'refused') {
            pending.fail(new RequestError(INVALID_PARAMS, outcome.message))
            return
          }
          const response = permissionResponse(outcome, offered)
          if (!pending.settle(response) || response.outcome.outcome !== 'selected') return
          const chosen = response.outcome.optionId
          const option = offered.find((o) => o.optionId === chosen)
          if (option?.kind === 'allow_once' || option?.kind === 'allow_always') {
            // The kind the person was shown (the request's, or what earlier updates said).
            this.#grants.grant(this.#workspaceTargets(namedPaths(call)), call.kind)
          } else if (this.#turn === turn) {
            this.#updates = markRejected(this.#updates, params.toolCall.toolCallId)
          }
        },
        () => pending.settle(CANCELLED),
      )
    return pending.result
  }

  /** The paths that resolve inside the workspace (others are never granted anything). */
  #workspaceTargets(paths: readonly string[]): string[] {
    return paths.flatMap((path) => {
      try {
        return [resolveAgentPath(this.#o.workspace, path)]
      } catch {
        return []
      }
    })
  }

  async #onElicitation(
    params: ElicitationParams,
    request: InboundRequest,
  ): Promise<acp.CreateElicitationResponse> {
    if (!this.#o.interactive) {
      throw new RequestError(
        INVALID_PARAMS,
        'Parley is running headless: there is no one to answer a form (elicitation was not advertised)',
      )
    }
    this.#checkSession(params.sessionId)
    const turn = this.#turn
    const live = this.#live
    if (!turn || turn.stopRequested || !live) {
      throw new RequestError(
        INVALID_PARAMS,
        'no turn is running in this session, so there is no one to ask',
      )
    }
    this.#flushText()
    const pending = this.#pending.open<acp.CreateElicitationResponse>(
      request,
      live.connection.signal,
      (cause) =>
        cause === 'agent_cancelled'
          ? { error: RequestError.requestCancelled() }
          : { value: { action: 'cancel' } satisfies acp.CreateElicitationResponse },
    )
    const link = urlBody(params)
    if (link) {
      const source = this.#source(request.rpcId, params.toolCallId)
      const ask = { sessionId: this.#o.sessionId, turnId: turn.id, source }
      this.#o.asker.ask({ ...ask, body: link, signal: pending.signal }).then(
        (outcome) => {
          const answer = urlResponse(outcome, 'turn_ended')
          if (answer.ok) pending.settle(answer.response)
          else pending.fail(answer.error)
          if (answer.ok && answer.response.action === 'accept')
            this.#awaitUrlCompletion(params, ask, link, live.connection.signal)
        },
        () => pending.settle({ action: 'cancel' }),
      )
      return pending.result
    }
    this.#o.asker
      .ask({
        sessionId: this.#o.sessionId,
        turnId: turn.id,
        source: this.#source(request.rpcId, params.toolCallId),
        body: formBody(params),
        signal: pending.signal,
      })
      .then(
        (outcome) => {
          const answer = formResponse(outcome, 'turn_ended')
          if (answer.ok) pending.settle(answer.response)
          else pending.fail(answer.error)
        },
        () => pending.settle({ action: 'cancel' }),
      )
    return pending.result
  }

  /** URL-mode elicitations opened and not yet complete, by elicitation id. */
  readonly #urlWaits = new Map<string, AbortController>()

  /** After Open: "waiting for <agent>…" until `elicitation/complete`, the agent exits, or Cancel. */
  #awaitUrlCompletion(
    params: ElicitationParams,
    ask: { sessionId: string; turnId: string; source: InteractionSource },
    link: LinkBody,
    gone: AbortSignal,
  ): void {
    const id = typeof params.elicitationId === 'string' ? params.elicitationId : undefined
    if (id === undefined || this.#urlWaits.has(id)) return
    const complete = new AbortController()
    this.#urlWaits.set(id, complete)
    void this.#o.asker
      .ask({
        ...ask,
        body: { ...link, purpose: 'waiting' },
        signal: AbortSignal.any([complete.signal, gone]),
      })
      .finally(() => this.#urlWaits.delete(id))
  }

  async #onRead(params: acp.ReadTextFileRequest): Promise<acp.ReadTextFileResponse> {
    this.#checkSession(params.sessionId)
    return readTextFile(this.#o.workspace, params)
  }

  async #onWrite(params: acp.WriteTextFileRequest, request: InboundRequest): Promise<void> {
    this.#checkSession(params.sessionId)
    const turn = this.#turn
    const live = this.#live
    if (!turn || turn.stopRequested || !live) {
      throw new RequestError(
        PERMISSION_DENIED,
        'no turn is running: Parley lets an agent write files only during a turn',
      )
    }
    this.#flushText()
    const stopped = new RequestError(PERMISSION_DENIED, 'the turn was stopped before the write')
    const pending = this.#pending.open<void>(request, live.connection.signal, () => ({
      error: stopped,
    }))
    const authorize = async (write: {
      target: string
      shown: string
      content: string
    }): Promise<PolicyOutcome> => {
      if (this.#grants.take(write)) return { allowed: true }
      return this.#o.asker.authorize({
        sessionId: this.#o.sessionId,
        turnId: turn.id,
        source: this.#source(request.rpcId),
        tool: 'fs/write_text_file',
        input: { path: write.shown, content: write.content },
        readOnly: false,
        signal: pending.signal,
      })
    }
    writeTextFile(this.#o.workspace, params, async (write) => {
      const outcome = await authorize(write)
      // Claimed before the file is touched: a Stop that came first wins, and nothing is written.
      if (outcome.allowed && !pending.claim()) return { allowed: false, message: stopped.message }
      return outcome
    }).then(
      () => pending.deliver({ value: undefined }),
      (error: unknown) => {
        const failure = error instanceof Error ? error : new Error(String(error))
        if (!pending.fail(failure)) pending.deliver({ error: failure })
      },
    )
    return pending.result
  }
}
