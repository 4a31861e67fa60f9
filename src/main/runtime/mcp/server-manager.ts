import type { Implementation } from '@modelcontextprotocol/sdk/types.js'
import type { McpServerInfo, McpServerState } from '../../../shared/mcp-servers'
import type { InteractionAsker } from '../interactions/asker'
import { NO_PID_ISOLATION, type PidIsolation } from '../sandbox/private-pids'
import type { WorkspaceServerSandbox } from './workspace-server-sandbox'
import {
  awaitCompletion,
  elicitationHandler,
  newSlot,
  offeredTools,
  slotInfo,
  TOOL_LIMITS,
  type OfferedTool,
  type Slot,
} from './server-slot'
import { callServerTool, toolError } from './server-tool-call'
import type { McpServerEntry } from './load-mcp-config'
import { systemClock, type McpClock } from './mcp-clock'
import type { McpTool, McpToolCall, McpToolOutcome, McpToolProvider } from '../tools/mcp-tool'
import { DEFAULT_RESTART_POLICY, nextRestart, type RestartPolicy } from './restart-backoff'
import { ConnectError, ServerConnection } from './server-connection'
import type { McpOAuthDeps, SignInPrompt } from './oauth/oauth-session'
import { errorMessage } from '../../../shared/plain-error'
import { truncate } from '../../../shared/truncate'

/** What Settings' Sign in came to: the page to open, connected without one, or why not. */
export type SignInResult =
  { ok: true; url?: string } | { ok: false; reason: 'not_found' | 'failed'; message?: string }

export interface McpServerManagerOptions {
  /** The workspace: stdio servers run in it. */
  workspace: string
  /** The interaction broker: elicitations go to the person through it. */
  asker: InteractionAsker
  clock?: McpClock
  /** Where stdio servers inherit variables from (default `process.env`; see `server-env.ts`). */
  baseEnv?: NodeJS.ProcessEnv
  /** Whether stdio servers start in a private PID namespace (found once per runtime); none by default. */
  pidIsolation?: () => Promise<PidIsolation>
  /** The sandbox the workspace's own stdio servers run in; absent: they run as configured. */
  workspaceSandbox?: () => WorkspaceServerSandbox
  /**
   * Asked before each start and restart of a workspace server: whether what it runs is still what
   * the person approved (the hub re-reads `.mcp.json` and re-hashes its scripts). Not started when
   * false. Absent: always true.
   */
  approvedNow?: (entry: McpServerEntry) => Promise<boolean>
  restartPolicy?: RestartPolicy
  /** A tool call is cancelled after this long without progress (paused while the person answers). */
  callIdleMs?: number
  /** How long a server may take to answer `initialize`. */
  connectTimeoutMs?: number
  clientInfo?: Implementation
  /** Sign-in to HTTP servers that use OAuth. */
  oauth?: McpOAuthDeps
}

/**
 * Starts and supervises the MCP servers of one workspace and offers their tools to Parley's agent.
 *
 * Each server has a status (needs approval, starting, ready, restarting, failed, stopped). A server
 * that exits on its own is started again after a pause that doubles each time (`restart-backoff`),
 * up to a limit; its calls in flight end with an error the model can act on, and nothing else in
 * the session is affected. A server that cannot start at all is left failed with the reason (a
 * wrong command does not get better by retrying) until restarted by hand.
 */
export class McpServerManager implements McpToolProvider {
  readonly #slots = new Map<string, Slot>()
  readonly #listeners = new Set<() => void>()
  readonly #clock: McpClock
  readonly #policy: RestartPolicy
  readonly #callIdleMs: number
  readonly #connectTimeoutMs: number
  readonly #clientInfo: Implementation
  /** A sign-in Settings started, by server: its page goes back to Settings, not to a tray. */
  readonly #signInFor = new Map<string, SignInPrompt>()
  #offered: OfferedTool[] = []
  #byName = new Map<string, OfferedTool>()
  #closed = false

  constructor(private readonly options: McpServerManagerOptions) {
    this.#clock = options.clock ?? systemClock
    this.#policy = options.restartPolicy ?? DEFAULT_RESTART_POLICY
    this.#callIdleMs = options.callIdleMs ?? 300_000
    this.#connectTimeoutMs = options.connectTimeoutMs ?? 30_000
    this.#clientInfo = options.clientInfo ?? { name: 'parley', version: '0.1.0' }
  }

  /**
   * Makes the running set match `entries` (from `loadMcpConfig`): starts new approved servers,
   * stops removed ones, restarts changed ones, lists unapproved ones without starting them.
   * Resolves when every start has ended (ready or failed); never rejects.
   */
  async setServers(entries: readonly McpServerEntry[]): Promise<void> {
    if (this.#closed) return
    const wanted = new Map(entries.map((entry) => [entry.name, entry]))
    const stopping: Promise<void>[] = []
    for (const [name, slot] of this.#slots) {
      const entry = wanted.get(name)
      if (entry && JSON.stringify(entry) === slot.identity) continue
      this.#slots.delete(name)
      stopping.push(this.#stop(slot, 'it was removed from the configuration'))
    }
    await Promise.all(stopping)
    const starts: Promise<void>[] = []
    for (const entry of entries) {
      if (this.#slots.has(entry.name)) continue
      const slot = newSlot(entry)
      this.#slots.set(entry.name, slot)
      if (entry.approved) starts.push(this.#start(slot))
    }
    this.#changed()
    await Promise.all(starts)
  }

  /** Every configured server with its status and tools, in configuration order. */
  list(): McpServerInfo[] {
    return [...this.#slots.values()].map((slot) => slotInfo(slot, this.#offered))
  }

  /** Called after any change of status or tools. Returns an unsubscribe function. */
  onChange(listener: () => void): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  tools(): readonly McpTool[] {
    return this.#offered.map(({ tool }) => tool)
  }

  /**
   * Starts a server again now (Settings' restart button): a pending restart pause is skipped, the
   * restart count starts over, and calls in flight on the old process end with an error.
   * False when there is no such approved server.
   */
  async restart(name: string): Promise<boolean> {
    const slot = this.#slots.get(name)
    if (!slot || !slot.entry.approved || this.#closed) return false
    slot.backoff?.abort()
    slot.backoff = undefined
    const old = slot.connection
    slot.connection = undefined
    slot.generation++
    slot.attempt = 0
    this.#setStatus(slot, { state: 'starting' })
    if (old) await old.close('it was restarted')
    await this.#start(slot)
    return true
  }

  /**
   * Settings' Sign in: connects to the server again, and resolves with the authorization page as
   * soon as the server asks for one (the UI opens it from the person's click, and the connection
   * completes when the browser comes back), or once it connected without asking.
   */
  signIn(name: string): Promise<SignInResult> {
    const slot = this.#slots.get(name)
    if (!slot || !slot.entry.approved || slot.entry.definition.transport !== 'http' || this.#closed)
      return Promise.resolve({ ok: false, reason: 'not_found' })
    return new Promise((resolve) => {
      this.#signInFor.set(name, async (request) => {
        this.#signInFor.delete(name)
        resolve({ ok: true, url: request.authorizationUrl.href })
        return { kind: 'opened' }
      })
      void this.restart(name).then(() => {
        this.#signInFor.delete(name)
        const status = slot.status
        resolve(
          status.state === 'ready'
            ? { ok: true }
            : {
                ok: false,
                reason: 'failed',
                message: status.state === 'failed' ? status.reason : `it is ${status.state}`,
              },
        )
      })
    })
  }

  /** Settings' Sign out: forgets the server's tokens and registration, then connects again. */
  async signOut(name: string): Promise<boolean> {
    const slot = this.#slots.get(name)
    const oauth = this.options.oauth
    if (!slot || slot.entry.definition.transport !== 'http' || !oauth) return false
    await oauth.store.clear(name, slot.entry.definition.url)
    slot.signIn = 'signed_out'
    if (slot.entry.approved) await this.restart(name)
    return true
  }

  /** Stops every server (the app is closing). Calls in flight end with an error. */
  async close(): Promise<void> {
    this.#closed = true
    await Promise.all(
      [...this.#slots.values()].map((slot) => this.#stop(slot, 'Parley is closing')),
    )
    this.#changed()
  }

  async call(name: string, call: McpToolCall): Promise<McpToolOutcome> {
    const offered = this.#byName.get(name)
    if (!offered)
      return toolError(
        `Unknown MCP tool "${name}": no running MCP server offers it any more. Use only the tools you are offered now.`,
      )
    return callServerTool(offered, name, call, {
      clock: this.#clock,
      callIdleMs: this.#callIdleMs,
      afterStop: (slot) => this.#afterStop(slot),
    })
  }

  /** What happens to a server after its connection ended, for the model. */
  #afterStop(slot: Slot): string {
    if (this.#closed) return 'Parley is closing.'
    if (this.#slots.get(slot.entry.name) !== slot)
      return 'It was removed from the configuration; continue without it.'
    if (slot.status.state === 'failed') return 'It is not restarted any more; continue without it.'
    return 'Parley restarts the server; check the effect before calling it again.'
  }

  async #start(slot: Slot): Promise<void> {
    if (this.#closed) return
    const generation = ++slot.generation
    const current = () => slot.generation === generation && !this.#closed
    if (slot.status.state !== 'restarting') this.#setStatus(slot, { state: 'starting' })
    if (slot.entry.origin === 'workspace' && this.options.approvedNow) {
      const approved = await this.options.approvedNow(slot.entry)
      if (!current()) return
      if (!approved) {
        this.#setStatus(slot, { state: 'stopped' })
        return
      }
    }
    let connection: ServerConnection
    try {
      connection = await ServerConnection.open({
        name: slot.entry.name,
        definition: slot.entry.definition,
        cwd: this.options.workspace,
        baseEnv: this.options.baseEnv ?? process.env,
        pidIsolation: (await this.options.pidIsolation?.()) ?? NO_PID_ISOLATION,
        ...(slot.entry.origin === 'workspace' && this.options.workspaceSandbox
          ? { workspaceSandbox: this.options.workspaceSandbox() }
          : {}),
        clientInfo: this.#clientInfo,
        connectTimeoutMs: this.#connectTimeoutMs,
        ...this.#oauthFor(slot),
        handlers: {
          onElicit: elicitationHandler(slot, {
            asker: this.options.asker,
            notice: (text) => this.#notice(slot, text),
            awaitCompletion: (wait) => awaitCompletion(slot, generation, wait, this.options.asker),
          }),
          onElicitationComplete: (elicitationId) => {
            slot.completions.get(elicitationId)?.abort()
          },
          onLost: (reason) => {
            for (const waiting of slot.completions.values()) waiting.abort()
            if (current()) this.#lost(slot, reason)
          },
          onToolsChanged: (tools) => {
            if (!current()) return
            slot.tools = tools
            this.#changed()
          },
        },
      })
    } catch (caught) {
      if (!current()) return
      if (caught instanceof ConnectError && caught.needsSignIn) slot.signIn = 'signed_out'
      const reason = errorMessage(caught)
      if (slot.attempt === 0)
        this.#setStatus(slot, { state: 'failed', reason: this.#bound(reason) })
      else this.#scheduleRestart(slot, reason, null)
      return
    }
    if (!current()) {
      await connection.close('it was superseded')
      return
    }
    // It died between the handshake and here: `onLost` has already scheduled the restart.
    if (connection.endReason !== undefined) return
    slot.connection = connection
    slot.signIn = await this.#signInState(slot)
    slot.tools = connection.tools
    slot.readyAt = this.#clock.now()
    this.#setStatus(slot, { state: 'ready' })
  }

  /** The OAuth dependencies for one start: Settings' pending sign-in answers first. */
  #oauthFor(slot: Slot): { oauth?: McpOAuthDeps } {
    const oauth = this.options.oauth
    if (!oauth) return {}
    return {
      oauth: {
        ...oauth,
        prompt: (request) => (this.#signInFor.get(slot.entry.name) ?? oauth.prompt)(request),
      },
    }
  }

  async #signInState(slot: Slot): Promise<Slot['signIn']> {
    const oauth = this.options.oauth
    if (!oauth || slot.entry.definition.transport !== 'http') return undefined
    return (await oauth.store.signedIn(slot.entry.name, slot.entry.definition.url))
      ? 'signed_in'
      : slot.signIn === 'signed_out'
        ? 'signed_out'
        : undefined
  }

  #lost(slot: Slot, reason: string): void {
    const upForMs = slot.readyAt === null ? null : this.#clock.now() - slot.readyAt
    slot.connection = undefined
    slot.readyAt = null
    this.#scheduleRestart(slot, reason, upForMs)
  }

  #scheduleRestart(slot: Slot, reason: string, upForMs: number | null): void {
    const decision = nextRestart(this.#policy, { previousAttempt: slot.attempt, upForMs })
    if (decision.kind === 'give_up') {
      slot.tools = []
      this.#setStatus(slot, {
        state: 'failed',
        reason: this.#bound(
          `it stopped ${this.#policy.maxAttempts + 1} times in a row and is no longer restarted. Last: ${reason}`,
        ),
      })
      return
    }
    slot.attempt = decision.attempt
    const backoff = new AbortController()
    slot.backoff = backoff
    this.#setStatus(slot, {
      state: 'restarting',
      attempt: decision.attempt,
      maxAttempts: this.#policy.maxAttempts,
      retryAt: this.#clock.now() + decision.delayMs,
      reason: this.#bound(reason),
    })
    this.#clock.sleep(decision.delayMs, backoff.signal).then(
      () => {
        if (slot.backoff !== backoff) return
        slot.backoff = undefined
        void this.#start(slot)
      },
      () => {},
    )
  }

  async #stop(slot: Slot, reason: string): Promise<void> {
    slot.backoff?.abort()
    slot.backoff = undefined
    slot.generation++
    const connection = slot.connection
    slot.connection = undefined
    slot.tools = []
    slot.status = { state: 'stopped' }
    if (connection) await connection.close(reason)
  }

  #bound(reason: string): string {
    return truncate(reason, 2_000)
  }

  #notice(slot: Slot, text: string): void {
    slot.notices = [...slot.notices, text.slice(0, 1_000)].slice(-TOOL_LIMITS.notices)
    this.#changed()
  }

  #setStatus(slot: Slot, status: McpServerState): void {
    slot.status = status
    if (status.state === 'failed') slot.tools = []
    this.#changed()
  }

  /** Rebuilds the offered tools (names unique across servers) and tells listeners. */
  #changed(): void {
    this.#offered = offeredTools(this.#slots.values())
    this.#byName = new Map(this.#offered.map((offered) => [offered.tool.name, offered]))
    for (const listener of this.#listeners) listener()
  }
}
