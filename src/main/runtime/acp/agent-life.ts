import { RequestError } from '@agentclientprotocol/sdk'
import type * as acp from '@agentclientprotocol/sdk'
import type { SessionEventOf } from '../../../shared/session-events'
import { NO_PID_ISOLATION } from '../sandbox/private-pids'
import {
  AUTH_REQUIRED,
  AgentAuthRequiredError,
  authMethodsFrom,
  methodFromEnvironment,
} from './agent-auth'
import { AgentConnection, type ClientHandlers } from './agent-connection'
import { AgentProcess, agentEnvironment, type AgentExit } from './agent-process'
import type { Live, RunnerContext, RunnerResult } from './runner-context'
import { modesFrom, setConfig, setModes } from './mode-config-records'
import { combine } from './update-state'

/** How long an agent may take to answer `session/close` before its process is ended. */
const CLOSE_GRACE_MS = 2_000

/** How many pages of `session/list` are read looking for the session to continue. */
const LIST_PAGES = 5

/** How long an agent whose stdout closed may take to exit before it is ended. */
const LINGER_MS = 1_000

/**
 * The agent's life: its process started on first use and kept for the session, `initialize`,
 * signing in where the environment allows, its session opened (or continued after a restart by
 * `session/resume` or `session/load`), its exit, and its end.
 */
export class AgentLife {
  #starting: Promise<Live> | undefined

  constructor(
    private readonly c: RunnerContext,
    private readonly handlers: ClientHandlers,
    /** Runs once the agent's session is open: the person's earlier choices are set again. */
    private readonly afterOpen: (live: Live) => Promise<void>,
  ) {}

  /** Starts the agent (if it is not running) and opens its session, without a turn. */
  async connect(): Promise<RunnerResult> {
    try {
      await this.ensureLive()
      return { ok: true }
    } catch (error) {
      return this.c.failure(error)
    }
  }

  ensureLive(): Promise<Live> {
    if (this.c.closed) return Promise.reject(new Error('the session is closed'))
    if (this.c.live?.agentSessionId !== undefined) return Promise.resolve(this.c.live)
    this.#starting ??= this.#start().finally(() => (this.#starting = undefined))
    return this.#starting
  }

  async #start(): Promise<Live> {
    const pidIsolation = (await this.c.o.pidIsolation?.()) ?? NO_PID_ISOLATION
    let live = this.c.live
    if (!live) {
      this.c.given = (await this.c.o.keyring?.load()) ?? {}
      const process = new AgentProcess({
        agent: this.c.agentSpec(),
        cwd: this.c.o.workspace,
        pidIsolation,
        ...(this.c.o.env ? { env: this.c.o.env } : {}),
        ...(this.c.o.spawn ? { spawn: this.c.o.spawn } : {}),
      })
      const { input, output } = process.streams
      const connection = new AgentConnection({
        input,
        output,
        elicitation: this.c.o.interactive,
        clientVersion: this.c.o.clientVersion ?? '0.1.0',
        handlers: this.handlers,
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
      this.c.live = created
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
      current.hello ??= await this.c.whileAlive(current, current.connection.initialize())
      this.c.info = current.hello.info ?? this.c.info
      this.c.authMethods = authMethodsFrom(current.hello.authMethods)
      await this.#openSession(current)
      return current
    } catch (error) {
      if (error instanceof RequestError && error.code === AUTH_REQUIRED) {
        // Kept running: `authenticate` talks to this process.
        throw new AgentAuthRequiredError(this.c.agentName, this.c.authMethods, error.message)
      }
      // An agent that cannot get as far as a session is of no use: end it, and say why.
      if (this.c.live === current && current.agentSessionId === undefined) {
        await this.endProcess(current)
      }
      throw error
    }
  }

  async #openSession(live: Live): Promise<void> {
    const mcpServers = this.c.o.mcpServers ?? []
    const previous = this.c.previous
    const sameAgent =
      previous !== undefined &&
      previous.agent.command === this.c.o.agent.command &&
      JSON.stringify(previous.agent.args) === JSON.stringify(this.c.o.agent.args)
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
      this.c.loading = true
      try {
        const { agentSessionId } = previous
        const cwd = this.c.o.workspace
        const opened = await this.#withAuth(live, () =>
          how === 'resumed'
            ? live.connection.resumeSession(agentSessionId, cwd, mcpServers)
            : live.connection.loadSession(agentSessionId, cwd, mcpServers),
        )
        this.#opened(live, agentSessionId, how, opened)
        await this.afterOpen(live)
        return
      } catch (error) {
        if (!live.process.running) throw error
        // The agent no longer has that session: the next way, else a new one (recorded, so the
        // UI can say so).
      } finally {
        this.c.loading = false
      }
    }
    const created = await this.#withAuth(live, () =>
      live.connection.newSession(this.c.o.workspace, mcpServers),
    )
    this.#opened(live, created.sessionId, 'new', created)
    await this.afterOpen(live)
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
        const listed = await this.c.whileAlive(
          live,
          live.connection.listSessions(this.c.o.workspace, cursor),
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
   * Runs `call`; when the agent answers "Authentication required" and one of its methods works
   * from the environment alone (an API key variable that is set), authenticates with it and tries
   * once more.
   */
  async #withAuth<T>(live: Live, call: () => Promise<T>): Promise<T> {
    try {
      return await this.c.whileAlive(live, call())
    } catch (error) {
      if (!(error instanceof RequestError) || error.code !== AUTH_REQUIRED) throw error
      const env = agentEnvironment(this.c.o.env ?? process.env, this.c.agentSpec().env)
      const method = methodFromEnvironment(this.c.authMethods, env)
      if (!method) throw error
      await this.c.whileAlive(live, live.connection.authenticate(method.id))
      return await this.c.whileAlive(live, call())
    }
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
    const { id, name, command, args } = this.c.o.agent
    const info = live.hello?.info
    const title = info ? `${info.title || info.name} ${info.version}`.trim() : undefined
    const own = info ? this.c.agentName.slice(0, 100) : undefined
    const record: SessionEventOf<'agent_session'> = {
      type: 'agent_session',
      at: this.c.now(),
      agent: { id, name, command, args },
      ...(title ? { agentTitle: title.slice(0, 200) } : {}),
      ...(own ? { agentName: own } : {}),
      agentSessionId,
      opened,
    }
    this.c.previous = record
    this.c.record(record, true)
    const at = this.c.now()
    this.c.apply(
      combine(setModes(this.c.updates, modesFrom(answer, at)), (s) =>
        setConfig(s, answer.configOptions, at),
      ),
    )
  }

  #onExit(live: Live, exit: AgentExit): void {
    this.c.lastStderr = live.process.stderr
    this.c.lastExit = exit
    live.connection.close()
    this.c.pending.goneAll()
    if (this.c.live === live) this.c.live = undefined
    if (exit.expected) return
    const turn = this.c.turn
    if (turn) {
      turn.wake()
      return
    }
    // Nothing ran when the program could not be started; the caller hears why.
    if (exit.spawnError) return
    this.c.record({
      type: 'agent_exit',
      at: this.c.now(),
      code: exit.code,
      signal: exit.signal,
      stderr: live.process.stderr,
    })
  }

  async endProcess(live: Live): Promise<void> {
    live.connection.close()
    await live.process.kill()
    await live.exit
  }

  /** Ends the agent's process, so the next prompt starts it again (its session is continued). */
  async restartProcess(): Promise<void> {
    const live = this.c.live
    if (live) await this.endProcess(live)
  }

  /**
   * Tells an agent that can close sessions (`session/close`) that this one is gone, so it ends its
   * work and frees what it holds (its own history of the session included, where it keeps one),
   * for at most `CLOSE_GRACE_MS`: its process is ended either way.
   */
  async closeAgentSession(live: Live): Promise<void> {
    const sessionId = live.agentSessionId
    if (sessionId === undefined || !live.hello?.capabilities.sessionCapabilities?.close) return
    const abort = new AbortController()
    const timer = setTimeout(() => abort.abort(), CLOSE_GRACE_MS)
    try {
      // Unanswered in time, the request is withdrawn with `$/cancel_request`.
      await this.c.whileAlive(live, live.connection.closeSession(sessionId, abort.signal))
    } catch {
      // Refused, timed out or gone: the process is ended next anyway.
    } finally {
      clearTimeout(timer)
    }
  }

  /** Signs in with one of the agent's methods (for a method the environment alone cannot satisfy). */
  async authenticate(methodId: string): Promise<RunnerResult> {
    try {
      // Starts the agent if need be; "authentication required" is what we are here to fix.
      if (!this.c.live?.hello) await this.connect()
      const live = this.c.live
      if (!live?.hello) return { ok: false, message: `${this.c.agentName} is not running` }
      await this.c.whileAlive(live, live.connection.authenticate(methodId))
      return await this.connect()
    } catch (error) {
      return this.c.failure(error)
    }
  }
}
