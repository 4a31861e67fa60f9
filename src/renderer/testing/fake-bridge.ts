import type {
  AgentSpec,
  BridgeEvent,
  BridgeInput,
  BridgeMethod,
  BridgeOutput,
  LogNotice,
  PairedDevice,
  PermissionRule,
  ParleyBridge,
  PendingInteraction,
  Project,
  PublicSettings,
  SessionEvent,
  SessionSummary,
  SettleOutcome,
} from '../../shared'
import { pageOfEvents } from '../../shared/event-pages'
import { inboxItems } from '../../shared/inbox'
import { bestPaths } from '../../shared/fuzzy-path'
import type { ImageMediaType } from '../../shared/attachments'

/** Settings a fake runtime reports. */
export const FAKE_SETTINGS: PublicSettings = {
  provider: 'demo',
  model: 'fake-small',
  openaiBaseUrl: '',
  anthropicBaseUrl: '',
  streamIdleSeconds: 120,
  notifyUrlTitles: false,
  notifyShowsWhatIsAsked: true,
  permissionTimeoutSeconds: 300,
  defaultMode: 'ask',
  defaultWorkspace: '/work/demo',
  agents: [],
  openaiApiKeySet: false,
  anthropicApiKeySet: true,
  backendLabel: 'Demo scenario (fake backend)',
  models: ['fake-small', 'fake-large'],
  sandboxAllowedEnv: [],
}

export function fakeSession(id: string, patch: Partial<SessionSummary> = {}): SessionSummary {
  return {
    id,
    title: `Session ${id}`,
    workspace: `/work/${id}`,
    mode: 'ask',
    backend: 'fake:demo',
    createdAt: 1_000,
    updatedAt: 1_000,
    running: false,
    pendingCount: 0,
    ...patch,
  }
}

/** A workspace's MCP servers as the fake runtime lists them. */
export type FakeMcpView = BridgeOutput<'listMcpServers'>

/** A Settings agent for tests. */
export function fakeAgent(id: string, name: string, patch: Partial<AgentSpec> = {}): AgentSpec {
  return { id, name, command: `${id}-acp`, args: [], env: {}, ...patch }
}

type Call = { [M in BridgeMethod]: { method: M; input: BridgeInput<M> } }[BridgeMethod]

/**
 * An in-memory ParleyBridge for component tests: it keeps sessions, logs and FIFOs, answers
 * calls the way the runtime does, records every call, and lets a test push events.
 */
export function createFakeBridge(
  init: {
    sessions?: SessionSummary[]
    events?: Record<string, SessionEvent[]>
    pending?: Record<string, PendingInteraction[]>
    notices?: Record<string, LogNotice[]>
    settings?: Partial<PublicSettings>
    /** MCP servers by workspace; approving clears the approval and starts them. */
    mcp?: Record<string, FakeMcpView>
    /** Devices paired with `parley serve --remote`. */
    devices?: PairedDevice[]
    /** Lasting permission rules, as `listPermissionRules` lists them. */
    rules?: PermissionRule[]
    /** Agent config options the agent refuses to change: config id → the agent's message. */
    refuseConfig?: Record<string, string>
    /** Recent projects, newest first. */
    projects?: Project[]
    /** Existing folders `completeFolder` completes from (absolute paths). */
    folders?: string[]
    /** What the host's own folder picker answers; absent: the host has none (`unsupported`). */
    pickedFolder?: string | null
    /** As a runtime with no `--workspace`, no default in Settings and no demo: ask for a folder. */
    noDefaultWorkspace?: boolean
    /** The files and folders `@` completion offers (relative, folders ending in `/`). */
    workspaceFiles?: string[]
    /** Stored images `readAttachment` answers with, by hash. */
    images?: Record<string, { mediaType: ImageMediaType; data: string }>
  } = {},
) {
  const sessions = new Map((init.sessions ?? []).map((s) => [s.id, s]))
  const logs = new Map(Object.entries(init.events ?? {}))
  const pending = new Map(Object.entries(init.pending ?? {}))
  const notices = new Map(Object.entries(init.notices ?? {}))
  const listeners = new Set<(event: BridgeEvent) => void>()
  const calls: Call[] = []
  let settings: PublicSettings = { ...FAKE_SETTINGS, ...init.settings }
  const mcp = new Map(Object.entries(init.mcp ?? {}))
  let counter = 0
  let devices = init.devices ?? []
  let rules = init.rules ?? []

  const emit = (event: BridgeEvent) => listeners.forEach((l) => l(event))
  const changed = (id: string) =>
    emit({ type: 'session_changed', sessionId: id, session: sessions.get(id) ?? null })
  const queueOf = (id: string) => pending.get(id) ?? []
  const inbox = () =>
    inboxItems(
      [...pending].map(([sessionId, queue]) => ({
        sessionId,
        title: sessions.get(sessionId)?.title ?? sessionId,
        pending: queue,
      })),
    )
  /** As the runtime: the whole inbox after a change of what waits. */
  const inboxChanged = (sessionId: string) =>
    emit({ type: 'inbox_changed', sessionId, items: inbox() })
  const findRequest = (requestId: string) => {
    for (const [sessionId, queue] of pending) {
      const item = queue.find((q) => q.requestId === requestId)
      if (item) return { sessionId, item }
    }
    return undefined
  }
  const settle = (requestId: string, outcome: SettleOutcome) => {
    const found = findRequest(requestId)
    if (!found) return false
    pending.set(
      found.sessionId,
      queueOf(found.sessionId).filter((q) => q.requestId !== requestId),
    )
    emit({ type: 'interaction_settled', sessionId: found.sessionId, requestId, outcome })
    inboxChanged(found.sessionId)
    return true
  }

  const handlers: { [M in BridgeMethod]: (input: BridgeInput<M>) => BridgeOutput<M> } = {
    listSessions: () =>
      [...sessions.values()].map((s) => ({ ...s, pendingCount: queueOf(s.id).length })),
    createSession: (input) => {
      // As the runtime: a named agent from Settings or --acp's; absent = --acp's, else Parley's.
      const launch = settings.commandLineAgent
      const wanted = input.agent ?? launch?.id ?? 'parley'
      const agent =
        wanted === 'parley'
          ? undefined
          : (settings.agents.find((a) => a.id === wanted) ??
            (launch?.id === wanted ? launch : undefined))
      if (wanted !== 'parley' && !agent) return { ok: false, reason: 'unknown_agent' }
      if (input.workspace === undefined && init.noDefaultWorkspace)
        return { ok: false, reason: 'no_workspace' }
      const session = fakeSession(`s${++counter}`, {
        title: input.title ?? 'New session',
        ...(input.workspace !== undefined ? { workspace: input.workspace } : {}),
        updatedAt: 10_000 + counter,
        ...(agent ? { agent: { id: agent.id, name: agent.name }, backend: `acp:${agent.id}` } : {}),
      })
      sessions.set(session.id, session)
      changed(session.id)
      return { ok: true, session }
    },
    openSession: ({ sessionId, limit }) => {
      const session = sessions.get(sessionId)
      if (!session) return { ok: false, reason: 'not_found' }
      const log = logs.get(sessionId) ?? []
      return {
        ok: true,
        session,
        ...pageOfEvents(log, { limit }),
        total: log.length,
        pending: queueOf(sessionId),
        notices: notices.get(sessionId) ?? [],
      }
    },
    loadOlderEvents: ({ sessionId, before, limit }) => {
      if (!sessions.has(sessionId)) return { ok: false, reason: 'not_found' }
      return { ok: true, ...pageOfEvents(logs.get(sessionId) ?? [], { before, limit }) }
    },
    renameSession: ({ sessionId, title }) => {
      const session = sessions.get(sessionId)
      if (!session) return { ok: false, reason: 'not_found' }
      sessions.set(sessionId, { ...session, title })
      changed(sessionId)
      return { ok: true }
    },
    setSessionMode: ({ sessionId, mode }) => {
      const session = sessions.get(sessionId)
      if (!session) return { ok: false, reason: 'not_found' }
      sessions.set(sessionId, { ...session, mode })
      changed(sessionId)
      return { ok: true }
    },
    removeSession: ({ sessionId }) => {
      if (!sessions.delete(sessionId)) return { ok: false, reason: 'not_found' }
      changed(sessionId)
      return { ok: true }
    },
    send: ({ sessionId }) => {
      const session = sessions.get(sessionId)
      if (!session) return { ok: false, reason: 'not_found' }
      if (session.running) return { ok: false, reason: 'busy' }
      return { ok: true, turnId: `t${++counter}` }
    },
    setAgentMode: ({ sessionId, modeId }) => {
      const session = sessions.get(sessionId)
      if (!session) return { ok: false, reason: 'not_found' }
      if (!session.agent) return { ok: false, reason: 'not_an_agent_session' }
      const modes = session.agentModes
      if (!modes?.available.some((m) => m.id === modeId))
        return { ok: false, reason: 'failed', message: `no mode "${modeId}"` }
      sessions.set(sessionId, { ...session, agentModes: { ...modes, currentModeId: modeId } })
      changed(sessionId)
      return { ok: true }
    },
    setAgentConfigOption: ({ sessionId, configId, value }) => {
      const session = sessions.get(sessionId)
      if (!session) return { ok: false, reason: 'not_found' }
      if (!session.agent) return { ok: false, reason: 'not_an_agent_session' }
      const refused = init.refuseConfig?.[configId]
      if (refused !== undefined) return { ok: false, reason: 'failed', message: refused }
      const option = session.agentConfig?.find((o) => o.id === configId)
      if (!option?.values.some((v) => v.value === value))
        return { ok: false, reason: 'failed', message: `The agent offers no "${value}"` }
      const agentConfig = (session.agentConfig ?? []).map((o) =>
        o.id === configId ? { ...o, currentValue: value } : o,
      )
      sessions.set(sessionId, { ...session, agentConfig })
      changed(sessionId)
      return { ok: true }
    },
    // The browser fake has no commands to run.
    runUserCommand: () => ({ ok: false, reason: 'not_found' }),
    retryTurn: ({ sessionId }) =>
      sessions.has(sessionId)
        ? { ok: false, reason: 'nothing_to_retry' }
        : { ok: false, reason: 'not_found' },
    stop: ({ sessionId }) => {
      for (const item of queueOf(sessionId)) settle(item.requestId, 'stopped')
      return { ok: true }
    },
    respondToPermission: ({ requestId, decision }) =>
      settle(requestId, decision === 'allow' ? 'allowed' : 'denied')
        ? { ok: true }
        : { ok: false, reason: 'unknown_request' },
    respondToQuestion: ({ requestId }) =>
      settle(requestId, 'answered') ? { ok: true } : { ok: false, reason: 'unknown_request' },
    respondToAgentPermission: ({ requestId }) =>
      settle(requestId, 'allowed') ? { ok: true } : { ok: false, reason: 'unknown_request' },
    respondToForm: ({ requestId, response }) =>
      settle(
        requestId,
        response.action === 'accept'
          ? 'answered'
          : response.action === 'decline'
            ? 'declined'
            : 'cancelled',
      )
        ? { ok: true }
        : { ok: false, reason: 'unknown_request' },
    sendFormAsMessage: ({ requestId }) =>
      settle(requestId, 'answered')
        ? { ok: true, turnId: `t${++counter}` }
        : { ok: false, reason: 'unknown_request' },
    saveFormDraft: ({ requestId, draft }) => {
      const found = findRequest(requestId)
      if (!found) return { ok: false, reason: 'unknown_request' }
      if (found.item.kind !== 'form') return { ok: false, reason: 'wrong_kind' }
      const item = { ...found.item, draft }
      pending.set(
        found.sessionId,
        queueOf(found.sessionId).map((q) => (q.requestId === requestId ? item : q)),
      )
      return { ok: true }
    },
    dismissInteraction: ({ requestId }) =>
      settle(requestId, 'dismissed') ? { ok: true } : { ok: false, reason: 'unknown_request' },
    saveQuestionDraft: ({ requestId, draft }) => {
      const found = findRequest(requestId)
      if (!found) return { ok: false, reason: 'unknown_request' }
      if (found.item.kind !== 'question') return { ok: false, reason: 'wrong_kind' }
      const item = { ...found.item, draft }
      pending.set(
        found.sessionId,
        queueOf(found.sessionId).map((q) => (q.requestId === requestId ? item : q)),
      )
      return { ok: true }
    },
    listPending: ({ sessionId }) => queueOf(sessionId),
    listInbox: () => inbox(),
    listDevices: () => devices,
    listPermissionRules: ({ workspace }) => ({
      ok: true,
      rules: rules.filter((r) => !workspace || !r.workspace || r.workspace === workspace),
    }),
    removePermissionRule: ({ ruleId }) => {
      if (!rules.some((r) => r.id === ruleId)) return { ok: false, reason: 'not_found' }
      rules = rules.filter((r) => r.id !== ruleId)
      return { ok: true }
    },
    revokeDevice: ({ deviceId }) => {
      if (!devices.some((d) => d.id === deviceId)) return { ok: false, reason: 'not_found' }
      devices = devices.filter((d) => d.id !== deviceId)
      return { ok: true }
    },
    getSettings: () => settings,
    updateSettings: (patch) => {
      const { openaiApiKey, anthropicApiKey, ...rest } = patch
      settings = {
        ...settings,
        ...Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)),
        ...(openaiApiKey !== undefined ? { openaiApiKeySet: openaiApiKey !== '' } : {}),
        ...(anthropicApiKey !== undefined ? { anthropicApiKeySet: anthropicApiKey !== '' } : {}),
      }
      return { ok: true, settings }
    },
    listMcpServers: ({ workspace }) =>
      mcp.get(workspace) ?? { servers: [], problems: [], pendingApproval: null },
    approveMcpServers: ({ workspace, hash }) => {
      const view = mcp.get(workspace)
      if (!view?.pendingApproval || view.pendingApproval.hash !== hash)
        return { ok: false, reason: 'changed' }
      mcp.set(workspace, {
        ...view,
        pendingApproval: null,
        servers: view.servers.map((server) =>
          server.status.state === 'needs_approval'
            ? { ...server, status: { state: 'ready' } }
            : server,
        ),
      })
      return { ok: true }
    },
    restartMcpServer: ({ workspace, name }) =>
      mcp.get(workspace)?.servers.some((server) => server.name === name)
        ? { ok: true }
        : { ok: false, reason: 'not_found' },
    signInMcpServer: ({ workspace, name }) =>
      mcp.get(workspace)?.servers.some((server) => server.name === name)
        ? { ok: true, url: `https://auth.example.com/authorize?server=${name}` }
        : { ok: false, reason: 'not_found' },
    signOutMcpServer: ({ workspace, name }) =>
      mcp.get(workspace)?.servers.some((server) => server.name === name)
        ? { ok: true }
        : { ok: false, reason: 'not_found' },
    addMcpServer: ({ name, command, args }) => {
      const views = [...mcp.entries()]
      if (views.some(([, view]) => view.servers.some((server) => server.name === name)))
        return {
          ok: false,
          reason: 'exists',
          message: `A server named “${name}” is already there.`,
        }
      for (const [workspace, view] of views) {
        const server = {
          name,
          origin: 'user' as const,
          transport: 'stdio' as const,
          summary: [command, ...args].join(' '),
          status: { state: 'starting' as const },
          tools: [],
          notices: [],
        }
        mcp.set(workspace, { ...view, servers: [...view.servers, server] })
      }
      return { ok: true }
    },
    listModels: () => ({ ok: true, models: settings.models, from: 'builtin' }),
    testConnection: () => ({ ok: true, message: 'Connected (fake bridge).' }),
    listCheckpoints: () => ({ ok: true, checkpoints: [] }),
    previewCheckpoint: () => ({ ok: false, reason: 'not_found' }),
    restoreCheckpoint: () => ({ ok: false, reason: 'not_found' }),
    listProjects: () => ({ ok: true, projects: init.projects ?? [] }),
    completeFolder: ({ partial }) => ({
      ok: true,
      folders: (init.folders ?? []).filter((f) => partial !== '' && f.startsWith(partial)),
    }),
    pickFolder: () =>
      init.pickedFolder === undefined
        ? { ok: false, reason: 'unsupported' }
        : init.pickedFolder === null
          ? { ok: false, reason: 'canceled' }
          : { ok: true, path: init.pickedFolder },
    searchWorkspaceFiles: (input) =>
      sessions.has(input.sessionId)
        ? { ok: true, paths: bestPaths(init.workspaceFiles ?? [], input.query, input.limit ?? 20) }
        : { ok: false, reason: 'not_found' },
    searchSessions: ({ query }) => ({
      ok: true,
      matches: [...logs].flatMap(([sessionId, events]) => {
        const hit = events.find(
          (e) =>
            (e.type === 'user_message' || e.type === 'assistant_text') &&
            e.text.toLowerCase().includes(query.trim().toLowerCase()),
        )
        return hit && 'text' in hit ? [{ sessionId, snippet: hit.text }] : []
      }),
    }),
    readAttachment: (input) => {
      const image = init.images?.[input.sha256]
      return image ? { ok: true, ...image } : { ok: false, reason: 'not_found' }
    },
  }

  const bridge = Object.fromEntries(
    (Object.keys(handlers) as BridgeMethod[]).map((method) => [
      method,
      async (input: never) => {
        calls.push({ method, input } as Call)
        return (handlers[method] as (i: never) => unknown)(input)
      },
    ]),
  ) as unknown as ParleyBridge
  bridge.onEvent = (callback) => {
    listeners.add(callback)
    return () => listeners.delete(callback)
  }

  return {
    bridge,
    calls,
    /** Calls of one method, in order. */
    callsOf<M extends BridgeMethod>(method: M): Array<BridgeInput<M>> {
      return calls.filter((c) => c.method === method).map((c) => c.input as BridgeInput<M>)
    },
    emit,
    /** Adds a request to a session's FIFO and announces it, as the runtime does. */
    ask(interaction: PendingInteraction) {
      pending.set(interaction.sessionId, [...queueOf(interaction.sessionId), interaction])
      emit({ type: 'interaction_added', sessionId: interaction.sessionId, interaction })
      inboxChanged(interaction.sessionId)
    },
    pendingOf: queueOf,
    /** Replaces what `listMcpServers` answers for a workspace (the runtime's servers changed). */
    setMcp(workspace: string, view: FakeMcpView) {
      mcp.set(workspace, view)
    },
    /** Replaces a session's summary fields (agent modes reported, …) and announces it. */
    patchSession(sessionId: string, patch: Partial<SessionSummary>) {
      const session = sessions.get(sessionId)
      if (session) sessions.set(sessionId, { ...session, ...patch })
      changed(sessionId)
    },
    setRunning(sessionId: string, running: boolean) {
      const session = sessions.get(sessionId)
      if (session) sessions.set(sessionId, { ...session, running })
      changed(sessionId)
    },
  }
}

export type FakeBridge = ReturnType<typeof createFakeBridge>
