import { RequestError } from '@agentclientprotocol/sdk'
import type * as acp from '@agentclientprotocol/sdk'
import type { AgentCommand, AgentSpec } from '../../../shared/acp-agents'
import type { BridgeEvent } from '../../../shared/bridge'
import type { InteractionSource } from '../../../shared/interactions'
import type { SessionEvent, SessionEventOf } from '../../../shared/session-events'
import { errorMessage } from '../../../shared/plain-error'
import type { InteractionAsker } from '../interactions/asker'
import type { PidIsolation } from '../sandbox/private-pids'
import { AgentAuthRequiredError, type AgentAuthMethod } from './agent-auth'
import type { AgentConnection, AgentHello } from './agent-connection'
import type { AgentExit, AgentProcess, SpawnFn } from './agent-process'
import type { AgentKeyring } from './agent-keyring'
import { PendingRequests } from './pending-requests'
import { flush } from './session-update-records'
import { IDLE, type UpdateResult, type UpdateState } from './update-state'
import { describeExit, stderrReason } from './turn-outcomes'
import { WriteGrants } from './write-grants'

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

export type RunnerResult =
  { ok: true } | { ok: false; message: string; authMethods?: readonly AgentAuthMethod[] }

/** The agent process, its connection and its ACP session, while they live. */
export interface Live {
  process: AgentProcess
  connection: AgentConnection
  hello: AgentHello | undefined
  /** The agent's session id once `session/new` or `session/load` answered. */
  agentSessionId: string | undefined
  /** Resolves when the process has exited (and its exit was handled). */
  exit: Promise<AgentExit>
}

/** The running turn. */
export interface TurnRun {
  id: string
  stopRequested: boolean
  /** Set by close(): the turn ends without a turn_end record (shutdown) or silently (removed). */
  closing: 'shutdown' | 'removed' | undefined
  wake: () => void
  woken: Promise<void>
  /** Resolves once the turn's last record is written. */
  done: Promise<void>
}

/**
 * What the parts of one ACP session runner share: the runtime's options, the agent while it
 * lives, the running turn, the state of the agent's updates and the requests it waits on. The
 * parts — the agent's life (agent-life.ts), its settings (agent-settings.ts), a turn
 * (agent-turn.ts) and the agent's requests (agent-requests.ts) — each change their own fields.
 */
export class RunnerContext {
  readonly now: () => number
  readonly pending = new PendingRequests()
  readonly grants = new WriteGrants()
  updates: UpdateState = IDLE
  live: Live | undefined
  turn: TurnRun | undefined
  closed = false
  /** Suppresses the history an agent replays on `session/load` (it is in Parley's log already). */
  loading = false
  previous: SessionEventOf<'agent_session'> | undefined
  authMethods: AgentAuthMethod[] = []
  /** The agent's own slash commands as it last announced them (none until it does). */
  commands: readonly AgentCommand[] = []
  /** The variables the person gave the agent (its keyring), as read when it last started. */
  given: Record<string, string> = {}
  lastStderr = ''
  lastExit: AgentExit | undefined
  /** How the agent last named itself (kept once its process is gone). */
  info: AgentHello['info'] = null
  /** The person's config choices, in the order last made: config id → value. */
  readonly choices = new Map<string, string>()
  /** The mode the person last chose through `session/set_mode`, if any. */
  modeChoice: string | undefined

  constructor(readonly o: AcpSessionRunnerOptions) {
    this.now = o.now ?? Date.now
    this.previous = o.previous
    for (const { configId, value } of o.choices ?? []) this.rememberChoice(configId, value)
    this.modeChoice = o.modeChoice
  }

  rememberChoice(configId: string, value: string): void {
    this.choices.delete(configId)
    this.choices.set(configId, value)
  }

  /**
   * The agent's name everywhere it is shown: how it named itself in `initialize` (title, else
   * name), else its Settings or preset name. Kept after the agent exits, so an error names it.
   */
  get agentName(): string {
    const info = this.live?.hello?.info ?? this.info
    return info?.title?.trim() || info?.name.trim() || this.o.agent.name
  }

  /** The end of what the agent wrote to stderr, for display (kept after it exits). */
  get stderr(): string {
    return this.live?.process.stderr ?? this.lastStderr
  }

  /** The agent as it is started: its configured env, with what the person gave it on top. */
  agentSpec(): AgentSpec {
    return { ...this.o.agent, env: { ...this.o.agent.env, ...this.given } }
  }

  record(event: SessionEvent, sync = false): void {
    this.o.record(event, { sync })
  }

  /** Takes the new update state, writes its records and streams its text deltas. */
  apply(result: UpdateResult): void {
    this.updates = result.state
    for (const record of result.records) this.record(record)
    // The header shows the context used: its summary changed.
    if (result.records.some((r) => r.type === 'context_usage')) this.o.touch?.()
    const turnId = this.updates.turnId
    if (turnId === null) return
    for (const delta of result.deltas) {
      this.o.emit({
        type: 'text_delta',
        sessionId: this.o.sessionId,
        turnId,
        step: delta.step,
        text: delta.text,
      })
    }
  }

  flushText(): void {
    this.apply(flush(this.updates, this.now()))
  }

  source(rpcId: string | number, toolCallId?: string | null): InteractionSource {
    return {
      kind: 'acp',
      agent: this.agentName.slice(0, 200),
      rpcId,
      ...(toolCallId ? { toolCallId: toolCallId.slice(0, 128) } : {}),
    }
  }

  /** Races `work` against the agent's exit, so a dead agent is an error that says why. */
  async whileAlive<T>(live: Live, work: Promise<T>): Promise<T> {
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

  failure(error: unknown): RunnerResult & { ok: false } {
    if (error instanceof AgentAuthRequiredError) {
      return { ok: false, message: error.message, authMethods: error.methods }
    }
    const reason = error instanceof RequestError ? stderrReason(this.stderr) : ''
    return { ok: false, message: `${errorMessage(error)}${reason ? ` — it said: ${reason}` : ''}` }
  }
}
