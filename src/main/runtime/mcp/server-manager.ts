import {
  ErrorCode,
  McpError,
  type Implementation,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js'
import type { McpServerInfo, McpServerState } from '../../../shared/mcp-servers'
import type { Json } from '../../../shared/session-events'
import type { InteractionAsker } from '../interactions/asker'
import { NO_PID_ISOLATION, type PidIsolation } from '../sandbox/private-pids'
import { CallRegistry } from './call-registry'
import type { WorkspaceServerSandbox } from './workspace-server-sandbox'
import { elicit, mcpSource } from './elicitation'
import type { McpServerEntry } from './load-mcp-config'
import { idleTimer, systemClock, type McpClock } from './mcp-clock'
import type {
  JsonSchemaObject,
  McpTool,
  McpToolCall,
  McpToolOutcome,
  McpToolProvider,
} from '../tools/mcp-tool'
import { DEFAULT_RESTART_POLICY, nextRestart, type RestartPolicy } from './restart-backoff'
import { ConnectError, ServerConnection } from './server-connection'
import type { McpOAuthDeps, SignInPrompt } from './oauth/oauth-session'
import { assignToolNames, type ToolKey } from './tool-names'
import { toToolOutcome } from './tool-result'
import { errorMessage } from '../../../shared/plain-error'
import { truncate } from '../../../shared/truncate'

/** What Settings' Sign in came to: the page to open, connected without one, or why not. */
export type SignInResult =
  { ok: true; url?: string } | { ok: false; reason: 'not_found' | 'failed'; message?: string }

/** Bounds on how a server's tools are offered to the model. */
export const TOOL_LIMITS = {
  description: 2_000,
  schemaBytes: 32_768,
  serverToolName: 1_000,
  notices: 20,
} as const

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

interface Slot {
  entry: McpServerEntry
  /** JSON of what makes it this server: a changed one is restarted by `setServers`. */
  identity: string
  status: McpServerState
  connection: ServerConnection | undefined
  /** Bumped on every start: events from an older connection are ignored. */
  generation: number
  calls: CallRegistry
  /** The server's tools as last listed (kept while it restarts, dropped when it fails). */
  tools: Tool[]
  notices: string[]
  /** Consecutive restarts in the current streak (0: started by hand or by config). */
  attempt: number
  readyAt: number | null
  /** Aborts a pending restart pause. */
  backoff: AbortController | undefined
  /** URL-mode elicitations opened and not yet complete, by elicitation id. */
  completions: Map<string, AbortController>
  /** For a server that uses OAuth: whether its tokens are held (undefined: it asked for none). */
  signIn: 'signed_in' | 'signed_out' | undefined
}

interface OfferedTool {
  slot: Slot
  tool: McpTool
}

function errorOutcome(error: string): McpToolOutcome {
  return { output: { error }, isError: true }
}

function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(1))} s`
}

function isObject(value: Json): value is { [key: string]: Json } {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
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
      const slot: Slot = {
        entry,
        identity: JSON.stringify(entry),
        status: { state: entry.approved ? 'starting' : 'needs_approval' },
        connection: undefined,
        generation: 0,
        calls: new CallRegistry(),
        tools: [],
        notices: [],
        attempt: 0,
        readyAt: null,
        backoff: undefined,
        completions: new Map(),
        signIn: undefined,
      }
      this.#slots.set(entry.name, slot)
      if (entry.approved) starts.push(this.#start(slot))
    }
    this.#changed()
    await Promise.all(starts)
  }

  /** Every configured server with its status and tools, in configuration order. */
  list(): McpServerInfo[] {
    return [...this.#slots.values()].map((slot) => ({
      name: slot.entry.name,
      origin: slot.entry.origin,
      transport: slot.entry.definition.transport,
      summary: slot.entry.summary,
      status: slot.status,
      tools: this.#offered
        .filter((offered) => offered.slot === slot)
        .map(({ tool }) => ({
          name: tool.name,
          serverToolName: tool.serverToolName,
          ...(tool.title !== undefined ? { title: tool.title } : {}),
          description: tool.description,
          readOnlyHint: tool.readOnlyHint,
        })),
      notices: [...slot.notices],
      ...(slot.signIn ? { signIn: slot.signIn } : {}),
    }))
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
      return errorOutcome(
        `Unknown MCP tool "${name}": no running MCP server offers it any more. Use only the tools you are offered now.`,
      )
    const { slot, tool } = offered
    const server = slot.entry.name
    const connection = slot.connection
    if (slot.status.state !== 'ready' || !connection)
      return errorOutcome(this.#notRunning(slot, name))
    if (!isObject(call.input))
      return errorOutcome(
        `Invalid input for ${name}: it must be a JSON object matching the tool's input schema. Rewrite the input and call it again.`,
      )
    const idle = new AbortController()
    const timer = idleTimer(this.#clock, this.#callIdleMs, () => {
      if (slot.calls.personIsAnswering(call.sessionId, call.turnId)) timer.reset()
      else idle.abort(new Error('idle'))
    })
    const end = slot.calls.begin({
      sessionId: call.sessionId,
      turnId: call.turnId,
      toolCallId: call.toolCallId,
      touch: () => timer.reset(),
    })
    try {
      const result = await connection.callTool(tool.serverToolName, call.input, {
        signal: AbortSignal.any([call.signal, idle.signal]),
        onProgress: () => timer.reset(),
        owner: { sessionId: call.sessionId, turnId: call.turnId, toolCallId: call.toolCallId },
      })
      return toToolOutcome(result)
    } catch (caught) {
      if (call.signal.aborted)
        return errorOutcome(
          `${name} was cancelled: the turn ended before MCP server "${server}" answered.`,
        )
      if (idle.signal.aborted)
        return errorOutcome(
          `${name} was cancelled: MCP server "${server}" sent nothing for ${seconds(this.#callIdleMs)}. It may or may not have taken effect; check before retrying.`,
        )
      if (connection.endReason !== undefined)
        return errorOutcome(
          `MCP server "${server}" stopped while ${name} was running (${connection.endReason.split('\n')[0]}), so the call may or may not have taken effect. ${this.#afterStop(slot)}`,
        )
      if (caught instanceof McpError) {
        if (caught.code === ErrorCode.InvalidParams)
          return errorOutcome(
            `${name} failed: ${caught.message}. Check the input against the tool's schema and call it again.`,
          )
        return errorOutcome(`${name} failed: ${caught.message}`)
      }
      return errorOutcome(`${name} failed: ${errorMessage(caught)}`)
    } finally {
      timer.stop()
      end()
    }
  }

  /** What happens to a server after its connection ended, for the model. */
  #afterStop(slot: Slot): string {
    if (this.#closed) return 'Parley is closing.'
    if (this.#slots.get(slot.entry.name) !== slot)
      return 'It was removed from the configuration; continue without it.'
    if (slot.status.state === 'failed') return 'It is not restarted any more; continue without it.'
    return 'Parley restarts the server; check the effect before calling it again.'
  }

  #notRunning(slot: Slot, name: string): string {
    const server = `MCP server "${slot.entry.name}"`
    const status = slot.status
    switch (status.state) {
      case 'ready':
      case 'starting':
        return `${server} is starting; call ${name} again in a moment.`
      case 'restarting':
        return `${server} stopped (${status.reason.split('\n')[0]}) and is being restarted (attempt ${status.attempt} of ${status.maxAttempts}). Call ${name} again in a moment, or continue without it.`
      case 'failed':
        return `${server} is not running: ${status.reason.split('\n')[0]}. It is not retried automatically; continue without it and tell the user they can restart it in Settings.`
      case 'needs_approval':
        return `${server} has not been approved by the user yet, so it is not running. Continue without it.`
      case 'stopped':
        return `${server} is stopped. Continue without it.`
    }
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
          onElicit: async (params, extra) => {
            const attached = slot.calls.attach()
            if (!attached) {
              this.#notice(
                slot,
                'It asked a question while no tool call was running; Parley answered "cancel" (questions are shown only during a tool call).',
              )
              return { action: 'cancel' }
            }
            try {
              return await elicit({
                asker: this.options.asker,
                server: slot.entry.name,
                rpcId: extra.requestId,
                owner: attached.owner,
                params,
                signal: AbortSignal.any([extra.signal, attached.signal]),
                awaitCompletion: (elicitationId, url) =>
                  this.#awaitCompletion(slot, generation, {
                    elicitationId,
                    url,
                    message: params.message,
                    rpcId: extra.requestId,
                  }),
              })
            } finally {
              attached.settled()
            }
          },
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

  /**
   * After the person opened an URL-mode elicitation's page: "waiting for MCP server X…" in the
   * tray (the call's idle limit paused) until the server's `notifications/elicitation/complete`
   * withdraws it, the calls it belongs to end, or the person cancels.
   */
  #awaitCompletion(
    slot: Slot,
    generation: number,
    wait: { elicitationId: string; url: string; message: string; rpcId: string | number },
  ): void {
    if (slot.generation !== generation || slot.completions.has(wait.elicitationId)) return
    const attached = slot.calls.attach()
    if (!attached) return
    const complete = new AbortController()
    slot.completions.set(wait.elicitationId, complete)
    void this.options.asker
      .ask({
        sessionId: attached.owner.sessionId,
        turnId: attached.owner.turnId,
        source: mcpSource({ owner: attached.owner, server: slot.entry.name, rpcId: wait.rpcId }),
        body: { kind: 'link', purpose: 'waiting', message: wait.message, url: wait.url },
        signal: AbortSignal.any([complete.signal, attached.signal]),
      })
      .finally(() => {
        slot.completions.delete(wait.elicitationId)
        attached.settled()
      })
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
    const candidates: Array<{ slot: Slot; tool: Tool; key: ToolKey }> = []
    for (const slot of this.#slots.values()) {
      if (slot.status.state !== 'ready' && slot.status.state !== 'restarting') continue
      const seen = new Set<string>()
      const skipped: string[] = []
      for (const tool of slot.tools) {
        if (seen.has(tool.name)) continue
        seen.add(tool.name)
        if (
          tool.name.length > TOOL_LIMITS.serverToolName ||
          JSON.stringify(tool.inputSchema).length > TOOL_LIMITS.schemaBytes
        ) {
          skipped.push(tool.name.slice(0, 100))
          continue
        }
        candidates.push({ slot, tool, key: { server: slot.entry.name, tool: tool.name } })
      }
      const notice =
        skipped.length > 0
          ? `Tools left out (name or input schema too large): ${skipped.join(', ')}`.slice(0, 1_000)
          : undefined
      slot.notices = slot.notices.filter((text) => !text.startsWith('Tools left out'))
      if (notice) slot.notices = [...slot.notices, notice].slice(-TOOL_LIMITS.notices)
    }
    const names = assignToolNames(candidates.map((candidate) => candidate.key))
    this.#offered = candidates.map(({ slot, tool, key }) => {
      const description = (tool.description ?? tool.title ?? '').trim()
      return {
        slot,
        tool: {
          name: names.get(key) as string,
          server: slot.entry.name,
          serverToolName: tool.name,
          ...(tool.title !== undefined ? { title: tool.title.slice(0, 1_000) } : {}),
          description:
            description === ''
              ? `Tool "${tool.name}" of MCP server "${slot.entry.name}".`
              : description.length > TOOL_LIMITS.description
                ? `${description.slice(0, TOOL_LIMITS.description - 1)}…`
                : description,
          inputSchema: JSON.parse(JSON.stringify(tool.inputSchema)) as JsonSchemaObject,
          readOnlyHint: tool.annotations?.readOnlyHint === true,
          destructiveHint: tool.annotations?.destructiveHint === true,
        },
      }
    })
    this.#byName = new Map(this.#offered.map((offered) => [offered.tool.name, offered]))
    for (const listener of this.#listeners) listener()
  }
}
