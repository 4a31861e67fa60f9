import { mkdirSync } from 'node:fs'
import { homedir } from 'node:os'
import { join, resolve } from 'node:path'
import type { AgentSpec } from '../../shared/acp-agents'
import type { LogNotice } from '../../shared/bridge'
import type { BridgeHandlers } from '../../shared/bridge-dispatch'
import type { DeviceRef } from '../../shared/devices'
import type { SessionEvent } from '../../shared/session-events'
import { agentFromCommandLine } from './acp/agent-command'
import { secretKeyring } from './acp/agent-keyring'
import { AgentSessions } from './acp/agent-sessions'
import { Answers } from './answers'
import { bridgeHandlers, deviceHandlers } from './bridge-handlers'
import { Chat } from './chat'
import { SessionCheckpoints } from './checkpoints/session-checkpoints'
import { EventHub } from './event-hub'
import { Inbox } from './inbox'
import { InteractionBroker } from './interactions/broker'
import { DraftStore } from './interactions/draft-store'
import { ExternalAsker } from './interactions/external-asker'
import { InteractionFifo } from './interactions/interaction-fifo'
import { ParkedRequests } from './interactions/parked-requests'
import { PermissionGate } from './interactions/permission-gate'
import { McpHub } from './mcp/mcp-hub'
import { McpOAuthStore } from './mcp/oauth/oauth-store'
import { signInFromCommandLine } from './mcp/oauth/sign-in-prompts'
import { signInThroughTray } from './mcp/oauth/tray-sign-in'
import { NewSessions } from './new-sessions'
import { PermissionEngine } from './permissions/permission-engine'
import { PermissionRuleStore } from './permissions/permission-rule-store'
import { RecentProjects } from './projects/recent-projects'
import { WorkspaceFileIndexes } from './projects/workspace-file-indexes'
import { DeviceStore } from './remote/device-store'
import { Rewind } from './rewind'
import type { Runtime, RuntimeOptions } from './runtime-types'
import {
  isSandboxed,
  probeSandbox,
  sandboxFolders,
  SYSTEM_PROBE,
  unsandboxedNotice,
  type CommandSandbox,
} from './sandbox/command-sandbox'
import { SessionStore } from './session-store'
import { newId, type SessionState } from './sessions/session-state'
import { SettingsService } from './settings-service'
import { FileSecretStore } from './settings/file-secret-store'
import { SettingsStore } from './settings/settings-store'
import { commandEnvironment } from './tools/command-environment'
import { loadBashGrammar } from './tools/shell/bash-grammar'
import { acpDriver, driverChooser, parleyDriver, type TurnDriver } from './turn-drivers'
import { TurnEngine } from './turns/turn-engine'

/** `--acp` names no usable agent command; the CLI prints the message and exits 2. */
export class AgentCommandError extends Error {}

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

/** The runtime every host uses: the bridge calls, events, and what the hosts need besides. */
export type ComposedRuntime = Runtime & {
  /** Start-up problems (unreadable session files, invalid settings), for the host to show. */
  problems: string[]
  /** Devices paired to answer from afar; the web host's remote listener checks tokens with it. */
  devices: DeviceStore
  forDevice(device: DeviceRef): BridgeHandlers
  /** Loads settings, the backend and every session; re-presents requests left open by a quit or crash. */
  init(): Promise<void>
}

/**
 * Builds the runtime from its parts: stores, the interaction machinery, the turn drivers and the
 * services the bridge calls reach. Wiring only: what each part does lives in its own module.
 */
export function composeRuntime(options: RuntimeOptions): ComposedRuntime {
  const now = options.now ?? Date.now
  const env = options.env ?? process.env
  const problems: string[] = []
  const life = { closed: false }
  const closed = () => life.closed
  let defaultAgent: AgentSpec | undefined
  const settings = new SettingsStore(options.dataDir)
  const projects = new RecentProjects(options.dataDir)
  const secrets = options.secretStore ?? new FileSecretStore(options.dataDir)
  let sandbox: CommandSandbox = {
    availability: { kind: 'none', reason: 'the sandbox was not looked for yet' },
    ...sandboxFolders(homedir(), resolve(options.dataDir)),
  }
  const drafts = new DraftStore(options.dataDir)
  const rules = new PermissionRuleStore(options.dataDir, now)
  const devices = new DeviceStore(options.dataDir)
  const parked = new ParkedRequests()
  const permissions = new PermissionEngine()
  const fileIndexes = new WorkspaceFileIndexes()
  const settingsService = new SettingsService({
    settings,
    secrets,
    scenarioPath: options.scenarioPath,
    env,
    fetch: options.fetch,
    commandLineAgent: () => defaultAgent,
  })
  // Parts built after the ones that call them back (the store reads the broker's counts, the
  // broker writes through the store): reached through `late` once built.
  const late: {
    inbox?: Inbox
    rewind?: Rewind
    asker?: ExternalAsker
    broker?: InteractionBroker
    driverFor?: (session: SessionState) => TurnDriver
  } = {}
  // Every part reaches the UIs through the hub; the inbox hears every event emitted.
  const hub = new EventHub((event) => late.inbox?.heard(event))
  const emit = hub.emit.bind(hub)
  const store: SessionStore = new SessionStore({
    dataDir: options.dataDir,
    now,
    emit,
    recorded: (session, event) => {
      const { rewind } = late
      if (event.type === 'turn_end' && rewind?.enabled && !life.closed)
        hub.holdUntil(session.header.id, rewind.take(session, event.turnId, 'turn_end'))
    },
    restoreOrphans: (session) => late.asker?.restoreOrphans(session),
    pendingCount: (sessionId) => late.broker?.count(sessionId) ?? 0,
    driverSummary: (session) => late.driverFor?.(session).summary(session) ?? {},
  })
  const record = (session: SessionState, event: SessionEvent, sync?: boolean) =>
    store.record(session, event, sync)
  const touch = (session: SessionState) => store.touch(session)
  // Headless `run` takes none: nobody is there to rewind, and scripts read its records.
  const checkpoints =
    options.checkpoints === false || !options.interactive
      ? undefined
      : new SessionCheckpoints({
          dataDir: options.dataDir,
          // A session removed meanwhile is not written again.
          record: (session, event, sync) => {
            if (store.isCurrent(session)) record(session, event, sync)
          },
          now,
          newId,
          ...(options.checkpoints?.git ? { git: options.checkpoints.git } : {}),
        })
  const beforeTurn = (session: SessionState, turnId: string) =>
    late.rewind ? late.rewind.take(session, turnId, 'turn_start') : Promise.resolve()
  // MCP servers and agents start in a private PID namespace through the sandbox `init` found.
  const pidIsolation = async () => sandbox.availability
  const permissionTimeoutMs = () =>
    options.permissionTimeoutMs ?? settings.current.permissionTimeoutSeconds * 1000
  const broker = new InteractionBroker({
    parked,
    fifo: new InteractionFifo(),
    drafts,
    record,
    emit,
    touch,
    now,
  })
  const gate = new PermissionGate({
    broker,
    permissions,
    rules,
    record,
    now,
    interactive: options.interactive,
    permissionTimeoutMs,
    reviewContext: (workspace) => ({
      workspace,
      sandboxed: isSandboxed(sandbox),
      dataDir: resolve(options.dataDir),
    }),
  })
  const asker = new ExternalAsker({
    broker,
    gate,
    drafts,
    session: (sessionId) => store.session(sessionId),
    record,
    now,
    interactive: options.interactive,
    permissionTimeoutMs,
  })
  const mcp = new McpHub({
    dataDir: options.dataDir,
    commandLineFiles: options.mcpConfigFiles ?? [],
    asker,
    env,
    pidIsolation,
    workspaceSandbox: () => ({ sandbox, allowedEnv: settings.current.sandboxAllowedEnv }),
    oauth: {
      store: new McpOAuthStore(secrets),
      prompt:
        options.mcpSignIn ??
        (options.interactive ? signInThroughTray(asker) : signInFromCommandLine),
    },
  })
  const agents = new AgentSessions({
    asker,
    parked,
    interactive: options.interactive,
    record,
    emit,
    touch,
    retitle: (session, title) => store.retitle(session, title, 'agent'),
    agents: () => settings.current.agents,
    mcpServers: (workspace) => mcp.acpServers(workspace),
    keyring: (agent) => secretKeyring(secrets, agent),
    pidIsolation,
    beforeTurn,
    now,
  })
  const engine = new TurnEngine({
    parked,
    broker,
    gate,
    drafts,
    permissions,
    backend: () => settingsService.backend,
    record,
    emit,
    touch,
    interactive: options.interactive,
    streamIdleMs: () => options.streamIdleMs ?? settings.current.streamIdleSeconds * 1000,
    sleep: options.sleep ?? sleep,
    commandEnv: async () =>
      commandEnvironment({
        base: process.env,
        allowed: settings.current.sandboxAllowedEnv,
        storedSecrets: [await secrets.get('openaiApiKey'), await secrets.get('anthropicApiKey')],
      }),
    commandSandbox: () => sandbox,
    externalTools: (session) => mcp.tools(session.header.workspace),
    beforeTurn,
    now,
  })
  const recovery = { engine, record, now }
  const driverFor = driverChooser(
    parleyDriver(recovery),
    acpDriver({ ...recovery, agents, attachments: (session) => store.attachments(session) }),
  )
  const rewind = new Rewind({ checkpoints, store, broker, driverFor, closed })
  const inbox = new Inbox({
    broker,
    settings,
    title: (sessionId) => store.title(sessionId),
    emit,
    fetch: options.fetch ?? globalThis.fetch,
  })
  Object.assign(late, { inbox, rewind, asker, broker, driverFor })
  const chat = new Chat({ store, broker, driverFor, closed })
  const answers = new Answers({
    broker,
    asker,
    store,
    driverFor,
    startTurn: (session, text) => chat.startTurn(session, text),
    closed,
  })
  const handlers = bridgeHandlers({
    store,
    broker,
    newSessions: new NewSessions({
      store,
      settings,
      projects,
      backend: () => settingsService.backend,
      dataDir: options.dataDir,
      workspace: options.workspace,
      currentFolder: options.currentFolder,
      defaultAgent: () => defaultAgent,
      problems,
    }),
    chat,
    answers,
    inbox,
    rewind,
    settings: settingsService,
    agents,
    gate,
    rules,
    mcp,
    projects,
    fileIndexes,
    devices,
    driverFor,
    // Each session, when opened, says once that commands run unsandboxed (where they do).
    notices: (session): LogNotice[] => {
      const message = unsandboxedNotice(sandbox)
      return message === null ? [...session.notices] : [{ offset: 0, message }, ...session.notices]
    },
  })

  async function init(): Promise<void> {
    if (options.acp !== undefined) {
      const agent = agentFromCommandLine(options.acp)
      if (!agent.ok) throw new AgentCommandError(`--acp: ${agent.message}`)
      defaultAgent = agent.agent
    }
    mkdirSync(join(options.dataDir, 'sessions'), { recursive: true })
    await settings.load()
    if (settings.problem) problems.push(settings.problem)
    if (projects.problem) problems.push(projects.problem)
    await settingsService.resolveBackend()
    problems.push(...store.load())
    // Commands are reviewed with a shell grammar that loads asynchronously; it starts loading now
    // and is awaited before any turn can need it: here when a turn is recovered, else by the turn
    // engine before a turn's first step (so a client's first screen does not wait for it).
    // Without it, commands are reviewed as unparseable: high risk, never remembered.
    const grammar = loadBashGrammar().catch(() => undefined)
    // The sandbox is found once, meanwhile: bwrap on Linux (tried for real), sandbox-exec on
    // macOS, else none, which is said once. A recovered turn may run an approved command, so it
    // is known before recovery.
    const availability = await probeSandbox(options.sandboxProbe ?? SYSTEM_PROBE)
    sandbox = { ...sandbox, availability }
    const unsandboxed = unsandboxedNotice(sandbox)
    if (unsandboxed) problems.push(unsandboxed)
    // Only logs with something open are read now: a turn a quit or crash left open (recovery
    // reads the log itself, whatever the index said), or requests of agents and servers that
    // are gone. Every other session is read when it is first used.
    const open = [...store.index.entries()].filter(
      (e) => !e.damaged && (e.openTurnId !== null || e.openRequests > 0),
    )
    if (open.length > 0) await grammar
    for (const entry of open) {
      const session = store.session(entry.id)
      if (session) driverFor(session).recover(session)
    }
  }

  /** Ends every turn as a quit, not a stop: parked requests stay open in the log for the next start. */
  async function close(): Promise<void> {
    if (life.closed) return
    life.closed = true
    await Promise.all(store.loaded().map((s) => driverFor(s).end(s, 'shutdown')))
    await rewind.settled()
    // After every turn was ended: a server's open questions stay open in the logs for next time.
    await mcp.close()
    fileIndexes.close()
    // A draft saved just before the quit is what the person sees at the next start.
    await drafts.flush()
    store.close()
    hub.clear()
  }

  return {
    ...handlers,
    onEvent: (listener) => hub.onEvent(listener),
    close,
    init,
    problems,
    devices,
    forDevice: (device) => deviceHandlers(handlers, answers, device),
  }
}
