import { homedir } from 'node:os'
import { resolve } from 'node:path'
import type { AgentSpec } from '../../shared/acp-agents'
import type { SessionEvent } from '../../shared/session-events'
import { secretKeyring } from './acp/agent-keyring'
import { AgentSessions } from './acp/agent-sessions'
import { SessionCheckpoints } from './checkpoints/session-checkpoints'
import { EventHub } from './event-hub'
import type { Inbox } from './inbox'
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
import { PermissionEngine } from './permissions/permission-engine'
import { PermissionRuleStore } from './permissions/permission-rule-store'
import { RecentProjects } from './projects/recent-projects'
import { WorkspaceFileIndexes } from './projects/workspace-file-indexes'
import { DeviceStore } from './remote/device-store'
import { Rewind } from './rewind'
import type { RuntimeOptions } from './runtime-types'
import { isSandboxed, sandboxFolders, type CommandSandbox } from './sandbox/command-sandbox'
import { SessionStore } from './session-store'
import { newId, type SessionState } from './sessions/session-state'
import { SettingsService } from './settings-service'
import { FileSecretStore } from './settings/file-secret-store'
import { SettingsStore } from './settings/settings-store'
import { commandEnvironment } from './tools/command-environment'
import { acpDriver, driverChooser, parleyDriver, type TurnDriver } from './turn-drivers'
import { TurnEngine } from './turns/turn-engine'

/*
 * The runtime's parts in three phases, for compose.ts: the base (stores, the event hub, the
 * session store), the askers (broker, permission gate, external asker, MCP) and the turns (ACP
 * sessions, the turn engine, the drivers, checkpoints). Wiring only.
 */

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

/** The stores, the event hub and the session store: what every other part writes through. */
export function composeBase(options: RuntimeOptions) {
  const now = options.now ?? Date.now
  const env = options.env ?? process.env
  const problems: string[] = []
  const life = { closed: false }
  const closed = () => life.closed
  const cli: { defaultAgent: AgentSpec | undefined } = { defaultAgent: undefined }
  const settings = new SettingsStore(options.dataDir)
  const projects = new RecentProjects(options.dataDir)
  const secrets = options.secretStore ?? new FileSecretStore(options.dataDir)
  // Found in `init`; until then (and where there is none) commands run unsandboxed.
  const sandbox: { current: CommandSandbox } = {
    current: {
      availability: { kind: 'none', reason: 'the sandbox was not looked for yet' },
      ...sandboxFolders(homedir(), resolve(options.dataDir)),
    },
  }
  const drafts = new DraftStore(options.dataDir)
  const rules = new PermissionRuleStore(options.dataDir, now)
  const devices = new DeviceStore(options.dataDir)
  const fileIndexes = new WorkspaceFileIndexes()
  const settingsService = new SettingsService({
    settings,
    secrets,
    scenarioPath: options.scenarioPath,
    env,
    fetch: options.fetch,
    commandLineAgent: () => cli.defaultAgent,
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
  /** The environment commands get: Parley's own, less every credential. */
  const commandEnv = async (): Promise<NodeJS.ProcessEnv> =>
    commandEnvironment({
      base: process.env,
      allowed: settings.current.sandboxAllowedEnv,
      storedSecrets: [await secrets.get('openaiApiKey'), await secrets.get('anthropicApiKey')],
    })
  return {
    options,
    now,
    commandEnv,
    env,
    problems,
    life,
    closed,
    cli,
    settings,
    projects,
    secrets,
    sandbox,
    drafts,
    rules,
    devices,
    fileIndexes,
    settingsService,
    late,
    hub,
    emit,
    store,
    record,
    touch,
    checkpoints,
  }
}

export type Base = ReturnType<typeof composeBase>

/** The broker every asker goes through, the permission gate, the external asker and MCP. */
export function composeAskers(b: Base) {
  const { options, now, settings, drafts, rules, record, emit, touch, store, secrets, env, late } =
    b
  const parked = new ParkedRequests()
  const permissions = new PermissionEngine()
  const beforeTurn = (session: SessionState, turnId: string) =>
    late.rewind ? late.rewind.take(session, turnId, 'turn_start') : Promise.resolve()
  // MCP servers and agents start in a private PID namespace through the sandbox `init` found.
  const pidIsolation = async () => b.sandbox.current.availability
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
      sandboxed: isSandboxed(b.sandbox.current),
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
    workspaceSandbox: () => ({
      sandbox: b.sandbox.current,
      allowedEnv: b.settings.current.sandboxAllowedEnv,
    }),
    oauth: {
      store: new McpOAuthStore(secrets),
      prompt:
        options.mcpSignIn ??
        (options.interactive ? signInThroughTray(asker) : signInFromCommandLine),
    },
  })
  return { parked, permissions, beforeTurn, pidIsolation, broker, gate, asker, mcp }
}

export type Askers = ReturnType<typeof composeAskers>

/** Who runs turns: the ACP sessions, Parley's turn engine, a driver per session, checkpoints. */
export function composeTurns(b: Base, a: Askers) {
  const { options, now, settings, drafts, record, emit, touch, store, secrets, settingsService } = b
  const { parked, permissions, beforeTurn, pidIsolation, broker, gate, asker, mcp } = a
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
    commandEnv: b.commandEnv,
    commandSandbox: () => b.sandbox.current,
    externalTools: (session) => mcp.tools(session.header.workspace),
    beforeTurn,
    now,
  })
  const recovery = { engine, record, now }
  const driverFor = driverChooser(
    parleyDriver(recovery),
    acpDriver({ ...recovery, agents, attachments: (session) => store.attachments(session) }),
  )
  const rewind = new Rewind({
    checkpoints: b.checkpoints,
    store,
    broker,
    driverFor,
    closed: b.closed,
  })
  return { agents, engine, driverFor, rewind }
}
